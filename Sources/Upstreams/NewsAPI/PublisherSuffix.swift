import Foundation
import NewsModel

/// NewsAPI titles end with the publisher's name after ` - `, ` – `, ` — ` or ` | `, spelled the
/// publisher's own way: source "New York Times" with "… - The New York Times", "Gazzetta.it" with
/// "… - La Gazzetta dello Sport", sometimes twice ("… – GPEI - Global Polio Eradication
/// Initiative"). The exact rule (``NewsAPINormalizer/removingSourceSuffix(from:sourceName:)``)
/// runs first; this one strips every trailing part that ``PublisherNames`` says names the
/// publisher, and never a tail that does not (`Lakers vs. Suns | Game 3` keeps `Game 3`).
package enum PublisherSuffix {
    /// Longest suffix taken for a publisher name; longer tails are part of the headline.
    static let maximumNameLength = 60

    /// `title` without its trailing parts that name the publisher, taken off one at a time from
    /// the end, so that a tail which does not name it stops the stripping.
    package static func removing(from title: String, sourceName: String?, host: String? = nil) -> String {
        var cache: [String: PublisherNames] = [:]
        return removing(from: title, sourceName: sourceName, host: host, cache: &cache)
    }

    /// ``removing(from:sourceName:host:)``, the names of each source and host made once and kept in `cache`.
    static func removing(
        from title: String, sourceName: String?, host: String?, cache: inout [String: PublisherNames]
    ) -> String {
        // Most titles have no separator left once the exact rule ran: find out before any key is made.
        guard var (head, publisher) = split(title) else { return title }
        let key = (sourceName ?? "") + "\u{0}" + (host ?? "")
        var names: PublisherNames
        if let known = cache[key] {
            names = known
        } else {
            names = PublisherNames(sourceName: sourceName, host: host)
            cache[key] = names
        }
        var title = title
        while names.recognises(publisher) {
            title = head
            guard let next = split(title) else { break }
            (head, publisher) = next
        }
        return title
    }

    /// The site's own name from its host as a key: `yahoo` for finance.yahoo.com, `skynews` for
    /// www.skynews.com.au.
    package static func siteName(_ host: String) -> String {
        key(siteLabel(host))
    }

    /// The label before the public suffix, roughly: `theguardian` for amp.theguardian.com,
    /// `bbc` for news.bbc.co.uk; empty for a host without a dot.
    package static func siteLabel(_ host: String) -> String {
        let generic: Set<String> = ["com", "co", "org", "net", "gov", "ac", "edu"]
        var labels = host.lowercased().split(separator: ".").map(String.init)
        guard labels.count >= 2 else { return "" }
        labels.removeLast()
        while let last = labels.last, generic.contains(last), labels.count > 1 { labels.removeLast() }
        return labels.last ?? ""
    }

    /// The separators a publisher's name follows, as UTF-8: hyphen, en dash and em dash between
    /// spaces, and the pipe.
    private static let separators: [[UInt8]] = [" - ", " – ", " — ", " | "].map { Array($0.utf8) }

    /// The title before its last separator and the text after it, when that text is short enough
    /// to be a publisher and something is left before it. With `dashOnly`, only ` - ` counts:
    /// aggregators (Google News) put the real publisher there and nowhere else.
    package static func split(_ title: String, dashOnly: Bool = false) -> (title: String, publisher: String)? {
        var title = title
        return title.withUTF8 { utf8 in
            guard utf8.count >= 4 else { return nil }
            let separators = dashOnly ? Self.separators[..<1] : Self.separators[...]
            // The last separator on bytes; every separator starts with a space and goes on with `-`, `|` or the lead
            // byte of a dash, so only such spaces are tried.
            var index = utf8.count - 3
            while index > 0 {
                if utf8[index] == UInt8(ascii: " "), case let next = utf8[index + 1],
                    next == UInt8(ascii: "-") || next == UInt8(ascii: "|") || next == 0xE2,
                    let separator = separators.first(where: { utf8[index...].starts(with: $0) })
                {
                    let head = trimmed(utf8[..<index])
                    let tail = trimmed(utf8[(index + separator.count)...])
                    // A text has no more `Character`s than UTF-8 bytes: only a long one's are counted.
                    guard !head.isEmpty, !tail.isEmpty,
                        tail.utf8.count <= maximumNameLength || tail.count <= maximumNameLength
                    else { return nil }
                    return (head, tail)
                }
                index -= 1
            }
            return nil
        }
    }

    /// `bytes` without spaces and tabs at either end (titles are already whitespace-folded).
    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            bytes = bytes.dropFirst()
        }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            bytes = bytes.dropLast()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A publisher name reduced to what identifies it: lowercased, accents dropped, without a
    /// domain ending ("indiatoday.in"), letters and digits only, without a leading "the".
    package static func key(_ name: String) -> String {
        var compact = compactName(name)
        if compact.hasPrefix("the"), compact.count > 6 { compact.removeFirst(3) }
        return compact
    }

    /// ``key(_:)`` keeping a leading "the": "The Hill" is `thehill`, which "Capitol Hill" does not hold.
    package static func compactName(_ name: String) -> String {
        if let key = asciiCompactName(name) { return key }
        var text = name.lowercased().trimmingCharacters(in: .whitespaces)
        if !text.contains(" "), let dot = text.firstIndex(of: "."), dot > text.startIndex {
            text = String(text[..<dot])
        }
        return String(String.UnicodeScalarView(text.decomposedStringWithCanonicalMapping.unicodeScalars.filter(isKept)))
    }

    /// The words of a name, each as its ``compactName(_:)``; a single word loses its domain ending.
    package static func words(_ name: String) -> [String] {
        if let words = asciiWords(name) { return words }
        var text = Substring(name)
        if !text.contains(" "), let dot = text.firstIndex(of: "."), dot > text.startIndex { text = text[..<dot] }
        let folded = text.lowercased().decomposedStringWithCanonicalMapping
        return folded.unicodeScalars.split { !isKept($0) && $0.properties.generalCategory != .nonspacingMark }
            .map { String(String.UnicodeScalarView($0.filter(isKept))) }
            .filter { !$0.isEmpty }
    }

    /// ``words(_:)`` of an all-ASCII name, on bytes: for ASCII the decomposition changes nothing, no scalar is a
    /// combining mark, and the kept scalars are the letters and digits, so the words are the runs of those,
    /// lowercased. Nil for any other name.
    private static func asciiWords(_ name: String) -> [String]? {
        var name = name
        return name.withUTF8 { bytes -> [String]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var end = bytes.count
            if !bytes.contains(UInt8(ascii: " ")), let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot > 0 {
                end = dot
            }
            var words: [String] = []
            var word: [UInt8] = []
            for byte in bytes[..<end] {
                let lower = UTF8Text.asciiLowercased(byte)
                if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                    || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9"))
                {
                    word.append(lower)
                } else if !word.isEmpty {
                    words.append(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
            if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
            return words
        }
    }

    /// Letters and digits, without the combining accents a canonical decomposition splits off.
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.generalCategory != .nonspacingMark else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// ``compactName(_:)`` of an all-ASCII name, on bytes: the same steps without Foundation's
    /// trimming and Unicode property lookups (for ASCII, `.whitespaces` is space and tab, and the
    /// letters and digits are the alphabetic and numeric scalars). Nil for any other name.
    private static func asciiCompactName(_ name: String) -> String? {
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
            return String(decoding: compact, as: UTF8.self)
        }
    }
}
