import Foundation
import Glibc

/// Runs one epoll event loop on its own thread: accepts, reads, parses, dispatches and writes.
///
/// Confined to its thread (never shared), so its state needs no locks; other threads talk to it
/// only through its ``EventLoop`` mailbox.
final class EventLoopWorker {
    private let loop: EventLoop
    private let context: ServerContext
    private let headerTimeout: UInt64
    private let idleTimeout: UInt64
    private let writeTimeout: UInt64
    /// How long a half-closed connection may keep sending before it is cut off.
    private let lingerTimeout: UInt64 = 2_000_000_000
    /// How often deadlines are checked: fine enough for the shortest timeout, coarse enough to cost nothing.
    private let sweepInterval: UInt64
    /// Connections indexed by descriptor: descriptors are small, dense integers.
    private var connections: [Connection?] = []
    private var liveConnections = 0
    private var nextSerial: UInt64 = 1
    private var heads = ResponseHeadBuilder()
    private var listening = false
    private var acceptPausedUntil: UInt64 = 0
    private var nextSweep: UInt64 = 0
    private var shuttingDown = false
    private var shutdownDeadline: UInt64 = 0
    private var now: UInt64 = 0
    /// Keep-alive connections between requests, longest idle first: the first to go when the slots are full.
    private var idleKeepAlive = IdleConnectionQueue()
    /// Connections that have sent nothing yet, oldest first: the next to go.
    private var awaitingFirstByte = IdleConnectionQueue()
    private var nextTicket: UInt64 = 1

    private static let maxEvents = 256
    private static let readScratchSize = 65536
    /// Bytes written to one connection per wakeup, so a fast reader of a huge body cannot starve the others.
    private static let writeBudget = 4 << 20
    /// Bytes buffered from a client whose previous request is still being answered; beyond this, stop reading.
    private static let pipelineBufferLimit = 65536
    private static let maxIovecs = 16

    private let epoll: Epoll
    private let events: UnsafeMutableRawPointer
    private let readScratch: UnsafeMutableRawBufferPointer
    private let iovecs: UnsafeMutablePointer<iovec>

    init(loop: EventLoop, context: ServerContext, epoll: Epoll) {
        self.loop = loop
        self.epoll = epoll
        self.context = context
        let configuration = context.configuration
        headerTimeout = MonotonicClock.nanoseconds(configuration.headerTimeout)
        idleTimeout = MonotonicClock.nanoseconds(configuration.idleTimeout)
        writeTimeout = MonotonicClock.nanoseconds(configuration.writeTimeout)
        let shortest = Swift.min(headerTimeout, idleTimeout, writeTimeout)
        sweepInterval = Swift.min(Swift.max(shortest / 8, 5_000_000), 250_000_000)
        events = .allocate(byteCount: Self.maxEvents * Epoll.eventSize, alignment: Epoll.eventAlignment)
        readScratch = .allocate(byteCount: Self.readScratchSize, alignment: 16)
        iovecs = .allocate(capacity: Self.maxIovecs)
    }

    deinit {
        events.deallocate()
        readScratch.deallocate()
        iovecs.deallocate()
    }

    // MARK: - The loop

    /// Runs until shutdown completes; then closes every connection and marks the loop exited.
    func run() {
        blockBrokenPipeSignal()
        startListening()
        now = MonotonicClock.now()
        nextSweep = now + sweepInterval
        while true {
            let timeout = millisecondsUntilNextSweep()
            let count = epoll.wait(
                loop.epollDescriptor, into: events, capacity: Int32(Self.maxEvents), timeoutMilliseconds: timeout)
            now = MonotonicClock.now()
            if count > 0 {
                for index in 0..<Int(count) {
                    let event = Epoll.event(at: index, in: events)
                    let descriptor = event.descriptor
                    if descriptor == context.listenDescriptor {
                        acceptConnections()
                    } else if descriptor == loop.wakeDescriptor {
                        for message in loop.takeMessages() { receive(message) }
                    } else {
                        handle(event.events, on: descriptor)
                    }
                }
            }
            if now >= nextSweep {
                sweep()
                nextSweep = now + sweepInterval
            }
            if shuttingDown && (liveConnections == 0 || now >= shutdownDeadline) { break }
        }
        for case let connection? in connections { close(connection) }
        for case .adopt(let descriptor, _) in loop.markExited() { refuse(descriptor) }
    }

