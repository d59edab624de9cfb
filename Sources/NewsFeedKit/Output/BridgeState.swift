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

    public init(
        feeds: [String: FeedRecord] = [:], items: [String: ItemRecord] = [:], images: [String: ImageRecord] = [:]
    ) {
        self.version = Self.currentVersion
        self.feeds = feeds
        self.items = items
        self.images = images
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

    public init(lastSuccess: Date? = nil, lastAttempt: Date? = nil, lastError: String? = nil) {
        self.lastSuccess = lastSuccess
        self.lastAttempt = lastAttempt
        self.lastError = lastError
    }
}

/// What newsfeed remembers of one story.
public struct ItemRecord: Sendable, Hashable, Codable {
    /// When newsfeed first saw the story: stable across builds.
    public var firstSeen: Date
    /// The story's own image URL from upstream, if it had one.
    public var originalImage: String?

    public init(firstSeen: Date, originalImage: String? = nil) {
        self.firstSeen = firstSeen
        self.originalImage = originalImage
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
