import Foundation

/// An article shortened to fit a feed (`fullText.maxArticleBytes`): its HTML cut after the last whole top-level
/// block (paragraph, heading, list, table, figure…) that fits, followed by a paragraph linking to the page
/// ("Continued at the source"); its plain text cut after the last whole paragraph that fits.
public enum ArticleCap {
    /// The words of the link that ends a cut article.
    public static let continuedText = "Continued at the source"

    /// `html` (the sanitizer's output) kept to at most `limit` bytes, the link to `source` included; unchanged
    /// when it fits. A first block longer than the limit leaves only the link.
    public static func html(_ html: String, limit: Int, source: URL?) -> String {
        guard html.utf8.count > limit else { return html }
        let link =
            source.map {
                "<p><a href=\"" + ArticleSanitizer.escape($0.absoluteString) + "\" rel=\"noopener noreferrer\">"
                    + continuedText + "</a></p>\n"
            }
            ?? "<p>" + continuedText + "</p>\n"
        let room = max(0, limit - link.utf8.count)
        let end = lastBlockEnd(html, within: room)
        return String(decoding: html.utf8.prefix(end), as: UTF8.self) + link
    }

    /// `text` (paragraphs split by blank lines) kept to at most `limit` bytes, cut after a whole paragraph.
    public static func text(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let bytes = Array(text.utf8.prefix(limit))
        var end = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A, bytes[index + 1] == 0x0A { end = index }
            index += 1
        }
        return String(decoding: bytes.prefix(end), as: UTF8.self) + "\n\n" + continuedText + "."
    }

    /// The byte offset just after the last top-level element (and the line break after it) that ends within
    /// the first `room` bytes of `html`; 0 when none does. Elements are counted by their tags (the sanitizer
    /// writes whole elements, void ones without an end tag, and escapes `<` and `>` in text and attributes).
    static func lastBlockEnd(_ html: String, within room: Int) -> Int {
        let bytes = Array(html.utf8)
        var depth = 0
        var end = 0
        var index = 0
        let limit = min(room, bytes.count)
        while index < limit {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            var nameEnd = index + (closing ? 2 : 1)
            let nameStart = nameEnd
            while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard let close = bytes[nameEnd...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
            if closing {
                depth -= 1
            } else if !voidElements.contains(name), bytes[close - 1] != UInt8(ascii: "/") {
                depth += 1
            }
            index = close + 1
            if depth <= 0 {
                depth = 0
                var after = index
                if after < bytes.count, bytes[after] == 0x0A { after += 1 }
                if after <= room { end = after }
            }
        }
        return end
    }

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    }
}
