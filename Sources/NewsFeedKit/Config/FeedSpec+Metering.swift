extension FeedSpec {
    /// Whether fetching this feed spends NewsAPI's quota. Every feed is a NewsAPI
    /// query today; upstreams without a quota (DuckDuckGo, bookmarks) answer false,
    /// and the scheduler then gives them `every` or a day instead of a quota share.
    public var isMetered: Bool { true }
}
