import Foundation

/// A publisher's feed as read, before it becomes stories: one shape over RSS 0.9x/1.0/2.0, Atom 1.0/0.3 and
/// JSON Feed 1.0/1.1 (after gofeed's universal model). Text fields hold what the feed wrote, HTML included;
/// the normalizer makes them plain. URLs are absolute (resolved against `xml:base` and the feed's URL).
public struct PublisherFeed: Sendable, Hashable {
    /// Which format the document was.
    public enum Format: String, Sendable, Hashable {
        case rss = "RSS"
        case rdf = "RSS 1.0"
        case atom = "Atom"
        case jsonFeed = "JSON Feed"
    }

    public var format: Format
    public var title: String?
    /// The publisher's home page.
    public var link: URL?
    public var description: String?
    public var language: String?
    public var image: URL?
    /// How often the feed itself asks to be polled at most (RSS `<ttl>`, or the syndication module's
    /// `sy:updatePeriod` divided by `sy:updateFrequency`), with the element that asked; nil when it does not say.
    public var refresh: RefreshHint?
    public var items: [PublisherFeedItem]

    /// A feed's own word on how often to poll it.
    public struct RefreshHint: Sendable, Hashable {
        /// Seconds between polls.
        public var seconds: TimeInterval
        /// `ttl` or `sy:updatePeriod`.
        public var by: String

        public init(seconds: TimeInterval, by: String) {
            self.seconds = seconds
            self.by = by
        }
    }

    public init(
        format: Format, title: String? = nil, link: URL? = nil, description: String? = nil, language: String? = nil,
        image: URL? = nil, items: [PublisherFeedItem] = []
    ) {
        self.format = format
        self.title = title
        self.link = link
        self.description = description
        self.language = language
        self.image = image
        self.items = items
    }
}

/// One item or entry of a ``PublisherFeed``.
public struct PublisherFeedItem: Sendable, Hashable {
    /// The guid (RSS), id (Atom, JSON Feed) or `rdf:about` (RSS 1.0), as written.
    public var id: String?
    public var link: URL?
    public var title: String?
    /// RSS `description`, Atom `summary`, JSON Feed `summary`.
    public var summary: String?
    /// `content:encoded`, Atom `content`, JSON Feed `content_html` or `content_text`.
    public var content: String?
    /// ``content`` is plain text, not HTML (Atom `content` of type `text`, JSON Feed `content_text` alone).
    public var contentIsPlainText = false
    public var published: Date?
    public var updated: Date?
    public var authors: [String] = []
    public var categories: [String] = []
    public var enclosures: [PublisherFeedEnclosure] = []
    /// The item's picture: `media:content`/`media:thumbnail`, `itunes:image`, an image enclosure or JSON `image`.
    public var image: URL?
    /// Set on the stub of an item handed to a ``StoryPipeline`` while the feed was read: where its story is.
    var ticket: Int?

    public init(id: String? = nil, link: URL? = nil, title: String? = nil) {
        self.id = id
        self.link = link
        self.title = title
    }
}

/// An RSS `enclosure`, Atom `link rel="enclosure"` or JSON Feed attachment.
public struct PublisherFeedEnclosure: Sendable, Hashable {
    public var url: URL
    /// The MIME type as written, lowercased; nil when the feed gave none.
    public var type: String?
    /// Bytes, when the feed gave a number.
    public var length: Int?

    public init(url: URL, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }

    /// Whether the enclosure is a picture (by type, else by the URL's extension).
    public var isImage: Bool {
        if let type { return type.hasPrefix("image/") }
        let ext = url.pathExtension.lowercased()
        return ["jpg", "jpeg", "png", "gif", "webp", "avif"].contains(ext)
    }
}

/// Why a publisher's feed gave no stories, one line after the feed's name.
public enum PublisherFeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is not a feed: `an HTML page; it links the feed https://…/rss.xml`, `empty`, ….
    case notAFeed(String)
    /// The server answered with a status other than 2xx.
    case httpStatus(Int, url: String)
    /// The fetch failed (the guarded fetcher's own one-line message).
    case fetch(String)

    public var description: String {
        switch self {
        case .notAFeed(let why): "not a feed: \(why)"
        case .httpStatus(let status, let url): "HTTP \(status) from \(url)"
        case .fetch(let message): message
        }
    }
}
