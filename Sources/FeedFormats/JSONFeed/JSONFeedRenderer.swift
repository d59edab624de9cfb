import Foundation
import NewsModel

/// Renders a ``FeedDocument`` as JSON Feed 1.1 (jsonfeed.org/version/1.1).
///
/// Written by hand rather than through `JSONEncoder`, so the keys come in one fixed, readable order
/// (unchanged feeds stay byte-identical) and a big feed streams out item by item. Absent fields are
/// left out, never `null`. The publisher goes in the `_newsfeed` extension object, as the spec asks
/// of extensions (a key starting with `_`).
public struct JSONFeedRenderer: FeedRenderer {
    public init() {}

    /// `json`.
    public var fileExtension: String { "json" }
    /// `application/feed+json`.
    public var mediaType: String { "application/feed+json" }

    package static let version = "https://jsonfeed.org/version/1.1"

    public func render<MoreStories: Sequence<Story>>(
        _ document: FeedDocument, followedBy moreStories: MoreStories, itemsPerPiece: Int = 100,
        emit: (Data) -> Void
    ) throws(FeedError) {
        var json = JSONText()
        json.raw("{\n")
        json.member("version", Self.version, indent: 1)
        json.member("title", document.title, indent: 1)
        json.member("home_page_url", document.link.absoluteString, indent: 1)
        json.member("feed_url", document.url(of: .json).absoluteString, indent: 1)
        json.member("description", document.description, indent: 1)
        if let language = document.language {
            json.member("language", language, indent: 1)
        }
        json.raw("  \"items\": [")
        var isFirst = true
        var itemsInPiece = 0
        func write(_ story: Story) {
            json.raw(isFirst ? "\n" : ",\n")
            isFirst = false
            item(story, to: &json)
            itemsInPiece += 1
            if itemsInPiece >= itemsPerPiece {
                itemsInPiece = 0
                emit(json.take())
            }
        }
        for story in document.stories { write(story) }
        for story in moreStories { write(story) }
        json.raw(isFirst ? "]\n}\n" : "\n  ]\n}\n")
        emit(json.take())
    }

    private func item(_ story: Story, to json: inout JSONText) {
        let url = story.link.text
        json.raw("    {\n")
        json.member("id", url, indent: 3)
        json.member("url", url, indent: 3)
        json.member("title", story.title, indent: 3)
        if !story.summary.isEmpty { json.member("summary", story.summary, indent: 3) }
        if let article = story.article {
            json.member("content_html", article.html, indent: 3)
            json.member("content_text", article.text, indent: 3)
        } else if let content = story.content {
            json.member("content_html", FeedHTML.paragraphs(content), indent: 3)
        } else {
            json.member("content_text", story.summary, indent: 3)
        }
        if let image = story.image {
            json.member("image", image.link.text, indent: 3)
        }
        json.member("date_published", RFC3339Date.string(from: story.displayDate), indent: 3)
        // The language the publisher's page gave (full text).
        if story.article != nil, let language = story.language {
            json.member("language", language, indent: 3)
        }
        // The item's own category (a DuckDuckGo topic group), as RSS `<category>` carries it.
        if let category = story.category {
            json.raw("      \"tags\": [")
            json.string(category)
            json.raw("],\n")
        }
        json.raw("      \"authors\": [{\"name\": ")
        json.string(story.author ?? story.sourceName)
        json.raw("}],\n")
        if let image = story.image {
            json.raw("      \"attachments\": [{\"url\": ")
            json.string(image.link.text)
            json.raw(", \"mime_type\": ")
            json.string(image.mimeType)
            if image.length > 0 {
                json.raw(", \"size_in_bytes\": \(image.length)")
            }
            json.raw("}],\n")
        }
        json.raw("      \"_newsfeed\": {\"source\": {\"name\": ")
        json.string(story.sourceName)
        json.raw(", \"url\": ")
        json.string(story.sourceLink.text)
        json.raw("}}\n    }")
    }
}

/// JSON text built on UTF-8 bytes: strings escaped per RFC 8259.
package struct JSONText {
    private var bytes: [UInt8] = []

    package mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    package mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `"key": "value",` and a line break, indented by `indent` levels of two spaces.
    package mutating func member(_ key: StaticString, _ value: String, indent: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        bytes.append(UInt8(ascii: "\""))
        raw(key)
        raw("\": ")
        string(value)
        raw(",\n")
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped, and U+2028 and
    /// U+2029 too, so the text is also safe inside a script.
    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.reserveCapacity(bytes.count + utf8.count + 2)
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var escape: String?
                var width = 1
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20, 0x7F: escape = Self.unicodeEscape(UInt32(byte))
                case 0xE2
                where index + 2 < utf8.count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = Self.unicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    width = 3
                default: break
                }
                guard let escape else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                bytes.append(contentsOf: escape.utf8)
                index += width
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// The bytes so far, handed over and forgotten.
    package mutating func take() -> Data {
        defer { bytes.removeAll(keepingCapacity: true) }
        return Data(bytes)
    }
}
