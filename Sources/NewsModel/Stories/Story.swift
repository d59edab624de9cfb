import Foundation

/// One news story, cleaned and ready to render in any feed format.
///
/// Built from a NewsAPI article by ``NewsAPINormalizer`` or read back from a
/// previously written feed by ``RSSReader``.
public struct Story: Sendable, Hashable, Codable {
    /// The article's absolute http(s) URL; also the story's identity unless ``guid`` names another.
    public var url: URL {
        get { link.url }
        set { link = StoryLink(newValue) }
    }
    /// ``url`` as text: what the feeds write, and all `convert` needs (see ``StoryLink``).
    package var link: StoryLink
    /// Plain text, no markup, never empty.
    public var title: String
    /// The publisher's name, never empty.
    public var sourceName: String
    /// The publisher's home page (scheme and host of the article URL).
    public var sourceURL: URL {
        get { sourceLink.url }
        set { sourceLink = StoryLink(newValue) }
    }
    /// ``sourceURL`` as text.
    package var sourceLink: StoryLink
    /// Plain-text summary; empty only when upstream had none and the default description is
    /// empty (DuckDuckGo topics and bookmarks, unless `defaults.description` says otherwise).
    public var summary: String
    /// Plain-text fuller text, only when it says more than `summary`.
    public var content: String?
    /// The author's name as plain text, if known.
    public var author: String?
    /// The item's category as plain text (a DuckDuckGo topic group's name), if any.
    public var category: String?
    /// The image to carry as enclosure, if any (may be the default image).
    public var image: StoryImage?
    /// The files the story carries besides its picture (a podcast's audio, a video), in the feed's order;
    /// empty for most stories. Optional in stored history: an older record has none.
    public var enclosures: [StoryEnclosure] = []
    /// The language of the story's text (BCP 47, e.g. `pt`) when upstream tells it, which a
    /// DuckDuckGo answer from pt.wikipedia.org does; pages mark the story with it.
    public var language: String?
    /// The story's own image URL from upstream, kept so a replaced image can be restored.
    public var originalImageURL: URL? {
        get { originalImageLink?.url }
        set { originalImageLink = newValue.map(StoryLink.init) }
    }
    /// ``originalImageURL`` as text.
    package var originalImageLink: StoryLink?
    /// When the story was published, if upstream gave a plausible date.
    public var publishedAt: Date?
    /// When newsfeed first saw the story; the fallback publication date.
    public var firstSeen: Date
    /// The whole article from the publisher's page, for a feed with full text; never stored with the story
    /// (the article cache keeps it).
    public var article: StoryArticle?
    /// A publisher's feed item's own guid or id when it is not its link (RSS `guid`, Atom `id`, JSON Feed `id`):
    /// then it, not the link, is the story's identity (``identity``), so an item that comes back with a new
    /// title, text or even link is the same story. Nil for NewsAPI and DuckDuckGo, whose identity is the link.
    public var guid: String?
    /// A publisher's feed item's own content as sanitized HTML (the allowlist of full-text articles, every address
    /// absolute), when its feed gave more than its summary; ``content`` is the same as plain text. Written as the
    /// item's content when there is no full-text ``article``. Nil for NewsAPI and DuckDuckGo stories.
    public var contentHTML: String?
    /// Other addresses of the same story (the same link in another form, or a near-identical article on another
    /// site), in the order they were found; written as "Also at" links and JSON Feed's `_newsfeed.alsoAt`.
    package var alsoAt: [StoryLink] = []

    /// What makes two items one story: ``guid`` when the item has one, else the link's text. A feed's
    /// history merges on it (``HistoryMerger``).
    public var identity: String { guid ?? link.text }

