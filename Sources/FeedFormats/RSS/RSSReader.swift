import CLibXML2
import Foundation
import NewsModel

/// Reads an RSS 2.0 feed back into stories with libxml2, so a build can keep earlier items.
///
/// The inverse of ``RSSRenderer``: for any document it renders, the stories read back equal the
/// document's stories except `firstSeen` and `originalImageURL` (which a feed cannot carry),
/// `publishedAt` (which comes back as `displayDate`, to the second), and characters XML 1.0
/// forbids (which the renderer removed).
public struct RSSReader: Sendable {
    public init() {}

    /// Parses `data`; `path` only names the feed in errors.
    ///
    /// - Throws: ``FeedError/unreadable(path:detail:)`` for empty, truncated, malformed or non-RSS
    ///   input, with libxml2's message (line and column) as the cause.
    public func read(_ data: Data, path: String) throws(FeedError) -> RSSFeedSnapshot {
        guard !data.isEmpty else { throw .unreadable(path: path, detail: "the file is empty") }
        let result: Result<RSSFeedSnapshot, FeedError> = data.withUnsafeBytes { bytes in
            guard var reader = XMLStreamReader(bytes: bytes) else {
                return .failure(.unreadable(path: path, detail: "libxml2 could not start reading \(bytes.count) bytes"))
            }
            do throws(FeedError) {
                return .success(try Self.parse(&reader, path: path, isComplete: Self.endsWithRSSEndTag(data)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func endsWithRSSEndTag(_ data: Data) -> Bool {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let tail = data.suffix(64).reversed().drop(while: whitespace.contains)
        return tail.prefix(6).elementsEqual("</rss>".utf8.reversed())
    }

    /// One element of interest, named by namespace and local name.
    private enum Field: Hashable {
        case title, link, description, language, lastBuildDate, ttl, generator, imageURL
        case contentEncoded, creator, itemLanguage, guid, pubDate, source, category

        init?(namespaceURI: String, localName: String) {
            switch (namespaceURI, localName) {
            case ("", "title"): self = .title
            case ("", "link"): self = .link
            case ("", "description"): self = .description
            case ("", "language"): self = .language
            case ("", "lastBuildDate"): self = .lastBuildDate
            case ("", "ttl"): self = .ttl
            case ("", "generator"): self = .generator
            case ("", "guid"): self = .guid
            case ("", "pubDate"): self = .pubDate
            case ("", "source"): self = .source
            case ("", "category"): self = .category
            case (RSSNamespace.content, "encoded"): self = .contentEncoded
            case (RSSNamespace.dublinCore, "creator"): self = .creator
            case (RSSNamespace.dublinCore, "language"): self = .itemLanguage
            default: return nil
            }
        }
    }

    /// An item's raw texts and attributes, turned into a story once the whole channel is known.
    private struct ItemFields {
        var texts: [Field: String] = [:]
        var guidIsPermaLink = true
        var sourceURL: String?
        var enclosure: (url: String, type: String?, length: String?)?
        var mediaContents: [(url: String, type: String?, fileSize: String?, medium: String?)] = []
    }

    /// The text being collected for one field element.
    private struct Capture {
        var field: Field
        var depth: Int
        var text = ""
    }

    /// - Parameter isComplete: whether the bytes end with `</rss>`; libxml2's streaming errors for a
    ///   cut-off file name the last token read, not the cut, so the message says so.
    private static func parse(
        _ reader: inout XMLStreamReader, path: String, isComplete: Bool
    ) throws(FeedError) -> RSSFeedSnapshot {
        var channelTexts: [Field: String] = [:]
        var selfURL: String?
        var items: [ItemFields] = []
        var currentItem: ItemFields?
        var capture: Capture?
        var channelCount = 0
        var sawRoot = false
        // Inside the channel's <image> (whose <url> is read; its title and link repeat the channel's).
        var inImage = false

        func unreadable(_ detail: String) -> FeedError { .unreadable(path: path, detail: detail) }
        func libxmlFailure() -> FeedError {
            let message = reader.firstError ?? "libxml2 stopped reading without saying why"
            return unreadable(
                isComplete ? message : "it does not end with </rss> (truncated, or not RSS); libxml2: \(message)")
        }

        while true {
            let status = reader.advance()
            if status == 0 { break }
            if status < 0 { throw libxmlFailure() }
            switch reader.nodeType {
            case XML_READER_TYPE_ELEMENT:
                let depth = reader.depth
                let name = reader.localName
                let namespace = reader.namespaceURI
                if depth == 0 {
                    guard name == "rss", namespace.isEmpty else {
                        throw unreadable("the root element is <\(name)>, not <rss>")
                    }
                    sawRoot = true
                } else if depth == 1, name == "channel", namespace.isEmpty {
                    channelCount += 1
                    guard channelCount == 1 else { throw unreadable("it has more than one <channel>") }
                } else if depth == 2, channelCount == 1, name == "item", namespace.isEmpty {
                    currentItem = ItemFields()
                    if reader.isEmptyElement, let item = currentItem {
                        items.append(item)
                        currentItem = nil
                    }
                } else if depth == 2, channelCount == 1, currentItem == nil, name == "image", namespace.isEmpty {
                    inImage = !reader.isEmptyElement
                } else if depth == 3, inImage, name == "url", namespace.isEmpty, capture == nil {
                    capture = Capture(field: .imageURL, depth: depth)
                    if reader.isEmptyElement {
                        capture = nil
                    }
                } else if depth == 2, channelCount == 1, namespace == RSSNamespace.atom, name == "link" {
                    if reader.attribute("rel") == "self", selfURL == nil { selfURL = reader.attribute("href") }
                } else if depth == 3, currentItem != nil {
                    readItemAttributes(&reader, name: name, namespace: namespace, into: &currentItem)
                } else if depth == 4, currentItem != nil, namespace == RSSNamespace.media, name == "content" {
                    // A media:group's files (the renderer's second and later enclosures).
                    readItemAttributes(&reader, name: name, namespace: namespace, into: &currentItem)
                }
                let fieldDepth = currentItem == nil ? 2 : 3
                if depth == fieldDepth, channelCount == 1, capture == nil,
                    let field = Field(namespaceURI: namespace, localName: name)
                {
                    capture = Capture(field: field, depth: depth)
                    if reader.isEmptyElement {
                        store(capture, item: &currentItem, channel: &channelTexts)
                        capture = nil
                    }
                }
            case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA, XML_READER_TYPE_SIGNIFICANT_WHITESPACE,
                XML_READER_TYPE_WHITESPACE:
                if capture != nil { capture?.text += reader.value }
            case XML_READER_TYPE_END_ELEMENT:
                let depth = reader.depth
                if let open = capture, open.depth == depth {
                    store(open, item: &currentItem, channel: &channelTexts)
                    capture = nil
                } else if depth == 2, inImage {
                    inImage = false
                } else if depth == 2, let item = currentItem {
                    items.append(item)
                    currentItem = nil
                }
            default:
                break
            }
        }
        if reader.firstError != nil { throw libxmlFailure() }
        guard sawRoot else { throw unreadable("it has no root element") }
        guard channelCount == 1 else { throw unreadable("<rss> has no <channel>") }
        return snapshot(channel: channelTexts, selfURL: selfURL, items: items)
    }

    private static func readItemAttributes(
        _ reader: inout XMLStreamReader, name: String, namespace: String, into item: inout ItemFields?
    ) {
        switch (namespace, name) {
        case ("", "guid"):
            item?.guidIsPermaLink = reader.attribute("isPermaLink")?.lowercased() != "false"
        case ("", "source"):
            item?.sourceURL = reader.attribute("url")
        case ("", "enclosure"):
            if item?.enclosure == nil, let url = reader.attribute("url") {
                item?.enclosure = (url, reader.attribute("type"), reader.attribute("length"))
            }
        case (RSSNamespace.media, "content"):
            if let url = reader.attribute("url") {
                item?.mediaContents.append(
                    (url, reader.attribute("type"), reader.attribute("fileSize"), reader.attribute("medium")))
            }
        default:
            break
        }
    }

    /// Keeps the first occurrence of each field, as readers do.
    private static func store(_ capture: Capture?, item: inout ItemFields?, channel: inout [Field: String]) {
        guard let capture else { return }
        if item != nil {
            if item?.texts[capture.field] == nil { item?.texts[capture.field] = capture.text }
        } else if channel[capture.field] == nil {
            channel[capture.field] = capture.text
        }
    }

    private static func snapshot(channel: [Field: String], selfURL: String?, items: [ItemFields]) -> RSSFeedSnapshot {
        let lastBuildDate = channel[.lastBuildDate].flatMap(RFC822Date.date(from:))
        var snapshot = RSSFeedSnapshot(
            title: channel[.title],
            link: channel[.link].flatMap(absoluteWebURL),
            description: channel[.description],
            language: channel[.language],
            selfURL: selfURL.flatMap(absoluteWebURL),
            lastBuildDate: lastBuildDate,
            ttlMinutes: channel[.ttl].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
            generator: channel[.generator]
        )
        snapshot.image = channel[.imageURL].flatMap {
            absoluteWebURL($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        snapshot.stories.reserveCapacity(items.count)
        for item in items {
            if let story = story(from: item, lastBuildDate: lastBuildDate) {
                snapshot.stories.append(story)
            } else {
                snapshot.skippedItemCount += 1
            }
        }
        return snapshot
    }

    private static func story(from item: ItemFields, lastBuildDate: Date?) -> Story? {
        let guidURL = item.guidIsPermaLink ? item.texts[.guid].flatMap(absoluteWebURL) : nil
        guard let url = guidURL ?? item.texts[.link].flatMap(absoluteWebURL),
            let title = item.texts[.title], !title.isEmpty
        else { return nil }
        // An item without a description is a story without one (an empty default description).
        let description = item.texts[.description] ?? ""
        let publishedAt = item.texts[.pubDate].flatMap(RFC822Date.date(from:))
        guard let firstSeen = publishedAt ?? lastBuildDate else { return nil }
        let source = self.source(of: item, storyURL: url)
        var story = Story(
            url: url,
            title: title,
            sourceName: source.name,
            sourceURL: source.url,
            summary: FeedHTML.plainText(fromHTML: description),
            content: item.texts[.contentEncoded].map { FeedHTML.plainText(fromHTML: FeedHTML.withoutAlsoAt($0)) },
            author: item.texts[.creator],
            // The paywall's mark is the renderer's, not the item's own category.
            category: item.texts[.category].flatMap { $0.isEmpty || $0 == StoryArticle.subscriberLabel ? nil : $0 },
            image: image(of: item),
            originalImageURL: nil,
            publishedAt: publishedAt,
            firstSeen: firstSeen,
            language: item.texts[.itemLanguage].flatMap { $0.isEmpty ? nil : $0 }
        )
        story.enclosures = enclosures(of: item)
        // HTML that is more than the paragraphs of its text (a publisher's item's own, sanitized when it was read,
        // or a full-text article's) is kept as it was written, so a feed rendered again keeps its markup.
        if let encoded = item.texts[.contentEncoded].map(FeedHTML.withoutAlsoAt), let content = story.content,
            encoded != FeedHTML.paragraphs(content)
        {
            story.contentHTML = encoded
        }
        // A guid that is no permalink is the item's own id (a publisher's feed item): its identity.
        if !item.guidIsPermaLink, let guid = item.texts[.guid]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !guid.isEmpty
        {
            story.guid = guid
        }
        return story
    }

    /// The item's `<source>`, else the article's own site, as the renderer requires one.
    private static func source(of item: ItemFields, storyURL: URL) -> (name: String, url: URL) {
        let siteURL = storyURL.host.flatMap { host in
            URL(string: "\(storyURL.scheme ?? "https")://\(host)/")
        }
        let url = item.sourceURL.flatMap(absoluteWebURL) ?? siteURL ?? storyURL
        let name = item.texts[.source].flatMap { $0.isEmpty ? nil : $0 } ?? storyURL.host ?? url.absoluteString
        return (name, url)
    }

    /// The enclosure when it is a picture (or untyped by medium), else the first typed `media:content` of an
    /// image; unknown or unparsable lengths read as 0.
    private static func image(of item: ItemFields) -> StoryImage? {
        if let enclosure = item.enclosure, let url = absoluteWebURL(enclosure.url), let type = enclosure.type,
            !isOtherMedium(type: type, medium: nil)
        {
            return StoryImage(url: url, mimeType: type, length: enclosure.length.flatMap { Int($0) } ?? 0)
        }
        if let media = item.mediaContents.first, !isOtherMedium(type: media.type, medium: media.medium),
            let url = absoluteWebURL(media.url), let type = media.type
        {
            return StoryImage(url: url, mimeType: type, length: media.fileSize.flatMap { Int($0) } ?? 0)
        }
        return nil
    }

    /// The files other than the picture, as the renderer writes them: an enclosure of audio, video or another
    /// non-image type, then each `media:content` of such a medium.
    private static func enclosures(of item: ItemFields) -> [StoryEnclosure] {
        var result: [StoryEnclosure] = []
        if let enclosure = item.enclosure, let type = enclosure.type, isOtherMedium(type: type, medium: nil),
            let url = absoluteWebURL(enclosure.url)
        {
            result.append(StoryEnclosure(url: url, mimeType: type, length: enclosure.length.flatMap { Int($0) } ?? 0))
        }
        for media in item.mediaContents where isOtherMedium(type: media.type, medium: media.medium) {
            guard let url = absoluteWebURL(media.url) else { continue }
            result.append(
                StoryEnclosure(
                    url: url, mimeType: media.type ?? "application/octet-stream",
                    length: media.fileSize.flatMap { Int($0) } ?? 0))
        }
        return result
    }

    /// Whether a type or medium names something other than a picture (audio, video, a document).
    private static func isOtherMedium(type: String?, medium: String?) -> Bool {
        if let medium = medium?.lowercased() { return medium != "image" }
        guard let type = type?.lowercased() else { return false }
        return !type.hasPrefix("image/")
    }

    /// An absolute http(s) URL with a host, else nil.
    private static func absoluteWebURL(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
