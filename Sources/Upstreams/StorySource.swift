import Foundation
import HTTPFetching
import NewsModel

/// The seam between the build pipeline and the upstreams: one source type per upstream
/// shape (NewsAPI headlines, NewsAPI search, DuckDuckGo), each a client plus the
/// normalizer of its answers. Everything after normalization (filters, history,
/// images, rendering, writing) is shared, so a new upstream is one folder that
/// conforms to this.
public protocol StorySource: Sendable {
    /// The stories of `spec`'s feed in upstream order, normalized: each with a usable URL,
    /// plain-text title, source and summary, and `firstSeen` set to `request.now`.
    func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story]

    /// The stories with what the source learned polling them (publishers' feeds: the answer, the feed's own
    /// interval, a redirect; a merged feed: its failing sources while the others answered); by default just
    /// ``stories(for:request:)``.
    func answer(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> SourceAnswer
}

extension StorySource {
    public func answer(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> SourceAnswer {
        SourceAnswer(stories: try await stories(for: spec, request: request))
    }
}

/// What every source needs to know about the build asking it.
public struct StoryRequest: Sendable, Hashable {
    /// Articles asked of NewsAPI per feed (1…100).
    public var pageSize: Int
    /// The build's time, to the second: new stories' `firstSeen`, and what relative `from` counts back from.
    public var now: Date
    /// The fallbacks for empty fields.
    public var defaults: StoryDefaults
    /// Sources of a merged feed that must not be polled now (their host's back-off, their `Retry-After`, their
    /// 410), by URL (absolute string), with the words saying why: the others are polled, and the held ones' items
    /// stay in the feed's history.
    public var heldSources: [String: String]
    /// Publishers' feeds that answered a permanent redirect (301, 308), by configured URL (absolute string): the
    /// address they moved to, asked directly until the config changes (the poll is still recorded under the
    /// configured URL, and `status` keeps saying `moved permanently to …; update the config`).
    public var movedSources: [String: URL]

    public init(
        pageSize: Int = 100, now: Date, defaults: StoryDefaults = StoryDefaults(), heldSources: [String: String] = [:],
        movedSources: [String: URL] = [:]
    ) {
        self.pageSize = pageSize
        self.now = now
        self.defaults = defaults
        self.heldSources = heldSources
        self.movedSources = movedSources
    }
}

/// Why a source produced no stories, in one line fit for stderr after the feed's name.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which upstream failed.
    public var upstream: Upstream
    /// The one-line cause, e.g. `NewsAPI rateLimited (HTTP 429): …`.
    public var message: String
    /// True when no further request to this upstream should be made in this run (bad key, quota spent).
    public var stopsFurtherRequests: Bool
    /// How long the upstream asked us to wait, when it said so.
    public var retryAfter: Duration?
    /// `apiKeyInvalid (HTTP 401)` or `HTTP 429`: short enough to repeat per skipped feed.
    public var refusal: String
    /// NewsAPI's own error, for the scheduler's pauses (429 until Retry-After, 401 until the key changes).
    public var newsAPIError: NewsAPIError?
    /// What the failed polls said (publishers' feeds): a `429`/`503` backs the host off, a `410` is gone.
    public var polls: [SourcePoll] = []

    public init(
        upstream: Upstream, message: String, stopsFurtherRequests: Bool = false, retryAfter: Duration? = nil,
        refusal: String? = nil
    ) {
        self.upstream = upstream
        self.message = message
        self.stopsFurtherRequests = stopsFurtherRequests
        self.retryAfter = retryAfter
        self.refusal = refusal ?? "an error"
    }

    /// A NewsAPI failure, keeping its stop rule and wait.
    public init(_ error: NewsAPIError) {
        let refusal: String
        switch error {
        case .api(let code, _, let status, _): refusal = status.map { "\(code) (HTTP \($0))" } ?? code
        default: refusal = error.httpStatus.map { "HTTP \($0)" } ?? "an error"
        }
        self.init(
            upstream: .newsAPI, message: error.description, stopsFurtherRequests: error.stopsFurtherRequests,
            retryAfter: error.retryAfter, refusal: refusal)
        newsAPIError = error
    }

    public var description: String { message }
}

/// Sends each feed to the source of its kind: the one seam ``FeedBuilder`` asks.
public struct FeedSources: StorySource {
    public var headlines: any StorySource
    public var search: any StorySource
    public var duckDuckGo: any StorySource
    /// Publishers' own feeds (the `feed` kind).
    public var feeds: any StorySource

    /// - Parameter feeds: the source of `feed` entries; by default ``PublisherFeedSource`` under the public-address
    ///   guard with the default size cap (callers with a config pass one made from it).
    public init(
        headlines: any StorySource, search: any StorySource, duckDuckGo: any StorySource,
        feeds: (any StorySource)? = nil
    ) {
        self.headlines = headlines
        self.search = search
        self.duckDuckGo = duckDuckGo
        self.feeds =
            feeds
            ?? PublisherFeedSource(
                fetcher: GuardedFetcher(
                    policy: PublisherFeedSource.policy(
                        site: NewsFeedConfig.defaultSite, allowPrivate: false,
                        maxFeedBytes: NewsFeedConfig.defaultMaxFeedBytes)))
    }

    /// The live upstreams: NewsAPI (when a key is set), DuckDuckGo and publishers' feeds.
    public init(newsAPI: NewsAPIClient?, duckDuckGo: DuckDuckGoClient, feeds: (any StorySource)? = nil) {
        let missing = MissingKeySource()
        self.init(
            headlines: newsAPI.map(NewsAPIHeadlinesSource.init) ?? missing,
            search: newsAPI.map(NewsAPISearchSource.init) ?? missing,
            duckDuckGo: DuckDuckGoSource(client: duckDuckGo), feeds: feeds)
    }

    public func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        try await answer(for: spec, request: request).stories
    }

    public func answer(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> SourceAnswer {
        switch spec.kind {
        case .headlines: try await headlines.answer(for: spec, request: request)
        case .search: try await search.answer(for: spec, request: request)
        case .duckDuckGo: try await duckDuckGo.answer(for: spec, request: request)
        case .feed: try await feeds.answer(for: spec, request: request)
        case .mergedFeed: try await MergedFeedSource(single: feeds).answer(for: spec, request: request)
        }
    }
}

/// Stands in for NewsAPI when `NEWSAPI_KEY` is unset, so a DuckDuckGo-only config needs no key
/// and a NewsAPI feed says what is missing without a request.
package struct MissingKeySource: StorySource {
    package func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        throw SourceError(
            upstream: .newsAPI, message: ConfigError.missingAPIKey.description, stopsFurtherRequests: true,
            refusal: "no key")
    }
}
