import Foundation

/// The validated contents of `newsfeed.json`.
///
/// Only `feeds` is required; everything else has a default an experienced user
/// would expect. A relative `output` is resolved from the config file's folder,
/// because cron runs commands from elsewhere.
public struct NewsFeedConfig: Sendable, Hashable {
    /// Where the output folder is served publicly; always ends with `/`.
    public var site: URL
    /// The output folder, absolute.
    public var output: URL
    public var feeds: [FeedSpec]
    /// Articles asked of NewsAPI per feed (1…100).
    public var pageSize: Int
    /// Items a feed holds at most, history included.
    public var maxItems: Int
    /// How long an item stays in a feed after newsfeed first saw it.
    public var maxAgeDays: Int
    /// Default minutes readers may cache a feed.
    public var ttl: Int
    public var defaults: FeedDefaults
    /// How `watch` checks enclosure images (the config's optional `"watch"` object).
    public var watch: WatchSettings
    /// NewsAPI's request budget (the config's optional `"quota"` object).
    public var quota: QuotaSettings = .standard
    /// The formats every feed is written in, in this order (the config's `"formats"`).
    public var formats: [FeedFormat] = FeedFormat.defaultList
    /// The image cache (the config's optional `"images"` object); off unless asked for.
    public var images: ImageSettings = .standard
    /// Whether fetches of pages and images (and `watch`'s checks, unless told otherwise) may contact private,
    /// loopback and link-local addresses: the config's `"allowPrivate"`, off unless set.
    public var allowPrivate = false
    /// Whole articles from the publishers' pages (the config's optional `"fullText"` object); off unless asked for.
    public var fullText: FullTextSettings = .standard
    /// The cap on a publisher's feed once decoded (`sources.maxFeedBytes`, default 16 MB).
    public var maxFeedBytes: ByteSize = NewsFeedConfig.defaultMaxFeedBytes
    /// `sources.maxFeedBytes` when the config does not say.
    public static let defaultMaxFeedBytes = ByteSize.megabytes(16)
    /// Publishers' feeds a build fetches at once (`sources.concurrency`, default 16, 1 to 256).
    public var sourcesConcurrency = 16
    /// The allowed range of `sources.concurrency`.
    public static let sourcesConcurrencyRange = 1...256
    /// WebSub (the config's optional `"websub"` object): `serve` as a hub, outside hubs; off unless asked for.
    public var websub: WebSubSettings = .standard
    /// Set by `demo` only (never read from a file): feeds and index say they hold sample data.
    public var isSampleData = false

    /// Minutes readers may cache a feed when the config does not say.
    public static let defaultTTL = 60

    /// The public default for `site`: where `newsfeed serve` listens by default.
    public static let defaultSite = URL(string: "http://127.0.0.1:8080/") ?? URL(fileURLWithPath: "/")

    public init(
        site: URL = NewsFeedConfig.defaultSite, output: URL, feeds: [FeedSpec], pageSize: Int = 100,
        maxItems: Int = 100, maxAgeDays: Int = 7, ttl: Int = NewsFeedConfig.defaultTTL,
        defaults: FeedDefaults = FeedDefaults(),
        watch: WatchSettings = .standard
    ) {
        self.watch = watch
        self.site = site
        self.output = output
        self.feeds = feeds
        self.pageSize = pageSize
        self.maxItems = maxItems
        self.maxAgeDays = maxAgeDays
        self.ttl = ttl
        self.defaults = defaults
    }

    /// Whether `spec`'s feed carries whole articles: its own `"fullText"`, else `fullText.default`.
    public func wantsFullText(_ spec: FeedSpec) -> Bool { spec.fullText ?? fullText.byDefault }

    /// Whether any configured feed carries whole articles (the build then fetches pages).
    public var anyFullText: Bool { feeds.contains(where: wantsFullText) }

    /// The ttl that applies to `spec`.
    public func ttl(for spec: FeedSpec) -> Int { spec.ttl ?? ttl }

    /// The absolute URL `spec`'s feed is served at.
    public func publicURL(for spec: FeedSpec) -> URL {
        site.appending(path: spec.relativePath)
    }
}
