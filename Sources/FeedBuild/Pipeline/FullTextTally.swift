import FeedOutput

/// What full text did for one feed in one build, for the feed's build line: how many of the stories the upstream
/// gave now carry their article, and the pages that failed in this build, by cause.
public struct FullTextTally: Sendable, Equatable {
    /// The feed's stories in this build (after its filters).
    public var stories: Int
    /// Those that carry their whole article (fetched now or earlier).
    public var withArticle: Int
    /// Pages asked in this build that gave no article, by cause.
    public var failed: [ArticleFailureCause: Int]
    /// Those whose page was a paywall's teaser: they keep the feed's text, marked (not counted in `withArticle`).
    public var paywalled: Int

    public init(stories: Int, withArticle: Int, failed: [ArticleFailureCause: Int] = [:], paywalled: Int = 0) {
        self.stories = stories
        self.withArticle = withArticle
        self.failed = failed
        self.paywalled = paywalled
    }

    /// `full text 5 of 7 stories, 1 paywalled (2 pages failed: 1 timeout, 1 network)`; the causes in the order
    /// ``ArticleFailureCause`` lists them.
    public var text: String {
        let base =
            "full text \(withArticle) of \(stories) \(stories == 1 ? "story" : "stories")"
            + (paywalled > 0 ? ", \(paywalled) paywalled" : "")
        let count = failed.values.reduce(0, +)
        guard count > 0 else { return base }
        let causes = ArticleFailureCause.allCases.compactMap { cause in
            failed[cause].map { "\($0) \(cause.label)" }
        }
        return base + " (\(count) \(count == 1 ? "page" : "pages") failed: \(causes.joined(separator: ", ")))"
    }
}
