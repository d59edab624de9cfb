/// One HTTP/1.1 connection's life as a value: what it has read, what it is answering, when it times out and how it
/// ends, with no socket, clock or thread in it.
///
/// The event loop owns the socket. It reports what happened (bytes read, the peer closed its side, the socket became
/// writable, bytes written, the handler answered, time passed) and does what the returned ``ConnectionAction`` says:
/// serve a request, write, watch the socket, half-close, close. Time comes in as a ``MonotonicInstant`` argument and
/// response heads are built with the loop's ``ResponseHeadBuilder`` (which holds the wall-clock `Date` line), so every
/// rule here, timeouts included, is testable by calling methods.
struct ConnectionStateMachine: Sendable {
    enum Phase: Sendable, Hashable {
        /// Waiting for (the rest of) a request head.
        case reading(Reading)
        /// A request head went to the loop as ``ConnectionAction/serve(_:)``; its answer is being decided.
        case serving
        /// An async handler is working on the request.
        case awaitingHandler
        /// The handler chose `.hang`: no answer until the idle timeout.
        case hanging
        /// Sending ``ConnectionStateMachine/response``.
        case writing
        /// Answered and half-closed; draining what the client still sends so the answer is not lost to a reset.
        case lingering
        case closed
    }

    /// Where a reading connection stands, which sets its deadline and whether it may be evicted.
    enum Reading: Sendable, Hashable {
        /// Nothing received since the connect; the header deadline runs from the connect, so a client trickling
        /// bytes cannot extend it.
        case silent
        /// Inside a request, or past bytes that held none; the header deadline runs.
        case started
        /// Between requests on a kept-alive connection; the idle deadline runs.
        case idle
    }

    /// Bytes buffered from a client whose previous request is still being answered; beyond this, stop reading.
    static let pipelineBufferLimit = 65536

    let timeouts: ConnectionTimeouts
    private(set) var phase = Phase.reading(.silent)
    /// When the connection is closed unless something moves it on; nil while a handler works (the handler's own
    /// time is not the client's fault).
    private(set) var deadline: MonotonicInstant?
    /// The response being written, or the last one written.
    private(set) var response = OutgoingResponse()
    /// The client sent FIN: what is buffered is answered, then the connection closes.
    private(set) var peerHasClosed = false
    private var parser: HTTPRequestParser
    /// The current request allows another one on this connection.
    private var keepAlive = true
    /// HTTP/1.0 clients need an explicit `Connection: keep-alive` in the answer to keep the connection.
    private var isHTTP10 = false
    private var shuttingDown = false
    private var requestMethod = "-"
    private var requestPath = "-"
    private var requestStart: MonotonicInstant

    /// A connection accepted at `now`: it has `timeouts.header` to send its first request head.
    init(limits: HTTPRequestParser.Limits, timeouts: ConnectionTimeouts, now: MonotonicInstant) {
        parser = HTTPRequestParser(limits: limits)
        self.timeouts = timeouts
        deadline = now.advanced(byNanoseconds: timeouts.header)
        requestStart = now
    }

    // MARK: - What the loop asks

    /// What to watch the socket for while the connection waits.
    var interest: ConnectionInterest {
        let wanted: ConnectionInterest
        switch phase {
        case .reading, .lingering:
            wanted = .read
        case .serving, .awaitingHandler, .hanging:
            // Keep reading (pipelined requests, or noticing the client leave) up to a bound.
            wanted = parser.bufferedByteCount < Self.pipelineBufferLimit ? .read : .none
        case .writing:
            wanted = .write
        case .closed:
            wanted = .none
        }
        // After FIN the socket stays readable forever: watching it would spin.
        return wanted == .read && peerHasClosed ? .none : wanted
    }

    /// Whether closing this connection to make room for a newcomer loses nothing: it has sent nothing yet, or sits
    /// idle between requests. A connection inside a request or a response never is.
    var isEvictable: Bool {
        guard case .reading(let reading) = phase, reading != .started else { return false }
        return parser.isIdle
    }

    // MARK: - Reading

    /// Takes bytes read from the socket; ``readEnded(now:heads:)`` follows once the socket has no more for now.
    mutating func bytesRead(_ bytes: UnsafeRawBufferPointer) {
        switch phase {
        case .lingering, .closed:
            // The last answer is out: what still comes is drained, not parsed.
            return
        case .reading(.silent):
            phase = .reading(.started)
        case .reading, .serving, .awaitingHandler, .hanging, .writing:
            break
        }
        parser.append(bytes)
    }

