import Foundation

/// The body of `/healthz`: how many feeds are served and how old the stalest
/// successful fetch is, from the bridge state rather than file times (a feed
/// rewritten unchanged or touched by `watch` says nothing about upstream).
public struct HealthReport: Sendable, Hashable {
    /// False when the bridge state exists but cannot be read.
    public var isHealthy: Bool
    /// `*.rss` files found in the served folder.
    public var feedCount: Int
    /// Seconds since the oldest `feeds[*].lastSuccess`; nil when nothing has succeeded yet.
    public var stalestFetchAgeSeconds: Int?

    /// A report with every field given.
    public init(isHealthy: Bool, feedCount: Int, stalestFetchAgeSeconds: Int?) {
        self.isHealthy = isHealthy
        self.feedCount = feedCount
        self.stalestFetchAgeSeconds = stalestFetchAgeSeconds
    }

    /// The report for `feedCount` served feeds and the state's records at `now`.
    public init(feedCount: Int, state: BridgeState?, now: Date) {
        let oldest = state?.feeds.values.compactMap(\.lastSuccess).min()
        self.init(
            isHealthy: true, feedCount: feedCount,
            stalestFetchAgeSeconds: oldest.map { max(0, Int(now.timeIntervalSince($0).rounded(.down))) })
    }

    /// `{"status":"ok","feeds":N,"stalestFetchAgeSeconds":S}` (S may be `null`;
    /// status is `error` when the state is unreadable).
    public var json: String {
        let age = stalestFetchAgeSeconds.map(String.init) ?? "null"
        return "{\"status\":\"\(isHealthy ? "ok" : "error")\",\"feeds\":\(feedCount),\"stalestFetchAgeSeconds\":\(age)}"
    }

    /// 200 when healthy, else 503 so a probe notices.
    public var httpStatus: Int { isHealthy ? 200 : 503 }
}
