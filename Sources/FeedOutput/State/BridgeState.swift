import Foundation

/// What a valid feed cannot carry, kept in `<output>/.newsfeed/state.json`.
///
/// Written by `build`, `serve --refresh` and `watch`, always while holding the
/// exclusive lock on `<output>/.newsfeed/lock`, so none loses another's update.
public struct BridgeState: Sendable, Hashable, Codable {
    /// Bumped when the layout changes incompatibly.
    public static let currentVersion = 1

    public var version: Int
    /// Per feed, keyed by ``FeedSpec/id`` (`us/health`).
    public var feeds: [String: FeedRecord]
    /// Per story, keyed by the article URL.
    public var items: [String: ItemRecord]
    /// Per enclosure image URL (the original, upstream URL), kept by `watch`.
    public var images: [String: ImageRecord]
    /// Per story image (the original URL), what the image cache made of it; empty without the cache.
    public var imageCache: [String: CachedImageRecord] = [:]
    /// Every metered (NewsAPI) request of the last 24 hours, oldest first: the quota's ledger.
    public var requests: [RequestRecord]
    /// Set while NewsAPI refuses requests (rate limit or bad key); nil when requests may go out.
    public var pause: PauseRecord?
    /// When the request log was lost (both `state.json` and `quota.json` unreadable): until each
    /// window has passed since, it counts as full (``FeedScheduler``), so no quota is spent twice.
    public var ledgerLostAt: Date?
    /// Story images the last build with the image cache left uncached because their copies would have taken the
    /// folder past `images.maxTotal` (`status` says so); nil when none were.
    public var imagesOverCap: ImagesOverCap?
    /// Per host (lowercased) of publishers' feeds, a back-off after a `429` or `503`; dropped once over.
    public var hostHolds: [String: HostHoldRecord] = [:]

    /// Images one build left uncached because of `images.maxTotal`.
    public struct ImagesOverCap: Sendable, Hashable, Codable {
        /// The build that counted them (a later build with none resets the count).
        public var run: String
        /// How many.
        public var count: Int

        public init(run: String, count: Int) {
            self.run = run
            self.count = count
        }
    }

    public init(
        feeds: [String: FeedRecord] = [:], items: [String: ItemRecord] = [:], images: [String: ImageRecord] = [:],
        requests: [RequestRecord] = [], pause: PauseRecord? = nil
    ) {
        self.version = Self.currentVersion
        self.feeds = feeds
        self.items = items
        self.images = images
        self.requests = requests
        self.pause = pause
    }

    private enum CodingKeys: String, CodingKey {
        case version, feeds, items, images, imageCache, requests, pause, ledgerLostAt, imagesOverCap, hostHolds
    }

    /// Reads states written before the quota existed: the newer keys are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        feeds = try container.decode([String: FeedRecord].self, forKey: .feeds)
        items = try container.decode([String: ItemRecord].self, forKey: .items)
        images = try container.decode([String: ImageRecord].self, forKey: .images)
        imageCache = try container.decodeIfPresent([String: CachedImageRecord].self, forKey: .imageCache) ?? [:]
        requests = try container.decodeIfPresent([RequestRecord].self, forKey: .requests) ?? []
        pause = try container.decodeIfPresent(PauseRecord.self, forKey: .pause)
        ledgerLostAt = try container.decodeIfPresent(Date.self, forKey: .ledgerLostAt)
        imagesOverCap = try container.decodeIfPresent(ImagesOverCap.self, forKey: .imagesOverCap)
        hostHolds = try container.decodeIfPresent([String: HostHoldRecord].self, forKey: .hostHolds) ?? [:]
    }

    /// `imageCache` only when the cache has records, so a state without the cache keeps its bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(feeds, forKey: .feeds)
        try container.encode(items, forKey: .items)
        try container.encode(images, forKey: .images)
        if !imageCache.isEmpty { try container.encode(imageCache, forKey: .imageCache) }
        try container.encode(requests, forKey: .requests)
        try container.encodeIfPresent(pause, forKey: .pause)
        try container.encodeIfPresent(ledgerLostAt, forKey: .ledgerLostAt)
        try container.encodeIfPresent(imagesOverCap, forKey: .imagesOverCap)
        if !hostHolds.isEmpty { try container.encode(hostHolds, forKey: .hostHolds) }
    }

    /// Counts `count` images of the build `run` left uncached by `images.maxTotal`.
    public mutating func countImagesOverCap(_ count: Int, run: String) {
        guard count > 0 else { return }
        let before = imagesOverCap?.run == run ? imagesOverCap?.count ?? 0 : 0
        imagesOverCap = ImagesOverCap(run: run, count: before + count)
    }
}

