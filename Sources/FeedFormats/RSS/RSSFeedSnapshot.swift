import Foundation
import NewsModel

/// What ``RSSReader`` found in an RSS 2.0 feed: the channel's metadata and its items as stories.
public struct RSSFeedSnapshot: Sendable, Hashable {
    /// The channel's `title`, if present.
    public var title: String?
    /// The channel's `link`, if present and a URL.
    public var link: URL?
    /// The channel's `description`, if present.
    public var description: String?
    /// The channel's `language`, if present.
    public var language: String?
    /// The `href` of the channel's `atom:link rel="self"`, if present.
    public var selfURL: URL?
    /// The channel's `lastBuildDate`, if present and a date.
    public var lastBuildDate: Date?
    /// The channel's `ttl`, if present and a whole number.
    public var ttlMinutes: Int?
    /// The channel's `generator`, if present.
    public var generator: String?
    /// The `url` of the channel's `<image>`, if present and an absolute http(s) URL.
    public var image: URL?
    /// The items in document order. `firstSeen` is a placeholder (the publication date, else
    /// `lastBuildDate`) because a valid feed cannot carry it; `originalImageURL` is nil.
    public var stories: [Story]
    /// Items left out because they lacked an absolute http(s) URL, a title, a description or any date.
    public var skippedItemCount: Int

    /// A snapshot with the given channel fields and stories.
    public init(
        title: String? = nil, link: URL? = nil, description: String? = nil, language: String? = nil,
        selfURL: URL? = nil, lastBuildDate: Date? = nil, ttlMinutes: Int? = nil, generator: String? = nil,
        stories: [Story] = [], skippedItemCount: Int = 0
    ) {
        self.title = title
        self.link = link
        self.description = description
        self.language = language
        self.selfURL = selfURL
        self.lastBuildDate = lastBuildDate
        self.ttlMinutes = ttlMinutes
        self.generator = generator
        self.stories = stories
        self.skippedItemCount = skippedItemCount
    }
}
