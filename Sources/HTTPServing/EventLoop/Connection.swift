/// One client connection, owned by the event loop thread that accepted it: its socket, what epoll watches on it, and
/// its ``ConnectionStateMachine``, which holds everything HTTP about it.
final class Connection {
    let descriptor: Int32
    /// Distinguishes this connection from a later one that reuses the descriptor number.
    let serial: UInt64
    var machine: ConnectionStateMachine
    /// epoll events currently registered.
    var registeredEvents: UInt32
    /// The ticket number of the connection's current entry in an idle queue; 0 for none.
    var idleTicket: UInt64 = 0

    init(descriptor: Int32, serial: UInt64, machine: ConnectionStateMachine, events: UInt32) {
        self.descriptor = descriptor
        self.serial = serial
        self.machine = machine
        self.registeredEvents = events
    }
}
