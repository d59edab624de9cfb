import Foundation

/// One news story, cleaned and ready to render in any feed format.
///
/// Built from a NewsAPI article by ``StoryNormalizer`` or read back from a
/// previously written feed by ``RSSReader``.
public struct Story: Sendable, Hashable, Codable {
    /// The article's absolute http(s) URL; also the story's identity (guid).
    public var url: URL
    /// Plain text, no markup, never empty.
    public var title: String
    /// The publisher's name, never empty.
    public var sourceName: String
    /// The publisher's home page (scheme and host of the article URL).
    public var sourceURL: URL
    /// Plain-text summary, never empty.
    public var summary: String
    /// Plain-text fuller text, only when it says more than `summary`.
    public var content: String?
    /// The author's name as plain text, if known.
    public var author: String?
    /// The item's category as plain text (a DuckDuckGo topic group's name), if any.
    public var category: String?
    /// The image to carry as enclosure, if any (may be the default image).
    public var image: StoryImage?
    /// The story's own image URL from upstream, kept so a replaced image can be restored.
    public var originalImageURL: URL?
    /// When the story was published, if upstream gave a plausible date.
    public var publishedAt: Date?
    /// When newsfeed first saw the story; the fallback publication date.
    public var firstSeen: Date

    public init(
        url: URL, title: String, sourceName: String, sourceURL: URL, summary: String, content: String? = nil,
        author: String? = nil, category: String? = nil, image: StoryImage? = nil, originalImageURL: URL? = nil,
        publishedAt: Date? = nil,
        firstSeen: Date
    ) {
        self.url = url
        self.title = title
        self.sourceName = sourceName
        self.sourceURL = sourceURL
        self.summary = summary
        self.content = content
        self.author = author
        self.category = category
        self.image = image
        self.originalImageURL = originalImageURL
        self.publishedAt = publishedAt
        self.firstSeen = firstSeen
    }

    /// The date feeds show: the publication date, else when newsfeed first saw it.
    public var displayDate: Date { publishedAt ?? firstSeen }
}
