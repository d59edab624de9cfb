import Foundation

/// One configured feed: what to ask which upstream, and where its file goes.
///
/// Feeds are told apart by their config keys (`country`, `search`, `ddg`, `feed`); each may
/// name its file's slug (`name`), its channel title (`title`), its `ttl` and its
/// `include`/`exclude` filters.
public struct FeedSpec: Sendable, Hashable, Codable {
    /// What the feed asks of its upstream.
    public var kind: FeedKind
    /// The file's slug from the config's `name`; nil derives it from the kind.
    public var name: String?
    /// The channel title from the config's `title`; nil uses a generated one.
    public var title: String?
    /// Minutes readers should cache this feed; nil means the config's default.
    public var ttl: Int?
    /// The `include`/`exclude` words and phrases.
    public var filter: StoryFilter
    /// The feed's own refresh interval (`"every": "3h"`); nil lets the scheduler share the quota out.
    public var every: WatchDuration?
    /// A DuckDuckGo feed's region (`"region": "br-pt"`), sent as `kl=`; nil asks for none.
    public var region: String?
    /// The feed's own `"fullText"`: whether it carries whole articles; nil follows the config's `fullText.default`.
    public var fullText: Bool?

    public init(
        kind: FeedKind, name: String? = nil, title: String? = nil, ttl: Int? = nil,
        filter: StoryFilter = StoryFilter(), every: WatchDuration? = nil, region: String? = nil
    ) {
        self.region = region
        self.kind = kind
        self.name = name
        self.title = title
        self.ttl = ttl
        self.filter = filter
        self.every = every
    }

    /// Top headlines of `country` (all of them when `category` is nil).
    public init(country: String, category: String? = nil, ttl: Int? = nil) {
        self.init(kind: .headlines(country: country, category: category), ttl: ttl)
    }

    /// `us`, `search` or `ddg`: the folder of the feed's file.
    public var folder: String {
        switch kind {
        case .headlines(let country, _): country
        case .search: "search"
        case .duckDuckGo: "ddg"
        case .feed, .mergedFeed: "feed"
        }
    }

    /// The file name without its extension: `name`, else the category (`all` without one), else the query's slug.
    public var slug: String {
        if let name { return name }
        switch kind {
        case .headlines(_, let category): return category ?? "all"
        case .search(let search): return FeedSlug.make(search.query)
        case .duckDuckGo(let query): return FeedSlug.make(query)
        case .feed(let url): return FeedSlug.make(feedURL: url)
        // The config requires a `name` for a merged feed; this only keeps the slug total.
        case .mergedFeed(let urls): return urls.first.map { FeedSlug.make(feedURL: $0) } ?? "merged"
        }
    }

    /// `us/health`, `search/climate-change`, `ddg/apple`: how the feed is named in messages and in `--only`.
    public var id: String { "\(folder)/\(slug)" }

    /// `us/health.rss`: the feed's path inside the output folder and under `site`.
    public var relativePath: String { "\(id).rss" }

    /// `us/health.atom`: the path of the feed's file in `format`.
    public func relativePath(for format: FeedFormat) -> String { "\(id).\(format.fileExtension)" }

    /// The upstream the feed's requests go to.
    public var upstream: Upstream { kind.upstream }
}

/// What a feed asks of its upstream.
public enum FeedKind: Sendable, Hashable, Codable {
    /// NewsAPI `/v2/top-headlines` of a country, optionally of one category.
    case headlines(country: String, category: String?)
    /// NewsAPI `/v2/everything` for a keyword query.
    case search(NewsAPISearch)
    /// The DuckDuckGo Instant Answer for a query.
    case duckDuckGo(query: String)
    /// A publisher's own RSS, Atom or JSON feed at this http(s) URL.
    case feed(url: URL)
    /// Several publishers' feeds merged into one (`"feed": [url, …]`, 1 to 50 of them), newest first, each
    /// story once (issue 27, point 12).
    case mergedFeed(urls: [URL])

    /// The upstream these requests go to.
    public var upstream: Upstream {
        switch self {
        case .headlines, .search: .newsAPI
        case .duckDuckGo: .duckDuckGo
        case .feed, .mergedFeed: .feed
        }
    }

    /// Whether the feed is made from publishers' own feeds (`feed` with one URL or several).
    public var isPublisherFeed: Bool { !feedURLs.isEmpty }

    /// The publishers' feed addresses the feed is made from: one, several when merged, none for other kinds.
    public var feedURLs: [URL] {
        switch self {
        case .feed(let url): [url]
        case .mergedFeed(let urls): urls
        case .headlines, .search, .duckDuckGo: []
        }
    }
}

/// An upstream service: a refusal that stops further requests stops only that upstream's feeds.
public enum Upstream: String, Sendable, Hashable, Codable, CaseIterable {
    case newsAPI = "NewsAPI"
    case duckDuckGo = "DuckDuckGo"
    /// Publishers' own feeds (the `feed` kind): each its own host, none metered.
    case feed = "feed"
}
