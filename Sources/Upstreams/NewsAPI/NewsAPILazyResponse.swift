/// A successful NewsAPI answer whose articles are built one at a time as they are read.
///
/// What `convert` streams from: see ``NewsAPIResponse/decodeLazily(data:httpStatus:headers:now:)``.
/// ``NewsAPIResponse`` is the same answer with every article built.
public struct NewsAPILazyResponse: Sendable {
    /// NewsAPI's count of matches, which may exceed the articles sent.
    public var totalResults: Int?
    /// The articles that are JSON objects, in response order.
    public var articles: NewsAPIArticles
    /// Elements of `articles` that were not objects (null, a number…) and were skipped.
    public var skippedArticles: Int

    /// An answer with these values.
    public init(totalResults: Int?, articles: NewsAPIArticles, skippedArticles: Int) {
        self.totalResults = totalResults
        self.articles = articles
        self.skippedArticles = skippedArticles
    }
}
