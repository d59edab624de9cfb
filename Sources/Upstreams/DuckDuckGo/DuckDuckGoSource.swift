import Foundation
import NewsModel

/// DuckDuckGo Instant Answers as a ``StorySource``: one paced request per feed, the
/// answer normalized by ``DuckDuckGoNormalizer``.
public struct DuckDuckGoSource: StorySource {
    public var client: DuckDuckGoClient

    public init(client: DuckDuckGoClient) {
        self.client = client
    }

    public func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        guard case .duckDuckGo(let query) = spec.kind else {
            throw SourceError(upstream: .duckDuckGo, message: "\(spec.id) is not a DuckDuckGo feed")
        }
        let answer: DuckDuckGoAnswer
        do {
            answer = try await client.answer(for: query, region: spec.region)
        } catch {
            throw SourceError(error)
        }
        return DuckDuckGoNormalizer(defaults: request.defaults).stories(from: answer, seenAt: request.now)
    }
}
