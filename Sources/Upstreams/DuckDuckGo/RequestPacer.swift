import Foundation

/// Spaces requests to one upstream: each starts at least `interval` after the previous
/// one began, however many feeds ask at once. DuckDuckGo gets at most one request per
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
}
