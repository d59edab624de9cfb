import Foundation

/// The background builder of `serve --refresh`: runs the same scheduled build as a
/// cron `build` (the same ``FeedScheduler``, quota, request log and pauses, kept in the
/// state under the lock), waking when the next feed falls due. It runs beside the
/// server and never blocks it; a failed build keeps the previous feed like `build` does.
public struct BackgroundRefresher: Sendable {
    public var builder: FeedBuilder
    /// The key the builder's requests go out with, for bad-key pauses (never stored).
    public var apiKey: String?
    /// Receives each build that attempted a feed (outcomes, warnings, summary), and the first
    /// one that finds NewsAPI paused on a refused key (said once, not at every wake-up).
    public var report: @Sendable (BuildReport) -> Void
    /// Asked before every refresh: a builder for a config that changed since (its file was edited,
    /// or SIGHUP asked for a reload), or nil to go on with the current one.
    public var reconfigure: (@Sendable () -> FeedBuilder?)?
    /// Ends the sleep between refreshes early (SIGHUP); nil sleeps the whole time.
    public var wakeup: RefreshWakeup?

    public init(
        builder: FeedBuilder, apiKey: String?, reconfigure: (@Sendable () -> FeedBuilder?)? = nil,
        wakeup: RefreshWakeup? = nil, report: @escaping @Sendable (BuildReport) -> Void
    ) {
        self.builder = builder
        self.apiKey = apiKey
        self.reconfigure = reconfigure
        self.wakeup = wakeup
        self.report = report
    }

    /// Runs until the task is cancelled.
    public func run() async {
        let run = FeedBuilder.ScheduledRun(mode: .scheduled, apiKey: apiKey)
        var announcedPause: String?
        var builder = self.builder
        while !Task.isCancelled {
            if let changed = reconfigure?() { builder = changed }
            let result = await builder.build(builder.config.feeds, scheduled: run)
            let pause = result.badKeyPauseReason
            if result.outcomes.contains(where: \.wasAttempted) || !result.warnings.isEmpty
                || (pause != nil && pause != announcedPause)
            {
                report(result)
            }
            announcedPause = pause
            await sleep(seconds: Self.wait(until: result.nextChange, now: builder.clock()))
        }
    }

    /// Seconds until `next` (at least 1, at most 60, so a cron build's or an edited
    /// state's changes are noticed promptly).
    package static func wait(until next: Date?, now: Date) -> Int {
        guard let next else { return 60 }
        return Int(min(60, max(1, next.timeIntervalSince(now).rounded(.up))))
    }

    private func sleep(seconds: Int) async {
        if let wakeup {
            _ = await wakeup.wait(for: .seconds(max(1, seconds)))
        } else {
            try? await Task.sleep(for: .seconds(max(1, seconds)))
        }
    }
}
