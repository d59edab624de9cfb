import Foundation

/// The story rows of a feed's HTML page, read back from the markup: each row's link and title
/// (unescaped), its image source and fallback (nil for a story shown without an image).
package struct FeedPageRows {
    package var href: String
    package var title: String
    package var imageSource: String?
    package var fallback: String?

    package static func rows(in html: String) -> [FeedPageRows] {
        html.components(separatedBy: "<li class=\"story").dropFirst().compactMap { row in
            let row = row.components(separatedBy: "</li>").first ?? row
            guard let href = value(of: "href", after: "<h2", in: row),
                let titleStart = row.range(of: "rel=\"noopener\">"),
                let titleEnd = row.range(of: "</a></h2>")
            else { return nil }
            return FeedPageRows(
                href: unescape(href), title: unescape(String(row[titleStart.upperBound..<titleEnd.lowerBound])),
                imageSource: value(of: "src", after: "<img", in: row).map(unescape),
                fallback: value(of: "data-fallback", after: "<img", in: row).map(unescape))
        }
    }

    private static func value(of attribute: String, after marker: String, in text: String) -> String? {
        guard let start = text.range(of: marker),
            let open = text.range(of: " \(attribute)=\"", range: start.upperBound..<text.endIndex),
            let close = text.range(of: "\"", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    package static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&#13;", with: "\r")
            .replacingOccurrences(of: "&#9;", with: "\t").replacingOccurrences(of: "&amp;", with: "&")
    }
}
