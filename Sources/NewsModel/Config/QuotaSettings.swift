import Foundation

/// NewsAPI's request budget: the config's optional `"quota"` object.
///
/// The defaults are NewsAPI's free developer plan. A `null` limit means unlimited
/// (paid plans); `reserve` requests of each window are kept for `build --only`, which
/// a person starts by hand, so a cron job can never spend them.
public struct QuotaSettings: Sendable, Hashable {
    /// Requests allowed in any rolling 24 hours; nil for unlimited.
    public var requestsPerDay: Int?
    /// Requests allowed in any rolling 12 hours; nil for unlimited.
    public var requestsPer12h: Int?
    /// Requests of each window that only `--only` runs may spend.
    public var reserve: Int

    public init(requestsPerDay: Int? = 100, requestsPer12h: Int? = 50, reserve: Int = 5) {
        self.requestsPerDay = requestsPerDay
        self.requestsPer12h = requestsPer12h
        self.reserve = reserve
    }

    /// NewsAPI's developer plan: 100 a day, 50 in 12 hours, 5 kept back.
    public static let standard = QuotaSettings()

    /// One rolling window and its limit.
    public struct Window: Sendable, Hashable {
        /// `24h` or `12h`: the label of `status` and `/metrics`.
        public var name: String
        public var length: TimeInterval
        /// Nil when unlimited.
        public var limit: Int?
    }

    /// The two rolling windows, the longer first.
    public var windows: [Window] {
        [
            Window(name: "24h", length: 86_400, limit: requestsPerDay),
            Window(name: "12h", length: 43_200, limit: requestsPer12h),
        ]
    }
}
