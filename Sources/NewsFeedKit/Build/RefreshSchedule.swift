import Foundation

/// Decides which feeds `serve --refresh` rebuilds now: each when its `ttl` has
/// passed since the last attempt, so a reader polling at the ttl sees fresh items
/// and NewsAPI's daily budget is spent no faster than the feeds can change.
struct RefreshSchedule: Sendable {
    var config: NewsFeedConfig

    /// The feeds due at `now`, given the state's last attempts.
    func dueFeeds(state: BridgeState, now: Date) -> [FeedSpec] {
        config.feeds.filter { spec in
            guard let last = state.feeds[spec.id]?.lastAttempt else { return true }
            return now.timeIntervalSince(last) >= TimeInterval(config.ttl(for: spec) * 60)
        }
    }

    /// Seconds until the next feed is due (at least 1, at most 60, so stop requests
    /// and edits of the state by a cron build are noticed promptly).
    func secondsUntilNextDue(state: BridgeState, now: Date) -> Int {
        let waits = config.feeds.map { spec -> TimeInterval in
            guard let last = state.feeds[spec.id]?.lastAttempt else { return 0 }
            return TimeInterval(config.ttl(for: spec) * 60) - now.timeIntervalSince(last)
        }
        let next = waits.min() ?? 60
        return Int(min(60, max(1, next.rounded(.up))))
    }
}
