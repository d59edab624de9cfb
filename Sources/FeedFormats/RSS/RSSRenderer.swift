import Foundation
import NewsModel

/// Renders a ``FeedDocument`` as RSS 2.0 that passes strict validation with nothing to report.
///
/// Output is indented and byte-for-byte the same for the same document, so unchanged feeds can
/// be detected by comparing bytes and golden files stay stable. Items follow the "complete item"
/// of feed-rules.md: title, link, description, content:encoded, dc:creator, guid, pubDate,
/// source, enclosure, media:content, media:thumbnail.
public struct RSSRenderer: FeedRenderer {
    public init() {}

    /// `rss`.
    public var fileExtension: String { "rss" }
    /// `application/rss+xml`.
    public var mediaType: String { "application/rss+xml" }

    /// The feed's UTF-8 bytes; `ttl` is left out when `ttlMinutes` is not positive, since RSS
    /// allows only a positive number there.
    public func render(_ document: FeedDocument) throws(FeedError) -> Data {
        var writer = try XMLByteWriter()
        try write(document, followedBy: EmptyCollection(), to: &writer) { (_: inout XMLByteWriter) throws(FeedError) in
        }
        return try writer.finish()
    }

    /// The same bytes as ``render(_:)``, handed to `emit` in pieces of about `itemsPerPiece` items,
    /// so a feed of thousands of items (`convert` on a big response) is never held whole in memory.
    /// Pieces end between elements, never inside a UTF-8 sequence.
    public func render(
        _ document: FeedDocument, itemsPerPiece: Int = 100, emit: (Data) -> Void
    ) throws(FeedError) {
        try render(document, followedBy: EmptyCollection(), itemsPerPiece: itemsPerPiece, emit: emit)
    }

    /// ``render(_:itemsPerPiece:emit:)`` for `document` with `moreStories` after its own stories:
    /// the stories can then be made while the feed is written (`convert` streams a big response
    /// this way), so they are never all in memory either.
    public func render<MoreStories: Sequence<Story>>(
        _ document: FeedDocument, followedBy moreStories: MoreStories, itemsPerPiece: Int = 100,
        emit: (Data) -> Void
    ) throws(FeedError) {
        var writer = try XMLByteWriter()
        var itemsInPiece = 0
        try write(document, followedBy: moreStories, to: &writer) { (writer: inout XMLByteWriter) throws(FeedError) in
            itemsInPiece += 1
            guard itemsInPiece >= itemsPerPiece else { return }
            itemsInPiece = 0
            emit(try writer.takeWrittenBytes())
        }
        emit(try writer.finish())
    }

    private func write<MoreStories: Sequence<Story>>(
        _ document: FeedDocument, followedBy moreStories: MoreStories, to writer: inout XMLByteWriter,
        afterEachItem: (inout XMLByteWriter) throws(FeedError) -> Void
    ) throws(FeedError) {
        try writeHead(document, to: &writer)
        // One buffer for the items' HTML, reused: see FeedHTML.appendEscaped(_:to:).
        var html: [UInt8] = []
        for story in document.stories {
            try writeItem(story, to: &writer, html: &html)
            try afterEachItem(&writer)
        }
        for story in moreStories {
            try writeItem(story, to: &writer, html: &html)
            try afterEachItem(&writer)
        }
        try writer.endElement()
        try writer.endElement()
    }

    /// Everything before the items: the declaration, `rss` and the channel's own elements; `channel` is left open.
    fileprivate func writeHead(_ document: FeedDocument, to writer: inout XMLByteWriter) throws(FeedError) {
        try writer.startDocument()
        try writer.startElement("rss")
        try writer.attribute("version", "2.0")
        for namespace in RSSNamespace.declarations {
            try writer.declareNamespace(prefix: namespace.prefix, uri: namespace.uri)
        }
        try writer.startElement("channel")
        try writer.element("title", text: document.title)
        try writer.element("link", text: document.link.absoluteString)
        try writer.element("description", text: document.description)
        if let language = document.language {
            try writer.element("language", text: language)
        }
        try writer.element("lastBuildDate", text: RFC822Date.string(from: document.updated))
        if document.ttlMinutes > 0 {
            try writer.element("ttl", text: String(document.ttlMinutes))
        }
        try writer.element("generator", text: document.generator)
        if let image = document.image {
            // Its title and link are the channel's, as RSS 2.0 asks (validators warn when they differ).
            try writer.startElement("image")
            try writer.element("url", text: image.absoluteString)
            try writer.element("title", text: document.title)
            try writer.element("link", text: document.link.absoluteString)
            try writer.endElement()
        }
        try writer.startElement("atom:link")
        try writer.attribute("rel", "self")
        try writer.attribute("type", mediaType)
        try writer.attribute("href", document.selfURL.absoluteString)
        try writer.endElement()
        for hub in document.hubs {
            try writer.startElement("atom:link")
            try writer.attribute("rel", "hub")
            try writer.attribute("href", hub.absoluteString)
            try writer.endElement()
        }
    }

