import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resolves host names with `getaddrinfo`, off the cooperative thread pool, remembering each answer.
///
/// `getaddrinfo` blocks for as long as DNS takes, so it runs on a few dedicated serial dispatch queues (each has
/// its own thread when busy) and the result is handed back through a continuation. One resolver serves one round
/// of work (a watch round, a build): concurrent lookups of the same name share one call, and later ones reuse the
/// answer, so a round resolves each host once. IP literals never reach `getaddrinfo`.
///
/// The answer is what the fetchers check against their ``AddressPolicy`` before contacting a host; libcurl resolves
/// the name again when it connects, and the fetchers check that address too (``CurlFetcher``'s connect guard), so a
/// name whose DNS answer changes in between (DNS rebinding) cannot reach a refused address either.
public final class HostResolver: HostResolving {
    private let lanes: [DispatchQueue]
    private let state = Mutex(LookupTable())

    private struct LookupTable {
        var lookups: [String: PendingLookup] = [:]
        var nextLane = 0
    }

    /// - Parameter parallelLookups: how many `getaddrinfo` calls may block at the same time.
    public init(parallelLookups: Int = 8) {
        lanes = (0..<max(1, parallelLookups)).map { DispatchQueue(label: "newsfeed.fetch.resolver.\($0)") }
    }

    public func addresses(of host: String) async throws(FetchError) -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        let name = host.lowercased()
        let (lookup, lane): (PendingLookup, DispatchQueue?) = state.withLock { table in
            if let existing = table.lookups[name] { return (existing, nil) }
            let created = PendingLookup()
            table.lookups[name] = created
            table.nextLane = (table.nextLane + 1) % lanes.count
            return (created, lanes[table.nextLane])
        }
        lane?.async {
            lookup.finish(Self.lookUp(name))
        }
        return try await lookup.value().get()
    }

    /// The blocking call itself; runs on a resolver lane only.
    private static func lookUp(_ host: String) -> Result<[IPAddress], FetchError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else {
            let detail = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            return .failure(.hostNotFound(host: host, detail: detail))
        }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var cursor = list
        while let entry = cursor {
            if let socketAddress = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    let value = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        $0.pointee.sin_addr.s_addr
                    }
                    addresses.append(.v4(UInt32(bigEndian: value)))
                case AF_INET6:
                    let value = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        $0.pointee.sin6_addr
                    }
                    addresses.append(IPAddress(value))
                default:
                    break
                }
            }
            cursor = entry.pointee.ai_next
        }
        guard !addresses.isEmpty else { return .failure(.hostNotFound(host: host, detail: "no IP addresses")) }
        var seen = Set<IPAddress>()
        return .success(addresses.filter { seen.insert($0).inserted })
    }
}

/// One lookup in flight or done, awaited by any number of checks, each of which may give up on its own.
private final class PendingLookup: Sendable {
    private typealias Waiter = CheckedContinuation<Result<[IPAddress], FetchError>, Never>

    private enum Stage {
        case waiting([Int: Waiter], nextID: Int)
        case finished(Result<[IPAddress], FetchError>)
    }

    private let stage = Mutex(Stage.waiting([:], nextID: 0))

    /// Hands `result` to every waiter and to later callers.
    func finish(_ result: Result<[IPAddress], FetchError>) {
        let waiters: [Waiter] = stage.withLock { stage in
            guard case .waiting(let waiters, _) = stage else { return [] }
            stage = .finished(result)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    /// The lookup's result, or ``FetchError/cancelled`` as soon as the calling task is cancelled.
    func value() async -> Result<[IPAddress], FetchError> {
        let id: Int = stage.withLock { stage in
            guard case .waiting(let waiters, let nextID) = stage else { return -1 }
            stage = .waiting(waiters, nextID: nextID + 1)
            return nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                let ready: Result<[IPAddress], FetchError>? = stage.withLock { stage in
                    switch stage {
                    case .finished(let result):
                        return result
                    case .waiting(var waiters, let nextID):
                        waiters[id] = waiter
                        stage = .waiting(waiters, nextID: nextID)
                        return nil
                    }
                }
                if let ready {
                    waiter.resume(returning: ready)
                } else if Task.isCancelled {
                    giveUp(id)
                }
            }
        } onCancel: {
            giveUp(id)
        }
    }

    /// Resumes waiter `id` with ``FetchError/cancelled`` if it is still waiting.
    private func giveUp(_ id: Int) {
        let waiter: Waiter? = stage.withLock { stage in
            guard case .waiting(var waiters, let nextID) = stage, let waiter = waiters.removeValue(forKey: id) else {
                return nil
            }
            stage = .waiting(waiters, nextID: nextID)
            return waiter
        }
        waiter?.resume(returning: .failure(.cancelled))
    }
}
