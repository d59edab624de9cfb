import Glibc

/// Runs one epoll event loop on its own thread: accepts, reads, writes and closes, as each connection's
/// ``ConnectionStateMachine`` decides.
///
/// The worker is the system-call side: it reports what the sockets, the clock and the handler did to a connection's
/// machine and carries out the ``ConnectionAction`` it answers. Across connections it owns the slots (the cap,
/// eviction, hand-over to other loops) and shutdown.
///
/// Confined to its thread (never shared), so its state needs no locks; other threads talk to it
/// only through its ``EventLoop`` mailbox.
final class EventLoopWorker {
    private let loop: EventLoop
    private let context: ServerContext
    private let timeouts: ConnectionTimeouts
    /// How often deadlines are checked: fine enough for the shortest timeout, coarse enough to cost nothing.
    private let sweepInterval: UInt64
    /// Connections indexed by descriptor: descriptors are small, dense integers.
    private var connections: [Connection?] = []
    private var liveConnections = 0
    private var nextSerial: UInt64 = 1
    private var heads = ResponseHeadBuilder(secondsSince1970: Int(time(nil)))
    private var listening = false
    private var acceptPausedUntil = MonotonicInstant(nanoseconds: 0)
    private var nextSweep = MonotonicInstant(nanoseconds: 0)
    private var shuttingDown = false
    private var shutdownDeadline = MonotonicInstant(nanoseconds: 0)
    /// Read once per wakeup: every deadline and log duration of one round of events uses the same instant.
    private var now = MonotonicInstant(nanoseconds: 0)
    /// The idle connections, in the order they are closed when the slots are full.
    private var eviction = EvictionOrder()

    private static let maxEvents = 256
    private static let readScratchSize = 65536
    /// Bytes written to one connection per wakeup, so a fast reader of a huge body cannot starve the others.
    private static let writeBudget = 4 << 20

    private let epoll: Epoll
    private let events: UnsafeMutableRawPointer
    private let readScratch: UnsafeMutableRawBufferPointer
    private let writer = SocketWriter()

    init(loop: EventLoop, context: ServerContext, epoll: Epoll) {
        self.loop = loop
        self.epoll = epoll
        self.context = context
        let configuration = context.configuration
        timeouts = ConnectionTimeouts(
            header: configuration.headerTimeout, idle: configuration.idleTimeout, write: configuration.writeTimeout)
        let shortest = Swift.min(timeouts.header, timeouts.idle, timeouts.write)
        sweepInterval = Swift.min(Swift.max(shortest / 8, 5_000_000), 250_000_000)
        events = .allocate(byteCount: Self.maxEvents * Epoll.eventSize, alignment: Epoll.eventAlignment)
        readScratch = .allocate(byteCount: Self.readScratchSize, alignment: 16)
    }

    deinit {
        events.deallocate()
        readScratch.deallocate()
    }

    // MARK: - The loop

