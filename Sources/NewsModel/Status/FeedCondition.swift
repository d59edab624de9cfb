import Foundation

/// What one configured feed is doing at a moment, in one word: the single answer the index page,
/// `/status`, `/status.json`, `/healthz`, `/metrics` and `newsfeed status` all give, so no two of
/// them can disagree. Made by `FeedScheduler.condition(for:state:now:apiKey:)` from the config,
/// the state and the clock.
///
/// When several apply, the first of this order wins: a pause (it explains everything else), gone, a
/// failure, no room in the quota, never built, not due, ok.
public enum FeedCondition: Sendable, Hashable {
    /// NewsAPI refused the key: no request for this feed until the key changes.
    case pausedByKey
    /// NewsAPI rate-limited the key (HTTP 429): no request for this feed before `until`.
    case pausedByRateLimit(until: Date)
    /// A publisher's feed that answered `410 Gone` at `since`: not polled until its URL changes or
    /// `build --only` names it.
    case gone(since: Date)
    /// Its last attempt failed with `reason` at `since`; retried from `retry` on (nil: at the next run).
    case failing(reason: String, since: Date?, retry: Date?)
    /// Due, but a rolling quota window has no room for it before `until`.
    case outOfQuota(until: Date)
    /// No success and no failure recorded yet: it goes at the next run.
    case neverBuilt
    /// Its last attempt succeeded; its interval has not passed yet (next due at `next`).
    case notDue(next: Date)
    /// Its last attempt succeeded and it is due: the next run fetches it.
    case ok

    /// Every name ``name`` can take, in the order of precedence.
    public static let names = [
        "paused-by-key", "paused-by-rate-limit", "gone", "failing", "out-of-quota", "never-built", "not-due", "ok",
    ]

    /// The condition's stable name, as `status --json`, `/healthz` and `/metrics` give it:
    /// `paused-by-key`, `paused-by-rate-limit`, `gone`, `failing`, `out-of-quota`, `never-built`, `not-due`, `ok`.
    public var name: String {
        switch self {
        case .pausedByKey: "paused-by-key"
        case .pausedByRateLimit: "paused-by-rate-limit"
        case .gone: "gone"
        case .failing: "failing"
        case .outOfQuota: "out-of-quota"
        case .neverBuilt: "never-built"
        case .notDue: "not-due"
        case .ok: "ok"
        }
    }

    /// The condition in a few words, without its times (a line that says when the feed is next
    /// due beside it): `paused by the key`, `paused by a rate limit`, `failing`, `out of quota`,
    /// `never built`, `not due`, `ok`.
    public var label: String {
        switch self {
        case .pausedByKey: "paused by the key"
        case .pausedByRateLimit: "paused by a rate limit"
        case .gone: "gone"
        case .failing: "failing"
        case .outOfQuota: "out of quota"
        case .neverBuilt: "never built"
        case .notDue: "not due"
        case .ok: "ok"
        }
    }

    /// Whether NewsAPI requests for the feed are paused (either cause).
    public var isPaused: Bool {
        switch self {
        case .pausedByKey, .pausedByRateLimit: true
        default: false
        }
    }

    /// Whether it answered `410 Gone` (a publisher's feed).
    public var isGone: Bool {
        if case .gone = self { return true }
        return false
    }

    /// Whether its last attempt failed (and no pause explains it).
    public var isFailing: Bool {
        if case .failing = self { return true }
        return false
    }

    /// The words for the condition, with `time` formatting moments: `paused until the NewsAPI key
    /// changes`, `paused until 2024-05-02 13:00 UTC`, `failing`, `out of quota until …`, `never built`,
    /// `not due until …`, `ok`.
    public func words(time: (Date) -> String) -> String {
        switch self {
        case .pausedByKey: "paused until the NewsAPI key changes"
        case .pausedByRateLimit(let until): "paused until \(time(until))"
        case .gone(let since): "gone since \(time(since))"
        case .failing: "failing"
        case .outOfQuota(let until): "out of quota until \(time(until))"
        case .neverBuilt: "never built"
        case .notDue(let next): "not due until \(time(next))"
        case .ok: "ok"
        }
    }

    /// The counts a summary line shows after the number of feeds, for the conditions that need
    /// attention or explain a feed standing still: `1 gone`, `1 failing`, `2 paused`, `1 out of quota`,
    /// `1 never built` (the index page and `/status` print the same ones).
    public static func summary(_ conditions: [FeedCondition]) -> [String] {
        let failing = conditions.filter(\.isFailing).count
        let paused = conditions.filter(\.isPaused).count
        let outOfQuota = conditions.filter { if case .outOfQuota = $0 { true } else { false } }.count
        let neverBuilt = conditions.filter { $0 == .neverBuilt }.count
        let gone = conditions.filter(\.isGone).count
        var parts: [String] = []
        if gone > 0 { parts.append("\(gone) gone") }
        if failing > 0 { parts.append("\(failing) failing") }
        if paused > 0 { parts.append("\(paused) paused") }
        if outOfQuota > 0 { parts.append("\(outOfQuota) out of quota") }
        if neverBuilt > 0 { parts.append("\(neverBuilt) never built") }
        return parts
    }
}
