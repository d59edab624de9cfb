import Foundation
import NewsModel

/// The bundled sample answers of `newsfeed demo`, served through the same seam and the
/// same normalizers as the live upstreams, so the demo runs the real pipeline with no
/// key and no network.
public struct SampleSource: StorySource {
    public init() {}

    public func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        switch spec.kind {
        case .headlines, .search:
            guard let data = SampleHeadlines.response(for: spec) else { return [] }
            let articles: [NewsAPIArticle]
            do {
                articles = Array(try NewsAPIResponse.decode(data: data).articles.prefix(request.pageSize))
            } catch {
                throw SourceError(error)
            }
            return NewsAPINormalizer(defaults: request.defaults).stories(from: articles, seenAt: request.now)
        case .duckDuckGo(let query):
            guard let data = SampleHeadlines.duckDuckGoAnswer(for: spec) else { return [] }
            do {
                let answer = try DuckDuckGoAnswer.decode(data: data, query: query)
                return DuckDuckGoNormalizer(defaults: request.defaults).stories(from: answer, seenAt: request.now)
            } catch {
                throw SourceError(error)
            }
        case .feed, .mergedFeed:
            // The demo bundles no publisher's feed: a `feed` entry in a demo config stays empty.
            return []
        }
    }
}
