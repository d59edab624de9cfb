import Foundation

/// Spaces requests to one upstream: each starts at least `interval` after the previous
/// one began (and, when told of its end, after it ended), however many feeds ask at once. DuckDuckGo gets at most one request per
/// second from one run.
public actor RequestPacer {
    public let interval: Duration
    private let clock = ContinuousClock()
    private var nextStart: ContinuousClock.Instant?

    public init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    /// Waits until this request may start, and books the next slot.
    public func waitForTurn() async {
        let now = clock.now
        let start = max(now, nextStart ?? now)
        nextStart = start.advanced(by: interval)
        if start > now {
            try? await Task.sleep(until: start, clock: clock)
        }
    }

    /// A request ended: the next one starts no sooner than `interval` from now as well. A request the server saw
    /// late (a slow connect, a busy machine) thus still comes a whole interval before the next, as the server
    /// counts, when requests follow one another as a build's feeds do.
    public func finished() {
        let now = clock.now
        nextStart = max(nextStart ?? now, now.advanced(by: interval))
    }
}
