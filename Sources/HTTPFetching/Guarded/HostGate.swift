/// Admits requests so that no host has more than `perHost` in flight, two requests to one host start at least
/// `spacing` apart, and no more than `total` run at once.
///
/// A waiting request re-checks every few milliseconds rather than queueing a continuation: waits are short, and a
/// cancelled waiter simply stops looking, with nothing to unregister.
package actor HostGate {
    private let perHost: Int
    private let total: Int
    private let spacing: Duration
    private var inFlight: [String: Int] = [:]
    private var running = 0
    private var nextStart: [String: ContinuousClock.Instant] = [:]

    package init(perHost: Int, total: Int, spacing: Duration) {
        self.perHost = max(1, perHost)
        self.total = max(1, total)
        self.spacing = spacing
    }

    /// Waits for a slot for `host`; throws ``FetchError/cancelled`` when the calling task is cancelled first.
    package func enter(_ host: String) async throws(FetchError) {
        while true {
            if Task.isCancelled { throw .cancelled }
            let now = ContinuousClock.now
            let earliest = nextStart[host] ?? now
            let hasRoom = running < total && inFlight[host, default: 0] < perHost
            if hasRoom, earliest <= now {
                running += 1
                inFlight[host, default: 0] += 1
                nextStart[host] = now + spacing
                return
            }
            let wait = hasRoom ? min(earliest - now, .milliseconds(50)) : .milliseconds(5)
            do { try await Task.sleep(for: wait) } catch { throw .cancelled }
        }
    }

    /// Frees the slot `enter` gave for `host`.
    package func leave(_ host: String) {
        running -= 1
        inFlight[host, default: 1] -= 1
        if inFlight[host] == 0 { inFlight[host] = nil }
    }
}