/// One NewsAPI request: when, and for which feed. Never the key.
public struct RequestRecord: Sendable, Hashable, Codable {
    public var time: Date
    /// ``FeedSpec/id`` of the feed it was made for.
    public var feed: String
    /// True when NewsAPI refused it with a pause (429, bad key): it counts against the
    /// quota, but the feed is due again as soon as the pause ends.
    public var refused: Bool?
    /// True when the run was stopped (SIGINT, SIGTERM) while the request was in flight: it may have
    /// reached NewsAPI, so it counts against the quota, but the feed's schedule ignores it (the
    /// next run fetches the feed as if this request had never been made).
    public var interrupted: Bool?

    public init(time: Date, feed: String, refused: Bool? = nil, interrupted: Bool? = nil) {
        self.time = time
        self.feed = feed
        self.refused = refused
        self.interrupted = interrupted
    }
}

/// Why NewsAPI requests are paused, and until when.
public struct PauseRecord: Sendable, Hashable, Codable {
    public enum Cause: String, Sendable, Hashable, Codable {
        /// HTTP 429, `rateLimited` or `apiKeyExhausted`: over at `until`.
        case rateLimited
        /// HTTP 401, `apiKeyInvalid`, `apiKeyMissing` or `apiKeyDisabled`: over when the key changes.
        case badKey
    }

    public var cause: Cause
    /// NewsAPI's answer in one line, e.g. `NewsAPI rateLimited (HTTP 429): …`.
    public var reason: String
    /// When the pause began.
    public var since: Date
    /// When a rate-limit pause ends; nil for a bad key.
    public var until: Date?
    /// For a bad key: ``KeyFingerprint`` of the refused key (salted; never the key).
    public var keyFingerprint: KeyFingerprint?

    public init(
        cause: Cause, reason: String, since: Date, until: Date? = nil, keyFingerprint: KeyFingerprint? = nil
    ) {
        self.cause = cause
        self.reason = reason
        self.since = since
        self.until = until
        self.keyFingerprint = keyFingerprint
    }
}

extension FeedRecord {
    /// The last attempt's failure and its time, when the last attempt failed.
    public var failure: (message: String, time: Date?)? {
        // A success clears lastError, so a message here is the last attempt's.
        guard let lastError else { return nil }
        return (lastError, lastErrorTime ?? lastAttempt)
    }
}

/// The fetch history of one feed.
public struct FeedRecord: Sendable, Hashable, Codable {
    /// The last time NewsAPI answered this feed successfully.
    public var lastSuccess: Date?
    /// The last time a fetch was attempted.
    public var lastAttempt: Date?
    /// The last failure's one-line message, cleared by a success.
    public var lastError: String?
    /// When the last failure happened.
    public var lastErrorTime: Date?
    /// Attempts that failed in a row; reset by a success.
    public var consecutiveFailures: Int
    /// When a build first found this feed in the config: the start of "stale" for a feed never built.
    public var firstConfigured: Date?
    /// Items in the feed after its last successful build.
    public var itemCount: Int?
    /// Items that were new in its last successful build.
    public var newItemCount: Int?
    /// Publishers' feeds: per configured URL, what its last poll said (empty for other kinds).
    public var sources: [String: SourcePollRecord] = [:]
    /// A merged feed's sources that failed in its last successful build, one line each (`url: cause`); nil when
    /// every source answered.
    public var sourceProblems: [String]?

    public init(
        lastSuccess: Date? = nil, lastAttempt: Date? = nil, lastError: String? = nil, lastErrorTime: Date? = nil,
        consecutiveFailures: Int = 0, firstConfigured: Date? = nil, itemCount: Int? = nil, newItemCount: Int? = nil
    ) {
        self.lastSuccess = lastSuccess
        self.lastAttempt = lastAttempt
        self.lastError = lastError
        self.lastErrorTime = lastErrorTime
        self.consecutiveFailures = consecutiveFailures
        self.firstConfigured = firstConfigured
        self.itemCount = itemCount
        self.newItemCount = newItemCount
    }

