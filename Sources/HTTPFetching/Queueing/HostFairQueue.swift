/// Hands out work so no host has more than `perHost` checks in flight, taking hosts in turn.
///
/// Choosing only runnable work (rather than making a task wait for its host) keeps every global slot busy even
/// when most URLs share one host.
package struct HostFairQueue {
    private let perHost: Int
    /// Per host, its waiting work, last item first so taking one is O(1).
    private var waiting: [String: [Int]] = [:]
    private var inFlight: [String: Int] = [:]
    /// Hosts that may have runnable work, in turn order; `readyHead` is the next to look at.
    private var ready: [String] = []
    private var readyHead = 0
    private var isReady: Set<String> = []

    /// - Parameter items: work items (any integer, e.g. an index) with the host each one contacts.
    package init(items: [(item: Int, host: String)], perHost: Int) {
        self.perHost = max(1, perHost)
        for (item, host) in items {
            if waiting[host] == nil { markReady(host) }
            waiting[host, default: []].append(item)
        }
        for host in waiting.keys { waiting[host]?.reverse() }
    }

    /// The next item whose host has room, or nil when none does right now.
    package mutating func next() -> (item: Int, host: String)? {
        while readyHead < ready.count {
            let host = ready[readyHead]
            readyHead += 1
            isReady.remove(host)
            guard inFlight[host, default: 0] < perHost, let item = waiting[host]?.popLast() else { continue }
            inFlight[host, default: 0] += 1
            if inFlight[host, default: 0] < perHost, waiting[host]?.isEmpty == false { markReady(host) }
            compactIfLarge()
            return (item, host)
        }
        return nil
    }

    /// Frees `host`'s slot when one of its items finished.
    package mutating func finished(host: String) {
        inFlight[host, default: 1] -= 1
        if waiting[host]?.isEmpty == false { markReady(host) }
    }

    private mutating func markReady(_ host: String) {
        guard isReady.insert(host).inserted else { return }
        ready.append(host)
    }

    private mutating func compactIfLarge() {
        guard readyHead > 1024, readyHead * 2 > ready.count else { return }
        ready.removeFirst(readyHead)
        readyHead = 0
    }
}
