import FeedOutput
import Foundation
import NewsModel

extension FeedScheduler {
    /// `spec`'s ``FeedCondition`` at `now`: the one rule behind the index page, `/status`,
    /// `/status.json`, `/healthz`, `/metrics` and `newsfeed status`.
    ///
    /// `apiKey` is the NewsAPI key in use when known: a bad-key pause no longer applies once it is
    /// another key; without one (`status` run without the key) the pause is shown as it stands.
    public func condition(for spec: FeedSpec, state: BridgeState, now: Date, apiKey: String?) -> FeedCondition {
        if spec.isMetered, let pause = activePause(state: state, now: now, apiKey: apiKey) {
            switch pause.cause {
            case .badKey: return .pausedByKey
            case .rateLimited: return .pausedByRateLimit(until: pause.until ?? now)
            }
        }
        if case .gone(let since)? = politeHold(for: spec, state: state, now: now) { return .gone(since: since) }
        let record = state.feeds[spec.id]
        let due = isDue(spec, state: state, now: now)
        let blocked = spec.isMetered ? quotaBlockedUntil(state: state, now: now, mayUseReserve: false) : nil
        if let failure = record?.failure {
            // The retry goes when both its backoff and the quota allow it.
            let backoff = due ? nil : nextDue(for: spec, in: state)
            let retry = [backoff, blocked].compactMap(\.self).max()
            return .failing(reason: failure.message, since: failure.time, retry: retry)
        }
        if due, let blocked { return .outOfQuota(until: blocked) }
        if record?.lastSuccess == nil { return .neverBuilt }
        if !due, let next = nextDue(for: spec, in: state) { return .notDue(next: next) }
        return .ok
    }
}
