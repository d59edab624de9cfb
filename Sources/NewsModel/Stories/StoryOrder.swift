/// The order of a feed's items, one rule for every format (see docs/formats.md): newest first by
/// the story's date for top headlines and `publishedAt` searches, NewsAPI's ranking for
/// `relevancy` and `popularity` searches, DuckDuckGo's order for answers. Pages say which.
public enum StoryOrder: String, Sendable, Hashable, Codable {
    /// By ``Story/displayDate``, newest first; equal dates keep their order.
    case newestFirst
    /// NewsAPI's `relevancy` ranking: the response's order, history after it.
    case mostRelevantFirst
    /// NewsAPI's `popularity` ranking: the response's order, history after it.
    case mostPopularFirst
    /// DuckDuckGo's order: the abstract, the results, then the related topics.
    case answerOrder

    /// The order of a feed of `kind`.
    public init(for kind: FeedKind) {
        switch kind {
        case .headlines: self = .newestFirst
        case .search(let search):
            switch search.sortBy {
            case .publishedAt: self = .newestFirst
            case .relevancy: self = .mostRelevantFirst
            case .popularity: self = .mostPopularFirst
            }
        case .duckDuckGo: self = .answerOrder
        case .feed, .mergedFeed: self = .newestFirst
        }
    }

    /// How a page says it, after the build time: "newest first".
    public var phrase: String {
        switch self {
        case .newestFirst: "newest first"
        case .mostRelevantFirst: "most relevant first"
        case .mostPopularFirst: "most popular first"
        case .answerOrder: "in DuckDuckGo's order"
        }
    }

    /// `stories` in this order: sorted for ``newestFirst`` (stably), as they are otherwise.
    public func ordered(_ stories: [Story]) -> [Story] {
        guard self == .newestFirst else { return stories }
        return stories.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.displayDate, rhs.element.displayDate)
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
