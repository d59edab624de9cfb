import NewsModel

/// NewsAPI appends ` - Publisher` to top-headline titles, but spells the publisher its own
/// way: source "New York Times" with "… - The New York Times", "Indiatoday.in" with
/// "… - India Today", sometimes twice ("… - Republic World - Republic World"). The exact
/// rule (``NewsAPINormalizer/removingSourceSuffix(from:sourceName:)``) runs first; this one
/// catches those spellings by comparing names loosely.
package enum PublisherSuffix {
    /// Longest suffix taken for a publisher name; longer tails are part of the headline.
    static let maximumNameLength = 60

    /// `title` without trailing ` - X` parts whose X names the publisher loosely: the same
    /// name spelled otherwise, one name the start of the other ("Sky News Australia" for
    /// "Skynews.com.au"), or a name starting with the site's own name ("Yahoo Finance" on
    /// finance.yahoo.com).
    package static func removing(from title: String, sourceName: String?, host: String? = nil) -> String {
        // Most titles have no ` - X` left once the exact rule ran: find out before any key is made.
        guard var (head, publisher) = split(title) else { return title }
        let source = sourceName.map(key) ?? ""
        let site = host.map(siteName) ?? ""
        var title = title
        while names(key(publisher), source: source, site: site) {
            title = head
            guard let next = split(title) else { break }
            (head, publisher) = next
        }
        return title
    }

    /// Whether the publisher key `tail` names the source or the site.
    private static func names(_ tail: String, source: String, site: String) -> Bool {
        guard !tail.isEmpty else { return false }
        if tail == source { return true }
        let (shorter, longer) = tail.count < source.count ? (tail, source) : (source, tail)
        if shorter.count >= 4, longer.hasPrefix(shorter) { return true }
        return site.count >= 4 && tail.hasPrefix(site)
    }

    /// The site's own name from its host: `yahoo` for finance.yahoo.com, `skynews` for
    /// www.skynews.com.au (the label before the public suffix, roughly).
    package static func siteName(_ host: String) -> String {
        let generic: Set<String> = ["com", "co", "org", "net", "gov", "ac", "edu"]
        var labels = host.lowercased().split(separator: ".").map(String.init)
        guard labels.count >= 2 else { return "" }
        labels.removeLast()
        while let last = labels.last, generic.contains(last), labels.count > 1 { labels.removeLast() }
        return key(labels.last ?? "")
    }

    /// The title before its last ` - X` and X, when X is short enough to be a publisher and
    /// something is left before it. Aggregators (Google News) put the real publisher there.
    package static func split(_ title: String) -> (title: String, publisher: String)? {
        let utf8 = title.utf8
        guard utf8.count >= 4 else { return nil }
        // The last " - " on bytes; no allocation for the common title without one.
        var index = utf8.index(utf8.endIndex, offsetBy: -3)
        while index > utf8.startIndex {
            if utf8[index] == UInt8(ascii: " "), utf8[utf8.index(after: index)] == UInt8(ascii: "-"),
                utf8[utf8.index(index, offsetBy: 2)] == UInt8(ascii: " ")
            {
                let head = trimmed(title[..<index])
                let tail = trimmed(title[utf8.index(index, offsetBy: 3)...])
                guard !head.isEmpty, !tail.isEmpty, tail.count <= maximumNameLength else { return nil }
                return (head, tail)
            }
            index = utf8.index(before: index)
        }
        return nil
    }

    /// `text` without spaces and tabs at either end (titles are already whitespace-folded).
    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while let first = text.utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            text = text.dropFirst()
        }
        while let last = text.utf8.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            text = text.dropLast()
        }
        return String(text)
    }

    /// A publisher name reduced to what identifies it: lowercased, without a domain ending
    /// ("indiatoday.in"), letters and digits only, without a leading "the".
    package static func key(_ name: String) -> String {
        if let key = asciiKey(name) { return key }
        var text = name.lowercased().trimmingCharacters(in: .whitespaces)
        if !text.contains(" "), let dot = text.firstIndex(of: "."), dot > text.startIndex {
            text = String(text[..<dot])
        }
        var compact = String(
            text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        if compact.hasPrefix("the"), compact.count > 6 { compact.removeFirst(3) }
        return compact
    }

    /// ``key(_:)`` of an all-ASCII name, on bytes: the same steps without Foundation's trimming
    /// and Unicode property lookups (for ASCII, `.whitespaces` is space and tab, and the letters
    /// and digits are the alphabetic and numeric scalars). Nil for any other name.
    private static func asciiKey(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            let text = bytes[start..<end]
            if !text.contains(UInt8(ascii: " ")), let dot = text.firstIndex(of: UInt8(ascii: ".")), dot > start {
                end = dot
            }
            var compact: [UInt8] = []
            compact.reserveCapacity(end - start)
            for byte in bytes[start..<end] {
                let lower = UTF8Text.asciiLowercased(byte)
                if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                    || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9"))
                {
                    compact.append(lower)
                }
            }
            if compact.count > 6, compact.starts(with: "the".utf8) { compact.removeFirst(3) }
            return String(decoding: compact, as: UTF8.self)
        }
    }
}