    fileprivate func writeItem(_ story: Story, to writer: inout XMLByteWriter, html: inout [UInt8]) throws(FeedError) {
        let url = story.link.text
        try writer.startElement("item")
        try writer.element("title", text: story.title)
        try writer.element("link", text: url)
        // description is HTML: escaping the plain text keeps upstream markup visible, never live.
        // No description is no element: an empty one would say "this item's text is empty".
        if !story.summary.isEmpty {
            html.removeAll(keepingCapacity: true)
            FeedHTML.appendEscaped(story.summary, to: &html)
            try writer.element("description", utf8Text: &html)
        }
        // The whole article (full text) is sanitized HTML already; without one (or behind a paywall), upstream's
        // fuller text.
        if let article = story.wholeArticle {
            try writer.element("content:encoded", text: article.html + FeedHTML.alsoAt(story))
        } else if let contentHTML = story.contentHTML {
            // A publisher's item's own HTML, sanitized as articles are when it was read.
            try writer.element("content:encoded", text: contentHTML + FeedHTML.alsoAt(story))
        } else if let content = story.content {
            html.removeAll(keepingCapacity: true)
            FeedHTML.appendParagraphs(content, to: &html)
            html += FeedHTML.alsoAt(story).utf8
            try writer.element("content:encoded", utf8Text: &html)
        }
        if let author = story.author {
            try writer.element("dc:creator", text: author)
        }
        // A story's own language (a DuckDuckGo answer's), so a later build reading the feed back
        // still knows it.
        if let language = story.language {
            try writer.element("dc:language", text: language)
        }
        if let category = story.category {
            try writer.element("category", text: category)
        }
        // A paywall's teaser (issue 28, point 10), marked where every reader shows it.
        if story.isSubscriberArticle {
            try writer.element("category", text: StoryArticle.subscriberLabel)
        }
        // A publisher's item keeps its own guid, so the next build knows it when its link or text changed.
        try writer.startElement("guid")
        try writer.attribute("isPermaLink", story.guid == nil ? "true" : "false")
        try writer.text(story.guid ?? url)
        try writer.endElement()
        try writer.element("pubDate", text: RFC822Date.string(from: story.displayDate))
        try writer.startElement("source")
        try writer.attribute("url", story.sourceLink.text)
        try writer.text(story.sourceName)
        try writer.endElement()
        if let first = story.enclosures.first {
            // RSS allows one enclosure: a podcast's audio (or a video) takes it, so podcast apps still play the
            // item; the picture goes as media:content and media:thumbnail, further files in a media:group.
            try writer.startElement("enclosure")
            try writer.attribute("url", first.link.text)
            try writer.attribute("length", String(first.length))
            try writer.attribute("type", first.mimeType)
            try writer.endElement()
            if let image = story.image {
                try MediaImageElements.write(image, to: &writer)
            }
            // One media:content per item is what checkers accept; more files go in a media:group.
            if story.enclosures.count > 1 {
                try writer.startElement("media:group")
                for enclosure in story.enclosures.dropFirst() {
                    try MediaImageElements.write(enclosure, to: &writer)
                }
                try writer.endElement()
            }
        } else if let image = story.image {
            try writeImage(image, to: &writer)
        }
        try writer.endElement()
    }

    private func writeImage(_ image: StoryImage, to writer: inout XMLByteWriter) throws(FeedError) {
        let url = image.link.text
        let length = max(0, image.length)
        try writer.startElement("enclosure")
        try writer.attribute("url", url)
        try writer.attribute("length", String(length))
        try writer.attribute("type", image.mimeType)
        try writer.endElement()
        try MediaImageElements.write(image, to: &writer)
    }
}

/// RSS items written apart from their feed (on another thread, say), one after another: the bytes
/// ``RSSRenderer/render(_:followedBy:itemsPerPiece:emit:)`` writes for the same stories, which ``RSSFeedStream``
/// puts in a feed. One writer is used by one thread at a time.
package final class RSSItemWriter {
    private var writer = XMLByteWriter(inside: ["rss", "channel"])
    private var html: [UInt8] = []
    /// The first failure of an item (none for any story: the renderer's calls are well formed).
    package private(set) var failure: FeedError?

    package init() {}

    /// Writes the item of `story` after those written so far.
    package func write(_ story: Story) {
        do {
            try RSSRenderer().writeItem(story, to: &writer, html: &html)
        } catch {
            failure = failure ?? error
        }
    }

    /// How many bytes are written (and not yet handed over).
    package var byteCount: Int { writer.byteCount }

    /// The items written so far, handed over (without a copy) and forgotten.
    package func takeBytes() -> Data {
        writer.handOverWrittenBytes()
    }
}

/// An RSS feed written from items written apart (``RSSItemWriter``), handed out in pieces: the channel, the items
/// as they were written (no copy) and the feed's end. Joined, the pieces are the bytes
/// ``RSSRenderer/render(_:followedBy:itemsPerPiece:emit:)`` gives for the document followed by the same stories.
package struct RSSFeedStream: ~Copyable {
    private var writer: XMLByteWriter

    /// A feed of `document`, its own stories first.
    package init(_ document: FeedDocument) throws(FeedError) {
        var writer = try XMLByteWriter()
        let renderer = RSSRenderer()
        try renderer.writeHead(document, to: &writer)
        var html: [UInt8] = []
        for story in document.stories {
            try renderer.writeItem(story, to: &writer, html: &html)
        }
        self.writer = writer
    }

    /// Hands `emit` what is written before them, then the items ``RSSItemWriter`` wrote at `ranges` of `bytes`, in
    /// that order: runs of items next to each other as one piece, each a slice of `bytes`.
    package mutating func append(items bytes: Data, at ranges: [Range<Int>], emit: (Data) -> Void) throws(FeedError) {
        guard var run = ranges.first else { return }
        writer.willAppendWritten()
        if writer.byteCount > 0 { emit(try writer.takeWrittenBytes()) }
        for range in ranges.dropFirst() {
            if range.lowerBound == run.upperBound {
                run = run.lowerBound..<range.upperBound
            } else {
                emit(bytes[run])
                run = range
            }
        }
        emit(bytes[run])
    }

    /// The rest of the feed.
    package consuming func finish() throws(FeedError) -> Data {
        try writer.finish()
    }
}
