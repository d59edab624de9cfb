/// Where a feed's articles come from: NewsAPI live, the bundled samples of `demo`,
/// and later other upstreams. The build pipeline only knows this seam.
public protocol HeadlineSource: Sendable {
    /// The articles for `spec`, newest first as upstream sends them.
    func articles(for spec: FeedSpec, pageSize: Int) async throws(NewsAPIError) -> [NewsAPIArticle]
}

extension NewsAPIClient: HeadlineSource {
    public func articles(for spec: FeedSpec, pageSize: Int) async throws(NewsAPIError) -> [NewsAPIArticle] {
        try await topHeadlines(country: spec.country, category: spec.category, pageSize: pageSize).articles
    }
}
