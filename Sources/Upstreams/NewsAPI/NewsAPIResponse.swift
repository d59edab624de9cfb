import Foundation

/// A successful NewsAPI answer (`status: ok`): the articles, newest first as sent.
///
/// Read with ``decode(data:httpStatus:headers:now:)``, which also turns every
/// failed answer (error envelope, HTML page, truncated JSON…) into a ``NewsAPIError``.
public struct NewsAPIResponse: Sendable, Hashable {
    /// NewsAPI's count of matches, which may exceed the articles sent.
    public var totalResults: Int?
    /// The articles that were JSON objects, in response order.
    public var articles: [NewsAPIArticle]
    /// Elements of `articles` that were not objects (null, a number…) and were skipped.
    public var skippedArticles: Int

    /// A response with these articles, e.g. built by a test or a benchmark.
    public init(totalResults: Int? = nil, articles: [NewsAPIArticle], skippedArticles: Int = 0) {
        self.totalResults = totalResults
        self.articles = articles
        self.skippedArticles = skippedArticles
    }
}

extension NewsAPIResponse: Encodable {
    private enum CodingKeys: String, CodingKey {
        case status, totalResults, articles
    }

    /// Writes the answer as NewsAPI would: `{"status":"ok","totalResults":…,"articles":[…]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("ok", forKey: .status)
        try container.encode(totalResults ?? articles.count, forKey: .totalResults)
        try container.encode(articles, forKey: .articles)
    }
}
