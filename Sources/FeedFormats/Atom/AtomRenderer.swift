import Foundation
import NewsModel

/// Renders a ``FeedDocument`` as Atom 1.0 (RFC 4287) that the W3C validator passes with nothing to
/// report (apart from its `DuplicateUpdated` heuristic, see docs/formats.md).
///
/// The feed's `id` is its own address, which is stable across builds and machines; an entry's `id`
/// is the article URL, as the RSS `guid` is. Dates are RFC 3339 in UTC. Every entry carries an
/// author (the article's, else the publisher), so the feed-level author is only the fallback the
/// RFC asks for. Deterministic like ``RSSRenderer``, so unchanged feeds stay byte-identical.
public struct AtomRenderer: FeedRenderer {
    public init() {}

    /// `atom`.
    public var fileExtension: String { "atom" }
    /// `application/atom+xml`.
    public var mediaType: String { "application/atom+xml" }

    package static let namespace = "http://www.w3.org/2005/Atom"

    public func render<MoreStories: Sequence<Story>>(
        _ document: FeedDocument, followedBy moreStories: MoreStories, itemsPerPiece: Int = 100,
        emit: (Data) -> Void
    ) throws(FeedError) {
        var writer = try XMLByteWriter()
        try writer.startDocument()
        try writer.startElement("feed")
        try writer.attribute("xmlns", Self.namespace)
        try writer.declareNamespace(prefix: "media", uri: RSSNamespace.media)
        if let language = document.language {
            try writer.attribute("xml:lang", language)
        }
        let selfURL = document.url(of: .atom).absoluteString
        try writer.element("id", text: selfURL)
        try writer.element("title", text: document.title)
        try writer.element("subtitle", text: document.description)
        try writer.element("updated", text: RFC3339Date.string(from: document.updated))
        try link(to: &writer, rel: "self", type: mediaType, href: selfURL)
        try link(to: &writer, rel: "alternate", type: "text/html", href: document.link.absoluteString)
        for hub in document.hubs {
            try writer.startElement("link")
            try writer.attribute("rel", "hub")
            try writer.attribute("href", hub.absoluteString)
            try writer.endElement()
        }
        try writer.startElement("author")
        try writer.element("name", text: "newsfeed")
        try writer.element("uri", text: document.site.absoluteString)
        try writer.endElement()
        try writer.element("generator", text: document.generator)
        if let image = document.image {
            try writer.element("logo", text: image.absoluteString)
        }
        var html: [UInt8] = []
        var itemsInPiece = 0
        func afterEntry(_ writer: inout XMLByteWriter) throws(FeedError) {
            itemsInPiece += 1
            guard itemsInPiece >= itemsPerPiece else { return }
            itemsInPiece = 0
            emit(try writer.takeWrittenBytes())
        }
        for story in document.stories {
            try writeEntry(story, to: &writer, html: &html)
            try afterEntry(&writer)
        }
        for story in moreStories {
            try writeEntry(story, to: &writer, html: &html)
            try afterEntry(&writer)
        }
        try writer.endElement()
        emit(try writer.finish())
    }

    private func link(to writer: inout XMLByteWriter, rel: String, type: String, href: String) throws(FeedError) {
        try writer.startElement("link")
        try writer.attribute("rel", rel)
        try writer.attribute("type", type)
        try writer.attribute("href", href)
        try writer.endElement()
    }

    private func writeEntry(_ story: Story, to writer: inout XMLByteWriter, html: inout [UInt8]) throws(FeedError) {
        let url = story.link.text
        let date = RFC3339Date.string(from: story.displayDate)
        try writer.startElement("entry")
        // The language the publisher's page gave (full text), for this entry's content.
        if story.article != nil, let language = story.language {
            try writer.attribute("xml:lang", language)
        }
        // Atom's id must be an IRI: a publisher's own id when it is one (`tag:`, `urn:`, a URL), else the link.
        try writer.element("id", text: story.guid.flatMap(Self.absoluteIRI) ?? url)
        try writer.startElement("title")
        try writer.attribute("type", "text")
        try writer.text(story.title)
        try writer.endElement()
        try writer.element("published", text: date)
        try writer.element("updated", text: date)
        try writer.startElement("author")
        if let author = story.author {
            try writer.element("name", text: author)
        } else {
            try writer.element("name", text: story.sourceName)
            try writer.element("uri", text: story.sourceLink.text)
        }
        try writer.endElement()
        try link(to: &writer, rel: "alternate", type: "text/html", href: url)
        if !story.summary.isEmpty {
            try writer.startElement("summary")
            try writer.attribute("type", "text")
            try writer.text(story.summary)
            try writer.endElement()
        }
        if let article = story.wholeArticle {
            try writer.startElement("content")
            try writer.attribute("type", "html")
            try writer.text(article.html + FeedHTML.alsoAt(story))
            try writer.endElement()
        } else if let contentHTML = story.contentHTML {
            try writer.startElement("content")
            try writer.attribute("type", "html")
            try writer.text(contentHTML + FeedHTML.alsoAt(story))
            try writer.endElement()
        } else if let content = story.content {
            html.removeAll(keepingCapacity: true)
            FeedHTML.appendParagraphs(content, to: &html)
            try writer.startElement("content")
            try writer.attribute("type", "html")
            try writer.text(utf8: &html)
            try writer.endElement()
        }
        // The publisher, as the RSS `<source>` says it: a category labelled with its name.
        try writer.startElement("category")
        try writer.attribute("term", story.sourceName)
        try writer.attribute("scheme", story.sourceLink.text)
        try writer.endElement()
        // The item's own category (a DuckDuckGo topic group), as RSS `<category>` carries it.
        if let category = story.category {
            try writer.startElement("category")
            try writer.attribute("term", category)
            try writer.endElement()
        }
        // A paywall's teaser (issue 28, point 10), marked where every reader shows it.
        if story.isSubscriberArticle {
            try writer.startElement("category")
            try writer.attribute("term", StoryArticle.subscriberLabel)
            try writer.endElement()
        }
        if let image = story.image {
            let imageURL = image.link.text
            let length = max(0, image.length)
            try writer.startElement("link")
            try writer.attribute("rel", "enclosure")
            try writer.attribute("type", image.mimeType)
            try writer.attribute("length", String(length))
            try writer.attribute("href", imageURL)
            try writer.endElement()
            try MediaImageElements.write(image, to: &writer)
        }
        // Atom allows any number of enclosures: every file the story carries.
        for enclosure in story.enclosures {
            try writer.startElement("link")
            try writer.attribute("rel", "enclosure")
            try writer.attribute("type", enclosure.mimeType)
            try writer.attribute("length", String(enclosure.length))
            try writer.attribute("href", enclosure.link.text)
            try writer.endElement()
        }
        try writer.endElement()
    }

    /// `text` when it is an absolute IRI with no spaces (a scheme, a colon, then something), else nil.
    static func absoluteIRI(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex,
            !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" })
        else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return text
    }
}
