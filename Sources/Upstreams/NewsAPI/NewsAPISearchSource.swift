import Foundation
import NewsModel

/// NewsAPI `/v2/everything` as a ``StorySource``: one request per feed like headlines,
/// `from` resolved against the build's clock, articles normalized by ``NewsAPINormalizer``.
public struct NewsAPISearchSource: StorySource {
    public var client: NewsAPIClient

    public init(client: NewsAPIClient) {
        self.client = client
    }

    public func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        guard case .search(let search) = spec.kind else {
            throw SourceError(upstream: .newsAPI, message: "\(spec.id) is not a search feed")
        }
        let query = NewsAPIQuery.everything(
            search, from: search.from.parameter(now: request.now), pageSize: request.pageSize)
        let response: NewsAPIResponse
        do {
            response = try await client.response(for: query)
        } catch {
            throw SourceError(error)
        }
        return NewsAPINormalizer(defaults: request.defaults).stories(from: response.articles, seenAt: request.now)
    }
}
