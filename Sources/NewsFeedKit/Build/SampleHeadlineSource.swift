/// The bundled sample responses of `newsfeed demo`, served through the same seam
/// as NewsAPI so the demo runs the real pipeline with no key and no network.
public struct SampleHeadlineSource: HeadlineSource {
    public init() {}

    public func articles(for spec: FeedSpec, pageSize: Int) async throws(NewsAPIError) -> [NewsAPIArticle] {
        guard let data = SampleHeadlines.response(for: spec) else { return [] }
        return Array(try NewsAPIResponse.decode(data: data).articles.prefix(pageSize))
    }
}
