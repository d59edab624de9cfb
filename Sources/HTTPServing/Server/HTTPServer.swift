import Foundation
import Glibc
import Synchronization

/// A small HTTP/1.1 server for GET and HEAD: epoll event loops on their own threads,
/// non-blocking sockets, per-connection deadlines and a cap on open connections.
///
/// Each request goes to the handler's ``HTTPHandler/respondImmediately(to:)`` on the event
/// loop first; when that returns nil, ``HTTPHandler/handle(_:)`` runs in a task and its answer
/// is posted back to the loop, so a slow handler never blocks other connections.
/// Malformed or oversized requests get a 4xx answer and the connection is closed.
public final class HTTPServer: Sendable {
    /// The settings this server was created with.
    public let configuration: Configuration
    private let handler: any HTTPHandler
    private let state = Mutex(State.idle)

    private enum State: Sendable {
        case idle
        case starting
        case running(Running)
        case stopping(Running)
        case stopped
    }

    private struct Running: Sendable {
        let listenDescriptor: Int32
        let loops: [EventLoop]
        let port: Int
    }

    /// A server that will answer with `handler` once started.
    public init(configuration: Configuration = Configuration(), handler: some HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// The port the server listens on, once started.
    public var port: Int? {
        state.withLock { state in
            if case .running(let running) = state { return running.port }
            return nil
        }
    }

    /// Binds, starts the event-loop threads and returns the bound port (useful with port 0).
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        let mayStart = state.withLock { state in
            guard case .idle = state else { return false }
            state = .starting
            return true
        }
        guard mayStart else { throw .alreadyStarted }
        do {
            let running = try launch()
            state.withLock { $0 = .running(running) }
            return running.port
        } catch {
            state.withLock { $0 = .idle }
            throw error
        }
    }

    private func launch() throws(HTTPServerError) -> Running {
        ListeningSocket.raiseOpenFileLimit()
        let listening = try ListeningSocket.open(
            host: configuration.host, port: configuration.port, backlog: Swift.min(configuration.maxConnections, 4096))
        var loops: [EventLoop] = []
        let epoll: Epoll
        do {
            epoll = Epoll()
            for _ in 0..<Swift.max(1, configuration.eventLoopCount) {
                loops.append(try EventLoop(epoll: epoll))
            }
        } catch {
            for loop in loops { loop.markExited() }
            Glibc.close(listening.descriptor)
            throw error
        }
        let context = ServerContext(
            handler: handler, configuration: configuration, listenDescriptor: listening.descriptor, loops: loops)
        for (index, loop) in loops.enumerated() {
            let thread = Thread {
                EventLoopWorker(loop: loop, context: context, epoll: epoll).run()
            }
            thread.name = "http-loop-\(index)"
            thread.start()
        }
        return Running(listenDescriptor: listening.descriptor, loops: loops, port: listening.port)
    }

    /// Stops accepting, lets in-flight responses finish within the configured grace period,
    /// then closes every connection. Returns when the event loops have exited.
    public func shutdown() async {
        let (running, first) = state.withLock { state -> (Running?, Bool) in
            switch state {
            case .running(let running):
                state = .stopping(running)
                return (running, true)
            case .stopping(let running):
                return (running, false)
            case .idle, .starting, .stopped:
                return (nil, false)
            }
        }
        guard let running else { return }
        if first {
            for loop in running.loops { loop.post(.shutdown(grace: configuration.shutdownGracePeriod)) }
        }
        for loop in running.loops { await loop.waitForExit() }
        if first {
            Glibc.close(running.listenDescriptor)
            state.withLock { $0 = .stopped }
        }
    }
}
