import Foundation

/// The whole article of a story, from the publisher's page (full text, docs/full-text.md): what the feeds carry as
/// `content:encoded`, Atom `<content>` and JSON Feed `content_html`/`content_text`, and what the reader view shows.
///
/// Not part of a story's stored form: the article cache under the state folder is where it lives; the build
/// attaches it to every story of a feed with full text, fresh or from the feed's history.
public struct StoryArticle: Sendable, Hashable, Codable {
    /// The reader view's name, `<output>/articles/<key>.html`: the first 16 hex digits of the SHA-256 of the
    /// article URL, the same on every machine and build.
    public var key: String
    /// The sanitized article body: only allowlisted markup, every link absolute.
    public var html: String
    /// The article as plain text, paragraphs separated by blank lines.
    public var text: String
    /// The page's own headline (the story's title is NewsAPI's).
    public var title: String?
    /// The author as the page names them.
    public var byline: String?
    /// The publication date the page gives.
    public var published: Date?
    /// The page's language (BCP 47).
    public var language: String?
    /// The lead image's absolute address (`og:image`, JSON-LD `image`).
    public var image: URL?
    /// The publisher's name as the page gives it.
    public var siteName: String?
    /// The page's own address for itself (`<link rel="canonical">`), absolute; the same story under two addresses
    /// is one item (``StoryDeduplicator``). Nil in articles cached before it was kept.
    public var canonical: URL?
    /// Why the page was taken for a paywall's teaser (issue 28, point 10: `declared not free`, `a subscription
    /// prompt`, or both); nil for a whole article. A paywalled article carries no text of
    /// the page (neither its teaser nor its prompt): the item keeps the feed's own text, marked as a subscriber
    /// article, and its reader view shows that text under a "Subscriber article" note.
    public var paywall: String?

    public init(
        key: String, html: String, text: String, title: String? = nil, byline: String? = nil,
        published: Date? = nil, language: String? = nil, image: URL? = nil, siteName: String? = nil,
        canonical: URL? = nil
    ) {
        self.canonical = canonical
        self.key = key
        self.html = html
        self.text = text
        self.title = title
        self.byline = byline
        self.published = published
        self.language = language
        self.image = image
        self.siteName = siteName
    }

    /// Whether the page was a paywall's teaser rather than the article.
    public var isPaywalled: Bool { paywall != nil }

    /// The label feeds, pages and reader views give a paywalled item.
    public static let subscriberLabel = "Subscriber article"

    /// Where the reader view of the article is, relative to the output folder.
    public var readerPath: String { "articles/\(key).html" }
}

extension Story {
    /// The whole article the page gave, to write as the item's content; nil without one, or when the page was a
    /// paywall's teaser (the item keeps its own text).
    public var wholeArticle: StoryArticle? {
        guard let article, !article.isPaywalled else { return nil }
        return article
    }

    /// Whether the item is marked as a subscriber article (its page was a paywall's teaser).
    public var isSubscriberArticle: Bool { article?.isPaywalled == true }
}
