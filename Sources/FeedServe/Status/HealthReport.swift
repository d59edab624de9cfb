import FeedBuild
import FeedOutput
import Foundation
import NewsModel

/// The body of `/healthz`: how many feeds are served, how old the stalest successful fetch
/// is, which feeds are failing and whether NewsAPI requests are paused, from the bridge
/// state rather than file times (a feed rewritten unchanged or touched by `watch` says
/// nothing about upstream).
///
/// 200 while the state is readable and at least one feed is fresh (or nothing has been
/// recorded yet), so load balancers keep routing; the JSON says what is wrong.
public struct HealthReport: Sendable, Hashable {
    /// A feed whose last successful fetch is at most this old counts as fresh: NewsAPI's free
    /// plan delivers articles a day late, and its quota allows only a few builds a day.
    public static let freshnessSeconds = 24 * 3600

    /// A feed whose last attempt failed.
    public struct Failing: Sendable, Hashable {
        public var feed: String
        public var error: String
        public var since: Date?
    }

    /// False when the bridge state exists but cannot be read, or no recorded feed is fresh.
    public var isHealthy: Bool
    /// `*.rss` files found in the served folder.
    public var feedCount: Int
    /// Seconds since the oldest `feeds[*].lastSuccess`; nil when nothing has succeeded yet.
    public var stalestFetchAgeSeconds: Int?
    /// Feeds whose last success is within ``freshnessSeconds``.
    public var freshCount: Int
    /// Feeds whose last attempt failed, by id.
    public var failing: [Failing]
    /// The NewsAPI pause in force, if any.
    public var paused: PauseRecord?
    /// Each configured feed's ``FeedCondition`` by id; nil when `serve` has no config (the folder
    /// alone cannot tell a feed's schedule or quota).
    public var conditions: [String: FeedCondition]?

    /// A report with every field given.
    public init(
        isHealthy: Bool, feedCount: Int, stalestFetchAgeSeconds: Int?, freshCount: Int = 0, failing: [Failing] = [],
        paused: PauseRecord? = nil
    ) {
        self.isHealthy = isHealthy
        self.feedCount = feedCount
        self.stalestFetchAgeSeconds = stalestFetchAgeSeconds
        self.freshCount = freshCount
        self.failing = failing
        self.paused = paused
    }

    /// The report for `feedCount` served feeds when the config is known: failing and paused
    /// exactly as every other view says, from the feeds' `conditions` (by feed id).
    public init(feedCount: Int, state: BridgeState?, conditions: [String: FeedCondition], now: Date) {
        self.init(feedCount: feedCount, state: state, now: now)
        failing = conditions.compactMap { feed, condition in
            guard case .failing(let reason, let since, _) = condition else { return nil }
            return Failing(feed: feed, error: reason, since: since)
        }.sorted { $0.feed < $1.feed }
        // The pause is in force for the feeds when one of them says so (a changed key lifts it).
        if !conditions.values.contains(where: \.isPaused) { paused = nil }
        self.conditions = conditions
    }

    /// The report for `feedCount` served feeds and the state's records at `now`, when no config
    /// is known: a feed is failing when its last attempt failed.
    public init(feedCount: Int, state: BridgeState?, now: Date) {
        let records = state?.feeds.filter { $0.key != SiteLayout.bookmarksFeedID } ?? [:]
        let successes = records.values.compactMap(\.lastSuccess)
        let fresh = successes.filter { now.timeIntervalSince($0) <= Double(Self.freshnessSeconds) }.count
        let failing = records.compactMap { id, record in
            record.failure.map { Failing(feed: id, error: $0.message, since: $0.time) }
        }.sorted { $0.feed < $1.feed }
        // A pause is in force until its end (rate limit), or until the key changes (bad key).
        let paused = state?.pause.flatMap { pause in
            pause.cause == .badKey || (pause.until ?? .distantPast) > now ? pause : nil
        }
        self.init(
            isHealthy: records.isEmpty || fresh > 0, feedCount: feedCount,
            stalestFetchAgeSeconds: successes.min().map { max(0, Int(now.timeIntervalSince($0).rounded(.down))) },
            freshCount: fresh, failing: failing, paused: paused)
    }

    /// `ok` when all is well, `degraded` while serving with failing feeds or a pause,
    /// `error` when the state is unreadable or no feed is fresh.
    public var status: String {
        if !isHealthy { return "error" }
        return failing.isEmpty && paused == nil ? "ok" : "degraded"
    }

    /// `{"status":…,"feeds":N,"stalestFetchAgeSeconds":S,"fresh":F,"failing":[…],"paused":…}`
    /// (S may be `null`; `paused` is `null` or `{"cause","reason","since","until"}`), then, when a
    /// config is known, `"conditions":{"us/health":"ok",…}` (sorted by feed).
    public var json: String {
        func date(_ date: Date?) -> JSONOutput { JSONOutput(date.map { $0.formatted(.iso8601) }) }
        var document: JSONOutput = [
            "status": .string(status), "feeds": .int(feedCount),
            "stalestFetchAgeSeconds": JSONOutput(stalestFetchAgeSeconds), "fresh": .int(freshCount),
            "failing": .array(
                failing.map { ["feed": .string($0.feed), "error": .string($0.error), "since": date($0.since)] }),
            "paused": paused.map {
                [
                    "cause": .string($0.cause.rawValue), "reason": .string($0.reason), "since": date($0.since),
                    "until": date($0.until),
                ]
            } ?? nil,
        ]
        if let conditions {
            let sorted = conditions.sorted { $0.key < $1.key }
            document = document.setting("conditions", .object(sorted.map { ($0.key, .string($0.value.name)) }))
        }
        return document.text(.compact)
    }

    /// 200 when healthy, else 503 so a probe notices.
    public var httpStatus: Int { isHealthy ? 200 : 503 }
}