    private enum CodingKeys: String, CodingKey {
        case lastSuccess, lastAttempt, lastError, lastErrorTime, consecutiveFailures, firstConfigured, itemCount
        case newItemCount, sources, sourceProblems
    }

    /// Reads records written before the scheduler existed: the newer keys are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lastSuccess = try container.decodeIfPresent(Date.self, forKey: .lastSuccess)
        lastAttempt = try container.decodeIfPresent(Date.self, forKey: .lastAttempt)
        lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
        lastErrorTime = try container.decodeIfPresent(Date.self, forKey: .lastErrorTime)
        consecutiveFailures = try container.decodeIfPresent(Int.self, forKey: .consecutiveFailures) ?? 0
        firstConfigured = try container.decodeIfPresent(Date.self, forKey: .firstConfigured)
        itemCount = try container.decodeIfPresent(Int.self, forKey: .itemCount)
        newItemCount = try container.decodeIfPresent(Int.self, forKey: .newItemCount)
        sources = try container.decodeIfPresent([String: SourcePollRecord].self, forKey: .sources) ?? [:]
        sourceProblems = try container.decodeIfPresent([String].self, forKey: .sourceProblems)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(lastSuccess, forKey: .lastSuccess)
        try container.encodeIfPresent(lastAttempt, forKey: .lastAttempt)
        try container.encodeIfPresent(lastError, forKey: .lastError)
        try container.encodeIfPresent(lastErrorTime, forKey: .lastErrorTime)
        try container.encode(consecutiveFailures, forKey: .consecutiveFailures)
        try container.encodeIfPresent(firstConfigured, forKey: .firstConfigured)
        try container.encodeIfPresent(itemCount, forKey: .itemCount)
        try container.encodeIfPresent(newItemCount, forKey: .newItemCount)
        if !sources.isEmpty { try container.encode(sources, forKey: .sources) }
        try container.encodeIfPresent(sourceProblems, forKey: .sourceProblems)
    }
}

/// What newsfeed remembers of one story.
public struct ItemRecord: Sendable, Hashable, Codable {
    /// When newsfeed first saw the story: stable across builds.
    public var firstSeen: Date
    /// The story's own image URL from upstream, if it had one: as the feed built last saw it, since every feed
    /// holding the story shares this record.
    public var originalImage: String?
    /// Per feed id, the story's own image URL in that feed (empty for none) while the feed's file shows none of
    /// its own (the default image, or no image): the one thing the file cannot say, and ``originalImage`` may be
    /// another feed's. Nil when every feed shows its picture.
    public var hiddenImages: [String: String]?
    /// Other addresses of the same story (``Story/alsoAt``: the same page under another address, a near-identical
    /// article elsewhere), which the feed's file carries only inside its text. Nil when there are none.
    public var alsoAt: [String]?

    public init(firstSeen: Date, originalImage: String? = nil, hiddenImages: [String: String]? = nil) {
        self.firstSeen = firstSeen
        self.originalImage = originalImage
        self.hiddenImages = hiddenImages
    }
}

/// What `watch` learned about one image URL.
public struct ImageRecord: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable {
        case unknown, alive, failing, dead, blocked
    }

    public var status: Status
    /// Failures in a row; reset by a success.
    public var consecutiveFailures: Int
    /// When the last failure that counted happened (failures closer than the spacing count once).
    public var lastCountedFailure: Date?
    public var lastChecked: Date?
    /// The last failure's cause, e.g. `HTTP 404` or `timed out`.
    public var lastError: String?
    /// Real size and type from the image host, once seen alive.
    public var length: Int?
    public var mimeType: String?
    /// Validators for conditional rechecks.
    public var etag: String?
    public var lastModified: String?

    public init(
        status: Status = .unknown, consecutiveFailures: Int = 0, lastChecked: Date? = nil, lastError: String? = nil,
        length: Int? = nil, mimeType: String? = nil, etag: String? = nil, lastModified: String? = nil
    ) {
        self.status = status
        self.consecutiveFailures = consecutiveFailures
        self.lastChecked = lastChecked
        self.lastError = lastError
        self.length = length
        self.mimeType = mimeType
        self.etag = etag
        self.lastModified = lastModified
    }
}
