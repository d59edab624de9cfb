import Foundation

/// The background builder of `serve --refresh`: rebuilds each feed when its ttl is
/// due, under the same lock and rules as `build`. It runs beside the server and
/// never blocks it; a failed build keeps the previous feed like `build` does.
public struct BackgroundRefresher: Sendable {
    public var builder: FeedBuilder
    /// Receives each build's lines (outcomes, warnings, summary).
    public var report: @Sendable (BuildReport) -> Void

    public init(builder: FeedBuilder, report: @escaping @Sendable (BuildReport) -> Void) {
        self.builder = builder
        self.report = report
    }

    /// Runs until the task is cancelled.
    public func run() async {
        let schedule = RefreshSchedule(config: builder.config)
        let store = OutputFolder(root: builder.config.output).stateStore
        var pausedUntil: Date?
        while !Task.isCancelled {
            let now = builder.clock()
            let state = (try? store.load().state) ?? BridgeState()
            if let until = pausedUntil, now < until {
                await sleep(seconds: Int(until.timeIntervalSince(now).rounded(.up)))
                continue
            }
            pausedUntil = nil
            let due = schedule.dueFeeds(state: state, now: now)
            if !due.isEmpty {
                let result = await builder.build(due)
                report(result)
                if result.stoppedFurtherRequests {
                    // A bad key or a spent quota: asking again soon only burns budget.
                    let wait = max(result.retryAfterSeconds ?? 0, 15 * 60)
                    pausedUntil = builder.clock().addingTimeInterval(TimeInterval(wait))
                }
                continue
            }
            await sleep(seconds: schedule.secondsUntilNextDue(state: state, now: now))
        }
    }

    private func sleep(seconds: Int) async {
        try? await Task.sleep(for: .seconds(max(1, seconds)))
    }
}
