import Foundation
import NewsModel

/// NewsAPI `/v2/top-headlines` as a ``StorySource``: one request per feed, articles
/// normalized by ``NewsAPINormalizer``.
public struct NewsAPIHeadlinesSource: StorySource {
    public var client: NewsAPIClient

    public init(client: NewsAPIClient) {
        self.client = client
    }

    public func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        guard case .headlines(let country, let category) = spec.kind else {
            throw SourceError(upstream: .newsAPI, message: "\(spec.id) is not a top-headlines feed")
        }
        let response: NewsAPIResponse
        do {
            response = try await client.response(
                for: .topHeadlines(country: country, category: category, pageSize: request.pageSize))
        } catch {
            throw SourceError(error)
        }
        return NewsAPINormalizer(defaults: request.defaults).stories(from: response.articles, seenAt: request.now)
    }
}