    /// Runs until shutdown completes; then closes every connection and marks the loop exited.
    func run() {
        blockBrokenPipeSignal()
        startListening()
        readClocks()
        nextSweep = now.advanced(byNanoseconds: sweepInterval)
        while true {
            let timeout = millisecondsUntilNextSweep()
            let count = epoll.wait(
                loop.epollDescriptor, into: events, capacity: Int32(Self.maxEvents), timeoutMilliseconds: timeout)
            readClocks()
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
                nextSweep = now.advanced(byNanoseconds: sweepInterval)
            }
            if shuttingDown && (liveConnections == 0 || now >= shutdownDeadline) { break }
        }
        for case let connection? in connections { close(connection) }
        for case .adopt(let descriptor, _) in loop.markExited() { refuse(descriptor) }
    }

    /// The monotonic instant for deadlines and the wall-clock second for `Date` headers, once per wakeup.
    private func readClocks() {
        now = MonotonicClock.now()
        heads.setDate(secondsSince1970: Int(time(nil)))
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
        return Int32((nextSweep.nanoseconds(since: current) + 999_999) / 1_000_000)
    }

    private func receive(_ message: EventLoopMessage) {
        switch message {
        case .handled(let descriptor, let serial, let action):
            guard let connection = connection(at: descriptor), connection.serial == serial,
                let next = connection.machine.handlerFinished(action, now: now, heads: heads)
            else { return }
            execute(next, on: connection)
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
                    acceptPausedUntil = now.advanced(byNanoseconds: 100_000_000)
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
        let interest = Self.epollEvents(for: .read)
        guard epoll.control(loop.epollDescriptor, Epoll.add, descriptor, events: interest) == 0 else {
            refuse(descriptor)
            return
        }
        let machine = ConnectionStateMachine(
            limits: context.configuration.requestLimits, timeouts: timeouts, now: now)
        let connection = Connection(descriptor: descriptor, serial: nextSerial, machine: machine, events: interest)
        nextSerial += 1
        let index = Int(descriptor)
        if index >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: index + 1 - connections.count + 64))
        }
        connections[index] = connection
        liveConnections += 1
        enqueueIdle(connection, in: .awaitingFirstByte)
        // A client usually sends its request right behind the handshake: reading now, not on the next wakeup,
        // keeps a real request from sitting among the idle ones that a flood of newcomers evicts.
        readAvailable(connection)
    }

    // MARK: - Eviction

    /// Puts `connection` at the back of one of the idle queues, replacing any ticket it held.
    private func enqueueIdle(_ connection: Connection, in queue: EvictionOrder.Queue) {
        let ticket = eviction.ticket(descriptor: connection.descriptor, serial: connection.serial)
        connection.idleTicket = ticket.number
        eviction.enqueue(ticket, in: queue, compactingBeyond: 2 * liveConnections + 64) { isEvictable($0) != nil }
    }

    /// The connection the ticket stands for, if it is still idle under that same ticket.
    private func isEvictable(_ ticket: IdleConnectionQueue.Ticket) -> Connection? {
        guard let connection = connection(at: ticket.descriptor), connection.serial == ticket.serial,
            connection.idleTicket == ticket.number, connection.machine.isEvictable
        else { return nil }
        return connection
    }

    /// Closes the keep-alive connection idle longest, else the oldest one that has sent nothing; false when there
    /// is neither (every connection is in a request or a response).
    private func evictIdleConnection() -> Bool {
        guard let ticket = eviction.nextVictim(isCurrent: { isEvictable($0) != nil }),
            let victim = isEvictable(ticket)
        else { return false }
        close(victim)
        return true
    }

    // MARK: - Events

    private func handle(_ flags: UInt32, on descriptor: Int32) {
        guard let connection = connection(at: descriptor) else { return }
        if flags & (Epoll.error | Epoll.hangUp) != 0 {
            // Reset or fully shut down by the peer: nothing more can be sent.
            execute(connection.machine.hungUp(now: now), on: connection)
            return
        }
        if flags & Epoll.output != 0, let next = connection.machine.becameWritable() {
            execute(next, on: connection)
        }
        if flags & (Epoll.input | Epoll.readHangUp) != 0 && isOpen(connection) {
            readAvailable(connection)
        }
    }

    private func isOpen(_ connection: Connection) -> Bool {
        self.connection(at: connection.descriptor) === connection
    }

    private func readAvailable(_ connection: Connection) {
        let base = readScratch.baseAddress
        for _ in 0..<4 {
            let count = read(connection.descriptor, base, Self.readScratchSize)
            if count > 0 {
                connection.machine.bytesRead(UnsafeRawBufferPointer(rebasing: readScratch[0..<count]))
                if count < Self.readScratchSize { break }
            } else if count == 0 {
                execute(connection.machine.peerClosed(now: now, heads: heads), on: connection)
                return
            } else {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { break }
                execute(connection.machine.readFailed(), on: connection)
                return
            }
        }
        execute(connection.machine.readEnded(now: now, heads: heads), on: connection)
    }

    /// Carries out `action` and the ones the machine answers with, until it waits or closes.
    private func execute(_ action: ConnectionAction, on connection: Connection) {
        var action = action
        while true {
            switch action {
            case .wait(let interest):
                watch(connection, for: interest)
                return
            case .serve(let request):
                action = serve(request, on: connection)
            case .write:
                action = flush(connection)
            case .keepAlive(let entry, let becameIdle):
                log(entry)
                if becameIdle { enqueueIdle(connection, in: .keepAlive) }
                action = connection.machine.resume(now: now, heads: heads)
            case .halfClose(let entry):
                log(entry)
                shutdown(connection.descriptor, Int32(SHUT_WR))
                action = connection.machine.resume(now: now, heads: heads)
            case .close(let entry, let reset):
                if let entry { log(entry) }
                if reset {
                    // Linger on, for zero seconds: close sends RST instead of FIN.
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    setsockopt(
                        connection.descriptor, SOL_SOCKET, SO_LINGER, &linger,
                        socklen_t(MemoryLayout<Glibc.linger>.size))
                }
                close(connection)
                return
            }
        }
    }

    /// Answers from the prepared responses or the handler's immediate path when they can, else starts the handler's
    /// task, whose answer comes back through the mailbox.
    private func serve(_ request: HTTPRequest, on connection: Connection) -> ConnectionAction {
        var request = request
        // Only a POST needs to know who sent it (a per-client rate limit); a GET pays nothing for it.
        if request.method == "POST" { request.clientAddress = Self.peerAddress(of: connection.descriptor) }
        if let prepared = context.preparedResponder?.preparedResponse(to: request) {
            return connection.machine.respond(prepared, now: now, heads: heads)
        }
        if let action = context.handler.respondImmediately(to: request),
            let next = connection.machine.handlerFinished(action, now: now, heads: heads)
        {
            return next
        }
        let loop = self.loop
        let handler = context.handler
        let descriptor = connection.descriptor
        let serial = connection.serial
        Task(executorPreference: context.configuration.handlerExecutor) {
            let action = await handler.handle(request)
            loop.post(.handled(descriptor: descriptor, serial: serial, action: action))
        }
        return connection.machine.handlerDispatched()
    }

    /// The numeric address of the socket's peer, or nil.
    private static func peerAddress(of descriptor: Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard found == 0 else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let named = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            }
        }
        guard named == 0 else { return nil }
        let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix("::ffff:") ? String(text.dropFirst(7)) : text
    }

    private func log(_ entry: HTTPAccessLogEntry) {
        context.configuration.accessLog?(entry)
    }

    // MARK: - Writing

    /// Writes as much of the response as the socket takes, up to this wakeup's budget.
    private func flush(_ connection: Connection) -> ConnectionAction {
        var budget = Self.writeBudget
        while true {
            let response = connection.machine.response
            if response.isComplete { return connection.machine.writeCompleted(now: now) }
            let written = writer.write(response, on: connection.descriptor, upTo: budget)
            if written < 0 {
                let code = -written
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return connection.machine.writeBlocked() }
                return connection.machine.writeFailed(now: now)
            }
            // Only `sendfile` can write nothing, at the end of its file: the body is not all there.
            if written == 0 { return connection.machine.writeFailed(now: now) }
            connection.machine.sent(written, now: now)
            budget -= written
            if budget <= 0 && !connection.machine.response.isComplete {
                // Yield to other connections; level-triggered EPOLLOUT brings us back next round.
                return connection.machine.writeBlocked()
            }
        }
    }

    // MARK: - Interest, deadlines, closing

    private static func epollEvents(for interest: ConnectionInterest) -> UInt32 {
        switch interest {
        case .read: Epoll.input | Epoll.readHangUp
        case .write: Epoll.output
        case .none: 0
        }
    }

    /// Registers `interest` with epoll unless it is what is registered already.
    private func watch(_ connection: Connection, for interest: ConnectionInterest) {
        let wanted = Self.epollEvents(for: interest)
        guard wanted != connection.registeredEvents else { return }
        epoll.control(loop.epollDescriptor, Epoll.modify, connection.descriptor, events: wanted)
        connection.registeredEvents = wanted
    }

    private func close(_ connection: Connection) {
        guard isOpen(connection) else { return }
        connections[Int(connection.descriptor)] = nil
        liveConnections -= 1
        context.openConnections.subtract(1, ordering: .relaxed)
        Glibc.close(connection.descriptor)
    }

    private func sweep() {
        if !listening && !shuttingDown && now >= acceptPausedUntil { startListening() }
        for case let connection? in connections {
            if let action = connection.machine.tick(now: now) { execute(action, on: connection) }
        }
    }

    private func beginShutdown(grace: Duration) {
        guard !shuttingDown else { return }
        shuttingDown = true
        stopListening()
        shutdownDeadline = now + grace
        for case let connection? in connections {
            if let action = connection.machine.beginShutdown() { execute(action, on: connection) }
        }
    }
}
