import Foundation
import Glibc
import Synchronization

/// An attacker for tests: holds `connections` connections to 127.0.0.1:`port` that never send a byte, and opens a
/// new one as soon as the server closes one, until stopped or `limit` passes. Bounded in count and in time.
final class IdleFlood: Sendable {
    /// What the flood saw.
    struct Tally: Sendable {
        /// Connections opened, replacements included.
        var opened = 0
        /// Connections the server closed (or reset) while they sat idle.
        var closedByServer = 0
        /// Connections open when the flood last looked.
        var holding = 0
    }

    private let port: Int
    private let connections: Int
    private let limit: Duration
    private let stopped = Atomic<Bool>(false)
    private let tally = Mutex(Tally())
    private let finished = Mutex<CheckedContinuation<Tally, Never>?>(nil)
    private let done = Atomic<Bool>(false)

    init(port: Int, connections: Int, limit: Duration = .seconds(20)) {
        self.port = port
        self.connections = connections
        self.limit = limit
    }

    /// Opens the connections and keeps them open on a thread of its own; returns once all are open.
    func start() {
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            self.run(ready: ready)
        }
        thread.start()
        ready.wait()
    }

    /// Stops the flood, closes its connections and returns what it saw.
    func stop() async -> Tally {
        stopped.store(true, ordering: .relaxed)
        return await withCheckedContinuation { continuation in
            let already = finished.withLock { slot -> Bool in
                if done.load(ordering: .relaxed) { return true }
                slot = continuation
                return false
            }
            if already { continuation.resume(returning: tally.withLock { $0 }) }
        }
    }

    var current: Tally { tally.withLock { $0 } }

    private func connect() -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            return -1
        }
        tally.withLock { $0.opened += 1 }
        return descriptor
    }

    private func run(ready: DispatchSemaphore) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var descriptors = (0..<connections).map { _ in connect() }
        ready.signal()
        var scratch = [UInt8](repeating: 0, count: 256)
        while !stopped.load(ordering: .relaxed) && clock.now < deadline {
            var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polls, nfds_t(polls.count), 10)
            for index in polls.indices {
                let gone: Bool
                if descriptors[index] < 0 {
                    gone = true
                } else if polls[index].revents != 0 {
                    // The server never sends an idle connection anything but its end.
                    let count = scratch.withUnsafeMutableBytes { recv(descriptors[index], $0.baseAddress, $0.count, 0) }
                    gone = count <= 0
                } else {
                    gone = false
                }
                guard gone else { continue }
                if descriptors[index] >= 0 {
                    Glibc.close(descriptors[index])
                    tally.withLock { $0.closedByServer += 1 }
                }
                descriptors[index] = connect()
            }
            let holding = descriptors.count { $0 >= 0 }
            tally.withLock { $0.holding = holding }
        }
        for descriptor in descriptors where descriptor >= 0 { Glibc.close(descriptor) }
        let result = tally.withLock { $0 }
        let waiting = finished.withLock { slot -> CheckedContinuation<Tally, Never>? in
            done.store(true, ordering: .relaxed)
            defer { slot = nil }
            return slot
        }
        waiting?.resume(returning: result)
    }
}