    public init(
        url: URL, title: String, sourceName: String, sourceURL: URL, summary: String, content: String? = nil,
        author: String? = nil, category: String? = nil, image: StoryImage? = nil, originalImageURL: URL? = nil,
        publishedAt: Date? = nil,
        firstSeen: Date, language: String? = nil
    ) {
        self.init(
            link: StoryLink(url), title: title, sourceName: sourceName, sourceLink: StoryLink(sourceURL),
            summary: summary, content: content, author: author, category: category, image: image,
            originalImageLink: originalImageURL.map(StoryLink.init), publishedAt: publishedAt, firstSeen: firstSeen)
        self.language = language
    }

    /// ``init(url:title:sourceName:sourceURL:summary:content:author:category:image:originalImageURL:publishedAt:firstSeen:)``
    /// from links, so no `URL` need be made.
    package init(
        link: StoryLink, title: String, sourceName: String, sourceLink: StoryLink, summary: String,
        content: String? = nil, author: String? = nil, category: String? = nil, image: StoryImage? = nil,
        originalImageLink: StoryLink? = nil, publishedAt: Date? = nil, firstSeen: Date
    ) {
        self.link = link
        self.title = title
        self.sourceName = sourceName
        self.sourceLink = sourceLink
        self.summary = summary
        self.content = content
        self.author = author
        self.category = category
        self.image = image
        self.originalImageLink = originalImageLink
        self.publishedAt = publishedAt
        self.firstSeen = firstSeen
    }

    /// The date feeds show: the publication date, else when newsfeed first saw it.
    public var displayDate: Date { publishedAt ?? firstSeen }
}

extension Story {
    /// The keys and value types of the stored `URL`s as they were: links are coded as `URL`s.
    private enum CodingKeys: String, CodingKey {
        case url, title, sourceName, sourceURL, summary, content, author, category, image, originalImageURL
        case publishedAt, firstSeen, language, enclosures, guid, alsoAt, contentHTML
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(URL.self, forKey: .url),
            title: try container.decode(String.self, forKey: .title),
            sourceName: try container.decode(String.self, forKey: .sourceName),
            sourceURL: try container.decode(URL.self, forKey: .sourceURL),
            summary: try container.decode(String.self, forKey: .summary),
            content: try container.decodeIfPresent(String.self, forKey: .content),
            author: try container.decodeIfPresent(String.self, forKey: .author),
            category: try container.decodeIfPresent(String.self, forKey: .category),
            image: try container.decodeIfPresent(StoryImage.self, forKey: .image),
            originalImageURL: try container.decodeIfPresent(URL.self, forKey: .originalImageURL),
            publishedAt: try container.decodeIfPresent(Date.self, forKey: .publishedAt),
            firstSeen: try container.decode(Date.self, forKey: .firstSeen),
            language: try container.decodeIfPresent(String.self, forKey: .language))
        enclosures = try container.decodeIfPresent([StoryEnclosure].self, forKey: .enclosures) ?? []
        guid = try container.decodeIfPresent(String.self, forKey: .guid)
        contentHTML = try container.decodeIfPresent(String.self, forKey: .contentHTML)
        alsoAt = try container.decodeIfPresent([URL].self, forKey: .alsoAt)?.map(StoryLink.init) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(title, forKey: .title)
        try container.encode(sourceName, forKey: .sourceName)
        try container.encode(sourceURL, forKey: .sourceURL)
        try container.encode(summary, forKey: .summary)
        try container.encodeIfPresent(content, forKey: .content)
        try container.encodeIfPresent(author, forKey: .author)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(originalImageURL, forKey: .originalImageURL)
        try container.encodeIfPresent(publishedAt, forKey: .publishedAt)
        try container.encode(firstSeen, forKey: .firstSeen)
        try container.encodeIfPresent(language, forKey: .language)
        if !enclosures.isEmpty { try container.encode(enclosures, forKey: .enclosures) }
        try container.encodeIfPresent(guid, forKey: .guid)
        try container.encodeIfPresent(contentHTML, forKey: .contentHTML)
        if !alsoAt.isEmpty { try container.encode(alsoAt.map(\.url), forKey: .alsoAt) }
    }
}