    /// Blocks SIGPIPE on this thread. Writing to a connection the peer closed raises it, and
    /// unlike `sendmsg`, `sendfile` cannot be told not to; a blocked, thread-directed SIGPIPE
    /// stays pending harmlessly and the call fails with EPIPE, whatever the process's handler.
    private func blockBrokenPipeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    private func millisecondsUntilNextSweep() -> Int32 {
        let current = MonotonicClock.now()
        guard nextSweep > current else { return 0 }
        return Int32((nextSweep - current + 999_999) / 1_000_000)
    }

    private func receive(_ message: EventLoopMessage) {
        switch message {
        case .handled(let descriptor, let serial, let action):
            guard let connection = connection(at: descriptor), connection.serial == serial,
                connection.phase == .awaitingHandler
            else { return }
            perform(action, on: connection)
            advance(connection)
        case .shutdown(let grace):
            beginShutdown(grace: grace)
        case .adopt(let descriptor, let triesLeft):
            if shuttingDown {
                refuse(descriptor)
            } else if evictIdleConnection() {
                register(descriptor)
            } else {
                handOver(descriptor, triesLeft: triesLeft)
            }
        }
    }

    private func connection(at descriptor: Int32) -> Connection? {
        Int(descriptor) < connections.count ? connections[Int(descriptor)] : nil
    }

    // MARK: - Accepting

    private func startListening() {
        guard !listening, !shuttingDown else { return }
        // EPOLLEXCLUSIVE wakes one loop per incoming connection instead of all of them.
        let interest = Epoll.input | (context.configuration.eventLoopCount > 1 ? Epoll.exclusive : 0)
        listening = epoll.control(loop.epollDescriptor, Epoll.add, context.listenDescriptor, events: interest) == 0
    }

    private func stopListening() {
        guard listening else { return }
        epoll.control(loop.epollDescriptor, Epoll.delete, context.listenDescriptor, events: 0)
        listening = false
    }

