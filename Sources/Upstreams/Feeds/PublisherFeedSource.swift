import Foundation
import HTTPFetching
import NewsModel

/// Publishers' own feeds (the `feed` kind) as a ``StorySource``: one GET through the ``GuardedFetcher``
/// (the public-address guard, `allowPrivate`, at most 5 redirects, the decoded body capped at
/// `sources.maxFeedBytes`), read by ``PublisherFeedReader`` and normalized by ``PublisherFeedNormalizer``.
/// Any failure throws, so the build keeps the feed's last good output.
public struct PublisherFeedSource: StorySource {
    public var fetcher: GuardedFetcher

    public init(fetcher: GuardedFetcher) {
        self.fetcher = fetcher
    }

    /// The policy feeds are fetched under: feed media types first in `Accept`, the cap from `maxFeedBytes`,
    /// 5 redirects. `robots.txt` is not asked: a feed is published to be polled, as every feed reader assumes.
    public static func policy(site: URL, allowPrivate: Bool, maxFeedBytes: ByteSize) -> FetchPolicy {
        FetchPolicy(
            site: site, allowPrivate: allowPrivate, maximumBytes: maxFeedBytes.bytes, maximumRedirects: 5,
            obeysRobots: false,
            accept: "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, "
                + "text/xml;q=0.9, */*;q=0.8")
    }

    public func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        guard case .feed(let url) = spec.kind else {
            throw SourceError(upstream: .feed, message: "\(spec.id) is not a publisher's feed")
        }
        let resource: FetchedResource
        do {
            resource = try await fetcher.fetch(url)
        } catch {
            throw Self.failure(.fetch(error.description))
        }
        guard (200..<300).contains(resource.status) else {
            throw Self.failure(.httpStatus(resource.status, url: resource.url.absoluteString))
        }
        let feed: PublisherFeed
        do {
            feed = try PublisherFeedReader.read(resource.body, url: resource.url, httpCharset: resource.charset)
        } catch {
            throw Self.failure(error)
        }
        return PublisherFeedNormalizer(defaults: request.defaults).stories(
            from: feed, feedURL: resource.url, seenAt: request.now
        ).stories
    }

    static func failure(_ error: PublisherFeedError) -> SourceError {
        let refusal: String
        switch error {
        case .httpStatus(let status, _): refusal = "HTTP \(status)"
        case .notAFeed: refusal = "not a feed"
        case .fetch: refusal = "an error"
        }
        return SourceError(upstream: .feed, message: error.description, refusal: refusal)
    }
}
