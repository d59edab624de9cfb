/// One configured feed: a NewsAPI country/category pair of top headlines.
public struct FeedSpec: Sendable, Hashable, Codable {
    /// Two-letter lowercase country code from NewsAPI's documented list, e.g. `us`.
    public var country: String
    /// One of NewsAPI's categories, e.g. `health`.
    public var category: String
    /// Minutes readers should cache this feed; nil means the config's default.
    public var ttl: Int?
    /// The feed's own refresh interval (`"every": "3h"`); nil lets the scheduler share the quota out.
    public var every: WatchDuration?

    public init(country: String, category: String, ttl: Int? = nil, every: WatchDuration? = nil) {
        self.country = country
        self.category = category
        self.ttl = ttl
        self.every = every
    }

    /// `us/health`: how the feed is named in messages and in `--only`.
    public var id: String { "\(country)/\(category)" }

    /// `us/health.rss`: the feed's path inside the output folder and under `site`.
    public var relativePath: String { "\(country)/\(category).rss" }
}
