import Foundation
import HTTPFetching
import NewsModel

/// Publishers' own feeds (the `feed` kind) as a ``StorySource``: one GET through the ``GuardedFetcher``
/// (the public-address guard, `allowPrivate`, at most 5 redirects, the decoded body capped at
/// `sources.maxFeedBytes`), read by ``PublisherFeedReader`` and normalized by ``PublisherFeedNormalizer``.
/// Any failure throws, so the build keeps the feed's last good output.
public struct PublisherFeedSource: StorySource {
    public var fetcher: GuardedFetcher
    /// The last answers kept for conditional GET; nil polls unconditionally (`convert`, tests that want it).
    public var answers: FeedAnswerCache?

    public init(fetcher: GuardedFetcher, answers: FeedAnswerCache? = nil) {
        self.fetcher = fetcher
        self.answers = answers
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
        try await answer(for: spec, request: request).stories
    }

    /// The feed's stories and what the poll said about polling again: the answer, its bytes, the items read and
    /// dropped, the feed's `ttl` or `sy:updatePeriod`, the server's `Cache-Control: max-age` and `Retry-After`, a
    /// permanent redirect. A failure carries its poll too (a `429` or `503` backs the host off, a `410` is gone).
    public func answer(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> SourceAnswer {
        guard case .feed(let url) = spec.kind else {
            throw SourceError(upstream: .feed, message: "\(spec.id) is not a publisher's feed")
        }
        // Conditional GET (RFC 9110 §13.1): the last answer's validators; a 304 is read from the kept body.
        let kept = answers?.load(url)
        // A permanent redirect is remembered: its target is asked directly.
        let moved = request.movedSources[url.absoluteString]
        let resource: FetchedResource
        do {
            resource = try await fetcher.fetch(moved ?? url, headers: kept?.entry.conditionalHeaders ?? [:])
        } catch {
            var failure = Self.failure(.fetch(error.description))
            failure.polls = [SourcePoll(url: url, status: nil)]
            throw failure
        }
        var poll = SourcePoll(
            url: url, status: resource.status, bytes: resource.body.count,
            asked: Self.maxAge(resource.headers["cache-control"]),
            retryAfter: resource.headers["retry-after"].flatMap { RetryAfter.parse($0, now: request.now) },
            movedTo: resource.movedPermanentlyTo ?? moved, hostBusy: [429, 503].contains(resource.status),
            gone: resource.status == 410)
        let body: Data
        let finalURL: URL
        let charset: String?
        if resource.status == 304, let kept, let keptURL = URL(string: kept.entry.finalURL) {
            (body, finalURL, charset) = (kept.body, keptURL, kept.entry.charset)
        } else {
            guard (200..<300).contains(resource.status) else {
                var failure = Self.failure(.httpStatus(resource.status, url: resource.url.absoluteString))
                failure.retryAfter = poll.retryAfter
                failure.polls = [poll]
                throw failure
            }
            (body, finalURL, charset) = (resource.body, resource.url, resource.charset)
        }
        let feed: PublisherFeed
        do {
            feed = try PublisherFeedReader.read(body, url: finalURL, httpCharset: charset)
        } catch {
            var failure = Self.failure(error)
            poll.unreadable = error.description
            failure.polls = [poll]
            throw failure
        }
        if resource.status != 304, let answers {
            let entry = FeedAnswerCache.Entry(
                url: url.absoluteString, finalURL: resource.url.absoluteString, etag: resource.headers["etag"],
                lastModified: resource.headers["last-modified"], charset: resource.charset)
            answers.save(entry, body: resource.body, for: url)
        }
        poll.itemsRead = feed.items.count
        // The longer of the feed's own word and the server's.
        if let hint = feed.refresh, hint.seconds > (poll.asked?.seconds ?? 0) { poll.asked = hint }
        let channel = SourceChannel(feed)
        let result = PublisherFeedNormalizer(defaults: request.defaults).stories(
            from: consume feed, feedURL: finalURL, seenAt: request.now)
        poll.itemsDropped = result.dropped + result.repeated
        return SourceAnswer(stories: result.stories, polls: [poll], channel: channel)
    }

    /// `Cache-Control: max-age=N` (N > 0) as a refresh hint; `no-cache`, `no-store` and zero say nothing.
    static func maxAge(_ value: String?) -> PublisherFeed.RefreshHint? {
        guard let value else { return nil }
        for directive in value.split(separator: ",") {
            let pair = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard pair.count == 2, pair[0] == "max-age",
                let seconds = Int(pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds > 0
            else { continue }
            return PublisherFeed.RefreshHint(seconds: TimeInterval(seconds), by: "Cache-Control: max-age")
        }
        return nil
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