    /// The socket has nothing more to read for now: serve what is buffered, or keep waiting.
    mutating func readEnded(now: MonotonicInstant, heads: ResponseHeadBuilder) -> ConnectionAction {
        switch phase {
        case .reading(let reading):
            if reading == .idle && !parser.isIdle {
                // A new request begins: it gets the header timeout from its first byte, not what was left of the
                // idle one.
                phase = .reading(.started)
                deadline = now.advanced(byNanoseconds: timeouts.header)
            }
            return advance(now: now, heads: heads)
        case .hanging, .lingering:
            return peerHasClosed ? close() : .wait(interest)
        case .serving, .awaitingHandler, .writing:
            return .wait(interest)
        case .closed:
            return close()
        }
    }

    /// The client closed its sending side (a read returned 0): answer what is buffered, then close.
    mutating func peerClosed(now: MonotonicInstant, heads: ResponseHeadBuilder) -> ConnectionAction {
        peerHasClosed = true
        return readEnded(now: now, heads: heads)
    }

    /// Reading failed for another reason than "no more for now": the connection is gone.
    mutating func readFailed() -> ConnectionAction {
        close()
    }

    /// The socket reported an error or a full hang-up: nothing more can be sent.
    mutating func hungUp(now: MonotonicInstant) -> ConnectionAction {
        close(log: phase == .writing ? logEntry(now: now) : nil)
    }

    // MARK: - Serving

    /// Serves buffered requests until one must wait for bytes, a handler or the socket.
    private mutating func advance(now: MonotonicInstant, heads: ResponseHeadBuilder) -> ConnectionAction {
        guard case .reading = phase else { return .wait(interest) }
        switch parser.nextRequest() {
        case .needMoreData:
            return peerHasClosed || shuttingDown ? close() : .wait(interest)
        case .rejected(let rejection):
            keepAlive = false
            isHTTP10 = false
            // What was readable of the request line: `POST /x 405`, not `- - 405`.
            (requestMethod, requestPath) = parser.requestLineSoFar
            requestStart = now
            var answer = HTTPResponse.text(rejection.status, rejection.description + "\n")
            if rejection.status == 405 { answer.headers.set("Allow", "GET, HEAD") }
            return startResponse(answer, isHeadRequest: false, now: now, heads: heads)
        case .request(let request, let keepAlive):
            self.keepAlive = keepAlive
            isHTTP10 = request.version == "HTTP/1.0"
            requestMethod = request.method
            requestPath = request.path
            requestStart = now
            phase = .serving
            return .serve(request)
        }
    }

    /// Answers the request being served with a prepared response.
    mutating func respond(_ prepared: PreparedResponse, now: MonotonicInstant, heads: ResponseHeadBuilder)
        -> ConnectionAction
    {
        guard phase == .serving else { return .wait(interest) }
        let closing = !keepAlive || shuttingDown || peerHasClosed
        response.reset()
        response.closeAfter = closing
        heads.build(prepared, into: &response.head, closing: closing, http10KeepAlive: !closing && isHTTP10)
        response.status = prepared.status
        if let body = prepared.body, requestMethod != "HEAD" {
            response.body = body.isFileBacked ? .file(body) : .bytes(body.bytes)
            response.bodyLength = body.bytes.count
        }
        return beginWriting(now: now)
    }

    /// The handler answered the request being served, synchronously or from its task; nil when the connection no
    /// longer waits for an answer.
    mutating func handlerFinished(_ action: HTTPAction, now: MonotonicInstant, heads: ResponseHeadBuilder)
        -> ConnectionAction?
    {
        guard phase == .serving || phase == .awaitingHandler else { return nil }
        switch action.kind {
        case .respond(let answer):
            return startResponse(answer, isHeadRequest: requestMethod == "HEAD", now: now, heads: heads)
        case .reset:
            return close(reset: true)
        case .hang:
            phase = .hanging
            deadline = now.advanced(byNanoseconds: timeouts.idle)
            return .wait(interest)
        }
    }

    /// The request being served went to the handler's task; its answer comes through
    /// ``handlerFinished(_:now:heads:)``.
    mutating func handlerDispatched() -> ConnectionAction {
        guard phase == .serving else { return .wait(interest) }
        phase = .awaitingHandler
        deadline = nil
        return .wait(interest)
    }