    private func acceptConnections() {
        for _ in 0..<64 {
            let descriptor = epoll.accept(context.listenDescriptor)
            if descriptor < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop polling the listener for a moment instead of spinning on it.
                    stopListening()
                    acceptPausedUntil = now + 100_000_000
                    return
                default: return
                }
            }
            let open = context.openConnections.add(1, ordering: .relaxed).newValue
            if shuttingDown {
                refuse(descriptor)
                continue
            }
            // Full: make room by closing the connection idle longest, so a flood of connections that send nothing
            // cannot lock real clients out. Without an idle one here, another loop may have one; the newcomer is
            // refused only when no loop has.
            if open > context.configuration.maxConnections && !evictIdleConnection() {
                handOver(descriptor, triesLeft: context.loops.count - 1)
                continue
            }
            register(descriptor)
        }
    }

    /// Closes a connection that gets no slot.
    private func refuse(_ descriptor: Int32) {
        context.openConnections.subtract(1, ordering: .relaxed)
        Glibc.close(descriptor)
    }

    /// Passes an accepted connection to the next loop, or refuses it when `triesLeft` is 0.
    private func handOver(_ descriptor: Int32, triesLeft: Int) {
        guard triesLeft > 0, let own = context.loops.firstIndex(where: { $0 === loop }) else {
            refuse(descriptor)
            return
        }
        let next = context.loops[(own + 1) % context.loops.count]
        if !next.post(.adopt(descriptor: descriptor, triesLeft: triesLeft - 1)) { refuse(descriptor) }
    }

    /// Makes an accepted descriptor one of this loop's connections, waiting for its first byte.
    private func register(_ descriptor: Int32) {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let interest = Epoll.input | Epoll.readHangUp
        guard epoll.control(loop.epollDescriptor, Epoll.add, descriptor, events: interest) == 0 else {
            refuse(descriptor)
            return
        }
        let connection = Connection(
            descriptor: descriptor, serial: nextSerial, limits: context.configuration.requestLimits,
            deadline: now + headerTimeout, events: interest)
        nextSerial += 1
        let index = Int(descriptor)
        if index >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: index + 1 - connections.count + 64))
        }
        connections[index] = connection
        liveConnections += 1
        enqueueIdle(connection, in: \.awaitingFirstByte)
        // A client usually sends its request right behind the handshake: reading now, not on the next wakeup,
        // keeps a real request from sitting among the idle ones that a flood of newcomers evicts.
        readAvailable(connection)
    }

    // MARK: - Eviction

    /// Puts `connection` at the back of one of the idle queues, replacing any ticket it held.
    private func enqueueIdle(
        _ connection: Connection, in queue: ReferenceWritableKeyPath<EventLoopWorker, IdleConnectionQueue>
    ) {
        connection.idleTicket = nextTicket
        self[keyPath: queue].append(
            .init(descriptor: connection.descriptor, serial: connection.serial, number: nextTicket))
        nextTicket += 1
        self[keyPath: queue].compact(whenLongerThan: 2 * liveConnections + 64) { isEvictable($0) != nil }
    }

    /// The connection the ticket stands for, if it is still idle under that same ticket.
    private func isEvictable(_ ticket: IdleConnectionQueue.Ticket) -> Connection? {
        guard let connection = connection(at: ticket.descriptor), connection.serial == ticket.serial,
            connection.idleTicket == ticket.number, connection.phase == .reading, connection.parser.isIdle
        else { return nil }
        return connection.receivedAnything ? (connection.idle ? connection : nil) : connection
    }

    /// Closes the keep-alive connection idle longest, else the oldest one that has sent nothing; false when there
    /// is neither (every connection is in a request or a response).
    private func evictIdleConnection() -> Bool {
        for queue in [\EventLoopWorker.idleKeepAlive, \EventLoopWorker.awaitingFirstByte] {
            var victim: Connection?
            _ = self[keyPath: queue].popOldest { ticket in
                victim = isEvictable(ticket)
                return victim != nil
            }
            if let victim {
                close(victim)
                return true
            }
        }
        return false
    }

    // MARK: - Events

    private func handle(_ flags: UInt32, on descriptor: Int32) {
        guard let connection = connection(at: descriptor) else { return }
        if flags & (Epoll.error | Epoll.hangUp) != 0 {
            // Reset or fully shut down by the peer: nothing more can be sent.
            if connection.phase == .writing { logResponse(connection) }
            close(connection)
            return
        }
        if flags & Epoll.output != 0 && connection.phase == .writing {
            continueWriting(connection)
            if connection.phase == .reading { advance(connection) }
        }
        if flags & (Epoll.input | Epoll.readHangUp) != 0 && connection.phase != .closed {
            readAvailable(connection)
        }
    }

    private func readAvailable(_ connection: Connection) {
        let base = readScratch.baseAddress
        for _ in 0..<4 {
            let count = read(connection.descriptor, base, Self.readScratchSize)
            if count > 0 {
                connection.receivedAnything = true
                if connection.phase != .lingering {
                    connection.parser.append(UnsafeRawBufferPointer(rebasing: readScratch[0..<count]))
                }
                if count < Self.readScratchSize { break }
            } else if count == 0 {
                connection.peerClosed = true
                break
            } else {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { break }
                close(connection)
                return
            }
        }
        switch connection.phase {
        case .reading:
            if connection.idle && !connection.parser.isIdle {
                connection.idle = false
                connection.deadline = now + headerTimeout
            }
            advance(connection)
        case .hanging, .lingering:
            if connection.peerClosed { close(connection) } else { updateInterest(connection) }
        case .awaitingHandler:
            updateInterest(connection)
        case .writing, .closed:
            break
        }
    }

    /// Serves buffered requests until one must wait: for bytes, a handler or the socket.
    private func advance(_ connection: Connection) {
        while connection.phase == .reading {
            switch connection.parser.nextRequest() {
            case .needMoreData:
                if connection.peerClosed || shuttingDown {
                    close(connection)
                } else {
                    updateInterest(connection)
                }
                return
            case .rejected(let rejection):
                connection.keepAlive = false
                connection.isHTTP10 = false
                // What was readable of the request line: `POST /x 405`, not `- - 405`.
                (connection.requestMethod, connection.requestPath) = connection.parser.requestLineSoFar
                connection.requestStart = now
                var response = HTTPResponse.text(rejection.status, rejection.description + "\n")
                if rejection.status == 405 { response.headers.set("Allow", "GET, HEAD") }
                startResponse(response, on: connection, isHeadRequest: false)
            case .request(let request, let keepAlive):
                connection.keepAlive = keepAlive
                connection.isHTTP10 = request.version == "HTTP/1.0"
                connection.requestMethod = request.method
                connection.requestPath = request.path
                connection.requestStart = now
                if let prepared = context.preparedResponder?.preparedResponse(to: request) {
                    startResponse(prepared, on: connection, isHeadRequest: request.method == "HEAD")
                } else if let action = context.handler.respondImmediately(to: request) {
                    perform(action, on: connection)
                } else {
                    dispatch(request, on: connection)
                }
            }
        }
    }

    private func dispatch(_ request: HTTPRequest, on connection: Connection) {
        connection.phase = .awaitingHandler
        connection.deadline = 0
        updateInterest(connection)
        let loop = self.loop
        let handler = context.handler
        let descriptor = connection.descriptor
        let serial = connection.serial
        Task {
            let action = await handler.handle(request)
            loop.post(.handled(descriptor: descriptor, serial: serial, action: action))
        }
    }

    private func perform(_ action: HTTPAction, on connection: Connection) {
        switch action.kind {
        case .respond(let response):
            startResponse(response, on: connection, isHeadRequest: connection.requestMethod == "HEAD")
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(
                connection.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            close(connection)
        case .hang:
            connection.phase = .hanging
            connection.deadline = now + idleTimeout
            updateInterest(connection)
        }
    }

    // MARK: - Writing

    private func startResponse(_ response: HTTPResponse, on connection: Connection, isHeadRequest: Bool) {
        let closing = !connection.keepAlive || response.closeConnection || shuttingDown || connection.peerClosed
        connection.closeAfterResponse = closing
        connection.head.removeAll(keepingCapacity: true)
        let framing = heads.build(
            response, into: &connection.head, isHeadRequest: isHeadRequest, closing: closing,
            http10KeepAlive: !closing && connection.isHTTP10)
        connection.responseStatus = (200...999).contains(response.status) ? response.status : 500
        connection.headSent = 0
        connection.bodySent = 0
        connection.bodyLength = framing.bodyLength
        connection.body = .none
        if framing.bodyLength > 0 {
            switch response.body.storage {
            case .empty: connection.bodyLength = 0
            case .data(let data): connection.body = .data(data)
            case .repeating(let chunk, _):
                if chunk.isEmpty {
                    // Nothing to repeat: the promised length cannot be produced, so the connection ends after the head.
                    connection.bodyLength = 0
                    connection.closeAfterResponse = true
                } else {
                    connection.body = .repeating(chunk)
                }
            }
        }
        beginWriting(connection)
    }

    /// Starts a prepared response: its head is copied, not built, and its body is shared.
    private func startResponse(_ prepared: PreparedResponse, on connection: Connection, isHeadRequest: Bool) {
        let closing = !connection.keepAlive || shuttingDown || connection.peerClosed
        connection.closeAfterResponse = closing
        connection.head.removeAll(keepingCapacity: true)
        heads.build(
            prepared, into: &connection.head, closing: closing, http10KeepAlive: !closing && connection.isHTTP10)
        connection.responseStatus = prepared.status
        connection.headSent = 0
        connection.bodySent = 0
        if let body = prepared.body, !isHeadRequest {
            connection.body = .prepared(body)
            connection.bodyLength = body.bytes.count
        } else {
            connection.body = .none
            connection.bodyLength = 0
        }
        beginWriting(connection)
    }

    private func beginWriting(_ connection: Connection) {
        connection.phase = .writing
        connection.deadline = now + writeTimeout
        continueWriting(connection)
    }

    private enum FlushResult {
        case done
        case blocked
        case failed
    }

    private func continueWriting(_ connection: Connection) {
        switch flush(connection) {
        case .done:
            logResponse(connection)
            connection.body = .none
            if connection.closeAfterResponse {
                beginLingeringClose(connection)
            } else {
                connection.phase = .reading
                connection.idle = connection.parser.isIdle
                connection.deadline = now + (connection.idle ? idleTimeout : headerTimeout)
                if connection.idle { enqueueIdle(connection, in: \.idleKeepAlive) }
            }
        case .blocked:
            updateInterest(connection)
        case .failed:
            logResponse(connection)
            close(connection)
        }
    }

    /// Writes as much of the response as the socket takes, head and body together in one `sendmsg`,
    /// or for a file-backed prepared body the head with `MSG_MORE` and then the body with `sendfile`.
    private func flush(_ connection: Connection) -> FlushResult {
        var budget = Self.writeBudget
        while true {
            let headLeft = connection.head.count - connection.headSent
            let bodyLeft = connection.bodyLength - connection.bodySent
            if headLeft == 0 && bodyLeft == 0 { return .done }
            let written = connection.head.withUnsafeBytes { head -> Int in
                var count = 0
                if headLeft > 0, let base = head.baseAddress {
                    iovecs[0] = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: base + connection.headSent), iov_len: headLeft)
                    count = 1
                }
                let bodyData: Data
                switch connection.body {
                case .none:
                    return send(iovecCount: count, on: connection.descriptor)
                case .prepared(let prepared) where prepared.isFileBacked:
                    guard count == 0 else {
                        // More follows at once: MSG_MORE lets the kernel put the head in the body's first segment.
                        return send(iovecCount: count, on: connection.descriptor, more: bodyLeft > 0)
                    }
                    return sendFile(
                        prepared, from: connection.bodySent, count: Swift.min(bodyLeft, budget),
                        on: connection.descriptor)
                case .prepared(let prepared):
                    bodyData = prepared.bytes
                case .data(let data):
                    bodyData = data
                case .repeating(let chunk):
                    return chunk.withUnsafeBytes { body in
                        guard let base = body.baseAddress else {
                            return send(iovecCount: count, on: connection.descriptor)
                        }
                        var offset = connection.bodySent % body.count
                        var remaining = Swift.min(bodyLeft, 1 << 20)
                        while remaining > 0 && count < Self.maxIovecs {
                            let length = Swift.min(body.count - offset, remaining)
                            iovecs[count] = iovec(
                                iov_base: UnsafeMutableRawPointer(mutating: base + offset), iov_len: length)
                            count += 1
                            remaining -= length
                            offset = 0
                        }
                        return send(iovecCount: count, on: connection.descriptor)
                    }
                }
                return bodyData.withUnsafeBytes { body in
                    if bodyLeft > 0, let base = body.baseAddress {
                        iovecs[count] = iovec(
                            iov_base: UnsafeMutableRawPointer(mutating: base + connection.bodySent),
                            iov_len: bodyLeft)
                        count += 1
                    }
                    return send(iovecCount: count, on: connection.descriptor)
                }
            }
            if written < 0 {
                let code = -written
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return .blocked }
                return .failed
            }
            // Only `sendfile` can write nothing, at the end of its file: the body is not all there.
            if written == 0 { return .failed }
            let fromHead = Swift.min(written, headLeft)
            connection.headSent += fromHead
            connection.bodySent += written - fromHead
            connection.deadline = now + writeTimeout
            budget -= written
            if budget <= 0
                && (connection.headSent < connection.head.count || connection.bodySent < connection.bodyLength)
            {
                // Yield to other connections; level-triggered EPOLLOUT brings us back next round.
                return .blocked
            }
        }
    }

    /// One `sendmsg` over the first `iovecCount` entries; returns bytes written or minus errno.
    private func send(iovecCount: Int, on descriptor: Int32, more: Bool = false) -> Int {
        var message = msghdr()
        message.msg_iov = iovecs
        message.msg_iovlen = iovecCount
        let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
        let result = sendmsg(descriptor, &message, flags)
        return result < 0 ? -Int(errno) : result
    }

    /// One `sendfile` of `count` body bytes from `offset`; returns bytes written or minus errno.
    /// `sendfile` has no MSG_NOSIGNAL: a peer that left raises SIGPIPE, which ``run()`` blocks
    /// on this thread, so it shows up as EPIPE here instead of ending the process.
    private func sendFile(_ body: PreparedBody, from offset: Int, count: Int, on descriptor: Int32) -> Int {
        var position = off_t(offset)
        let result = sendfile(descriptor, body.descriptor, &position, count)
        return result < 0 ? -Int(errno) : result
    }

    private func logResponse(_ connection: Connection) {
        guard let log = context.configuration.accessLog else { return }
        let elapsed = now >= connection.requestStart ? now - connection.requestStart : 0
        log(
            HTTPAccessLogEntry(
                method: connection.requestMethod, path: connection.requestPath, status: connection.responseStatus,
                bytesSent: connection.headSent + connection.bodySent, duration: .nanoseconds(Int64(elapsed))))
    }

    // MARK: - Interest, deadlines, closing

    private func updateInterest(_ connection: Connection) {
        var wanted: UInt32
        switch connection.phase {
        case .reading, .lingering:
            wanted = Epoll.input | Epoll.readHangUp
        case .awaitingHandler, .hanging:
            // Keep reading (pipelined requests, or noticing the client leave) up to a bound.
            let roomLeft = connection.parser.bufferedByteCount < Self.pipelineBufferLimit
            wanted = roomLeft ? Epoll.input | Epoll.readHangUp : 0
        case .writing:
            wanted = Epoll.output
        case .closed:
            return
        }
        if connection.peerClosed { wanted &= ~(Epoll.input | Epoll.readHangUp) }
        guard wanted != connection.registeredEvents else { return }
        epoll.control(loop.epollDescriptor, Epoll.modify, connection.descriptor, events: wanted)
        connection.registeredEvents = wanted
    }

    /// Half-closes after the last response and drains what the client still sends, so a client
    /// that sent more than we read (a refused body, pipelined requests) still gets the answer
    /// instead of a reset. Shutting down skips the wait: the grace period is for responses, not for goodbyes.
    private func beginLingeringClose(_ connection: Connection) {
        if connection.peerClosed || shuttingDown {
            close(connection)
            return
        }
        shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.phase = .lingering
        connection.deadline = now + lingerTimeout
        updateInterest(connection)
    }

    private func close(_ connection: Connection) {
        guard connection.phase != .closed else { return }
        connection.phase = .closed
        connection.body = .none
        connections[Int(connection.descriptor)] = nil
        liveConnections -= 1
        context.openConnections.subtract(1, ordering: .relaxed)
        Glibc.close(connection.descriptor)
    }

    private func sweep() {
        if !listening && !shuttingDown && now >= acceptPausedUntil { startListening() }
        for case let connection? in connections where connection.deadline != 0 && connection.deadline <= now {
            if connection.phase == .writing { logResponse(connection) }
            close(connection)
        }
    }

    private func beginShutdown(grace: Duration) {
        guard !shuttingDown else { return }
        shuttingDown = true
        stopListening()
        shutdownDeadline = now + MonotonicClock.nanoseconds(grace)
        for case let connection? in connections {
            switch connection.phase {
            case .reading, .hanging:
                close(connection)
            case .awaitingHandler, .writing, .lingering, .closed:
                // In flight: finish, then close (startResponse and advance see `shuttingDown`).
                connection.closeAfterResponse = true
            }
        }
    }
}
