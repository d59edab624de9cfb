import Foundation
import NewsModel

/// One feed as the index page and the OPML list show it.
public struct FeedListing: Sendable, Hashable {
    /// The channel's title, e.g. "Health — United States · Top headlines".
    public var title: String
    /// The feed's path inside the folder, e.g. `us/health.rss`.
    public var relativePath: String
    /// Where readers subscribe: the base URL plus ``relativePath``.
    public var url: URL
    /// The channel's own `<link>` (its website), when known: OPML's `htmlUrl`.
    public var homeURL: URL?
    /// How many `<item>`s the feed holds now.
    public var itemCount: Int
    /// The last time upstream answered this feed successfully, from the bridge state.
    public var lastSuccess: Date?
    /// The last attempt's failure, when the last attempt failed (from the bridge state).
    public var lastError: String?
    /// When that failure happened.
    public var lastErrorTime: Date?
    /// False for a configured feed with no file yet (never built, or every build failed).
    public var isBuilt: Bool
    /// The formats of this feed found next to it (same path, other extension), in
    /// ``FeedFormat`` order; the index links each.
    public var formats: [FeedFormat] = []
    /// When the feed's file last changed (its `lastBuildDate`): what the bookmarks row shows,
    /// since bookmarks are never fetched.
    public var lastChanged: Date?

    /// A listing with every field given; see ``absoluteURL(base:relativePath:)`` for `url`.
    public init(
        title: String, relativePath: String, url: URL, homeURL: URL? = nil, itemCount: Int, lastSuccess: Date?,
        lastError: String? = nil, lastErrorTime: Date? = nil, isBuilt: Bool = true
    ) {
        self.title = title
        self.relativePath = relativePath
        self.url = url
        self.homeURL = homeURL
        self.itemCount = itemCount
        self.lastSuccess = lastSuccess
        self.lastError = lastError
        self.lastErrorTime = lastErrorTime
        self.isBuilt = isBuilt
    }

    /// What the feed is doing, when the config is known (the index `build` writes): the same
    /// ``FeedCondition`` `status` and `/status` give. Nil for a folder served without a config.
    public var condition: FeedCondition?

    /// Whether the feed is failing: its condition says so, or, without one, its last attempt failed.
    public var isFailing: Bool { condition.map(\.isFailing) ?? (lastError != nil) }

    /// The feed's id in the bridge state: the path without its format's extension, e.g. `us/health`.
    public var feedID: String {
        for format in FeedFormat.allCases where relativePath.hasSuffix("." + format.fileExtension) {
            return String(relativePath.dropLast(format.fileExtension.count + 1))
        }
        return relativePath
    }

    /// The path of this feed's file in `format`, e.g. `us/health.atom`.
    public func relativePath(for format: FeedFormat) -> String { feedID + "." + format.fileExtension }

    /// `base` joined with a folder-relative path, each segment percent-encoded, e.g.
    /// `http://127.0.0.1:8080/` + `us/health.rss`.
    public static func absoluteURL(base: URL, relativePath: String) -> URL {
        var prefix = base.absoluteString
        if !prefix.hasSuffix("/") { prefix += "/" }
        return URL(string: prefix + encodedPath(relativePath)) ?? base
    }

    /// A folder-relative path as a relative URL, each segment percent-encoded: `fr/café x.rss`
    /// becomes `fr/caf%C3%A9%20x.rss`, so a file with a space still gets a valid `href`.
    public static func encodedPath(_ relativePath: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;")
        return relativePath.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
            .joined(separator: "/")
    }
}