    private mutating func startResponse(
        _ answer: HTTPResponse, isHeadRequest: Bool, now: MonotonicInstant, heads: ResponseHeadBuilder
    ) -> ConnectionAction {
        let closing = !keepAlive || answer.closeConnection || shuttingDown || peerHasClosed
        response.reset()
        response.closeAfter = closing
        let framing = heads.build(
            answer, into: &response.head, isHeadRequest: isHeadRequest, closing: closing,
            http10KeepAlive: !closing && isHTTP10)
        response.status = (200...999).contains(answer.status) ? answer.status : 500
        if framing.bodyLength > 0 {
            switch answer.body.storage {
            case .empty:
                break
            case .data(let data):
                response.body = .bytes(data)
                response.bodyLength = framing.bodyLength
            case .repeating(let chunk, _):
                if chunk.isEmpty {
                    // Nothing to repeat: the promised length cannot be produced, so the connection ends after the head.
                    response.closeAfter = true
                } else {
                    response.body = .repeating(chunk)
                    response.bodyLength = framing.bodyLength
                }
            }
        }
        return beginWriting(now: now)
    }

    private mutating func beginWriting(now: MonotonicInstant) -> ConnectionAction {
        phase = .writing
        deadline = now.advanced(byNanoseconds: timeouts.write)
        return .write
    }

    // MARK: - Writing

    /// The socket has room: go on writing, if a response is being written.
    mutating func becameWritable() -> ConnectionAction? {
        phase == .writing ? .write : nil
    }

    /// `count` more bytes of the response were written: the write timeout starts over, since it bounds a write
    /// making no progress, not a whole response to a slow reader.
    mutating func sent(_ count: Int, now: MonotonicInstant) {
        response.advance(by: count)
        deadline = now.advanced(byNanoseconds: timeouts.write)
    }

    /// The socket took all it could for now (or this connection had its share of the wakeup).
    mutating func writeBlocked() -> ConnectionAction {
        .wait(interest)
    }

    /// Writing failed (the peer left): the connection is gone, and the response is logged as far as it got.
    mutating func writeFailed(now: MonotonicInstant) -> ConnectionAction {
        close(log: logEntry(now: now))
    }

    /// The whole response is written: keep the connection for the next request, or end it.
    mutating func writeCompleted(now: MonotonicInstant) -> ConnectionAction {
        let entry = logEntry(now: now)
        response.body = .none
        if response.closeAfter {
            // A peer that already left needs no goodbye, and shutting down skips the wait: the grace period is for
            // responses, not for goodbyes.
            if peerHasClosed || shuttingDown { return close(log: entry) }
            phase = .lingering
            deadline = now.advanced(byNanoseconds: timeouts.linger)
            return .halfClose(entry)
        }
        let idle = parser.isIdle
        phase = .reading(idle ? .idle : .started)
        deadline = now.advanced(byNanoseconds: idle ? timeouts.idle : timeouts.header)
        return .keepAlive(entry, becameIdle: idle)
    }

    /// What to do next after the loop carried out ``ConnectionAction/keepAlive(_:becameIdle:)`` or
    /// ``ConnectionAction/halfClose(_:)``.
    mutating func resume(now: MonotonicInstant, heads: ResponseHeadBuilder) -> ConnectionAction {
        switch phase {
        case .reading: advance(now: now, heads: heads)
        case .writing: .write
        case .closed: close()
        case .serving, .awaitingHandler, .hanging, .lingering: .wait(interest)
        }
    }

    // MARK: - Time and shutdown

    /// Time passed: closes the connection once its deadline is reached, logging a response cut short.
    mutating func tick(now: MonotonicInstant) -> ConnectionAction? {
        guard let deadline, deadline <= now else { return nil }
        return close(log: phase == .writing ? logEntry(now: now) : nil)
    }

    /// The server is shutting down: a connection with nothing in flight closes now; one in flight ends after its
    /// response.
    mutating func beginShutdown() -> ConnectionAction? {
        shuttingDown = true
        switch phase {
        case .reading, .hanging:
            return close()
        case .writing:
            // Not the pipelined requests behind it.
            response.closeAfter = true
            return nil
        case .serving, .awaitingHandler, .lingering, .closed:
            // The answer to come sees `shuttingDown` and closes; lingering ends by itself.
            return nil
        }
    }

    // MARK: - Ending

    private mutating func close(log: HTTPAccessLogEntry? = nil, reset: Bool = false) -> ConnectionAction {
        phase = .closed
        deadline = nil
        response.body = .none
        return .close(log: log, reset: reset)
    }

    private func logEntry(now: MonotonicInstant) -> HTTPAccessLogEntry {
        HTTPAccessLogEntry(
            method: requestMethod, path: requestPath, status: response.status, bytesSent: response.bytesSent,
            duration: .nanoseconds(Int64(now.nanoseconds(since: requestStart))))
    }
}
