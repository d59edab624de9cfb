/// What the event loop must do for a connection next, as ``ConnectionStateMachine`` decides it.
///
/// The loop executes each action with system calls and reports back to the machine, which answers with the next
/// action, until the machine says ``wait(_:)`` or ``close(log:reset:)``.
enum ConnectionAction: Sendable {
    /// Nothing more until the socket is ready: watch it for `interest`.
    case wait(ConnectionInterest)
    /// A request head is complete: answer it synchronously if the handler can
    /// (``ConnectionStateMachine/respond(_:now:heads:)``, ``ConnectionStateMachine/handlerFinished(_:now:heads:)``),
    /// else start the handler and report ``ConnectionStateMachine/handlerDispatched()``.
    case serve(HTTPRequest)
    /// Write what is left of ``ConnectionStateMachine/response``: report bytes with
    /// ``ConnectionStateMachine/sent(_:now:)``, then the end of the attempt (completed, blocked or failed).
    case write
    /// A response was written and the connection stays open: log it, queue the connection for eviction when it
    /// `becameIdle`, then ask ``ConnectionStateMachine/resume(now:heads:)`` (a pipelined request may be waiting).
    case keepAlive(HTTPAccessLogEntry, becameIdle: Bool)
    /// The last response was written: log it, shut down the sending side, then ask
    /// ``ConnectionStateMachine/resume(now:heads:)``; what the client still sends is drained until it closes or the
    /// linger time passes.
    case halfClose(HTTPAccessLogEntry)
    /// Close the socket, after logging `log` (a response written, or cut short) when there is one. `reset` closes
    /// with RST instead of FIN.
    case close(log: HTTPAccessLogEntry?, reset: Bool)
}
