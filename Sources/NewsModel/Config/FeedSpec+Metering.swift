extension FeedSpec {
    /// Whether fetching this feed spends NewsAPI's quota (headlines and search do;
    /// DuckDuckGo does not, and the scheduler gives it `every` or a day instead of a quota share).
    public var isMetered: Bool { upstream == .newsAPI }
}
