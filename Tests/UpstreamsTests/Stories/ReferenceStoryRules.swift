import Foundation
import NewsModel
import TestSupport

/// The `Character`- and Foundation-based mapping rules newsfeed used before the byte-level ones,
/// kept verbatim as the reference the fast ones must agree with, except for the crash fixed in
/// `removingSourceSuffix` (marked there).
enum ReferenceStoryRules {
    /// A person's name, or nil for nothing, a URL, or junk such as `- Mendoza Today`.
    static func author(_ raw: String?) -> String? {
        let name = ReferenceTextCleaner.plainText(raw ?? "")
        guard let first = name.unicodeScalars.first else { return nil }
        let lowercased = name.lowercased()
        if lowercased.contains("://") || lowercased.hasPrefix("www.") { return nil }
        if isPunctuationOrSymbol(first.properties.generalCategory) { return nil }
        return name
    }

    /// Content as plain text, NewsAPI's `… [+N chars]` marker replaced by a plain `…`.
    static func cleanedContent(_ raw: String?) -> String {
        guard let raw else { return "" }
        let (body, wasTruncated) = ReferenceTextCleaner.removingTruncationMarker(raw)
        let text = ReferenceTextCleaner.plainText(body)
        guard wasTruncated, !text.isEmpty, !text.hasSuffix("…") else { return text }
        return text + "…"
    }

    /// Strips ` - Name` when Name is the source's name (case-insensitively), or its name without a
    /// domain ending (`Livemint.com` titles end with ` - Livemint`). A title that is nothing but the
    /// source's name (`- Name` or `Name`) becomes empty, so a better one is derived.
    static func removingSourceSuffix(from title: String, sourceName: String?) -> String {
        guard let sourceName, !sourceName.isEmpty else { return title }
        var names = [sourceName]
        if !sourceName.contains(" "), let dot = sourceName.firstIndex(of: "."), dot > sourceName.startIndex {
            names.append(String(sourceName[..<dot]))
        }
        for name in names {
            if title.caseInsensitiveCompare(name) == .orderedSame { return "" }
            guard let range = title.range(of: "- " + name, options: [.caseInsensitive, .anchored, .backwards]),
                range.lowerBound == title.startIndex
                    // A match inside the first `Character` (a prepend glued to the dash) has no
                    // `Character` before it: asking for one used to crash.
                    || (title.distance(from: title.startIndex, to: range.lowerBound) > 0
                        && title[title.index(before: range.lowerBound)] == " ")
            else { continue }
            return trimmingWhitespaces(title[..<range.lowerBound])
        }
        return title
    }

    /// `text` trimmed of `.whitespaces`; Foundation is asked only when an end is not plainly
    /// visible ASCII, since bridging every title to it dominated converting big responses.
    private static func trimmingWhitespaces(_ text: Substring) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x80).contains(first),
            (0x21..<0x80).contains(last)
        else { return String(text).trimmingCharacters(in: .whitespaces) }
        return String(text)
    }

    /// Exactly `String.lowercased()` (each scalar's full lowercase mapping), with ASCII mapped
    /// in place: the standard library builds a `String` per scalar once any scalar is not ASCII.
    private static func lowercased(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte)
            } else {
                bytes += scalar.properties.lowercaseMapping.utf8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when `content` adds something: it is neither equal to `summary` nor a prefix of it
    /// (ignoring a trailing ellipsis and case).
    static func saysMore(_ content: String, than summary: String) -> Bool {
        func core(_ text: String) -> String {
            var text = Substring(lowercased(text))
            while text.hasSuffix("…") || text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
            return String(text)
        }
        let contentCore = core(content)
        guard !contentCore.isEmpty else { return false }
        return !core(summary).hasPrefix(contentCore)
    }

    private static func isPunctuationOrSymbol(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default:
            false
        }
    }
}

/// The `Character`- and Foundation-based URL reading newsfeed used before the byte-level one.
enum ReferenceArticleURL {
    /// The absolute http(s) URL in `text`, percent-encoded where needed; nil when unusable.
    /// Protocol-relative `//host/path` is taken as https.
    static func parse(_ text: String) -> URL? {
        var candidate = text
        if needsCleaning(text) {
            var scalars = String.UnicodeScalarView()
            // Browsers ignore tabs and line breaks inside URLs; so do we.
            scalars.append(
                contentsOf: text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.filter {
                    $0 != "\t" && $0 != "\n" && $0 != "\r"
                })
            candidate = String(scalars)
        }
        if candidate.hasPrefix("//") { candidate = "https:" + candidate }
        guard let separator = candidate.range(of: "://") else { return nil }
        let scheme = candidate[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = candidate[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" } ?? rest.endIndex
        guard let authority = normalizedAuthority(rest[..<authorityEnd]) else { return nil }
        var tail = percentEncoded(rest[authorityEnd...])
        if tail.isEmpty || tail.hasPrefix("?") || tail.hasPrefix("#") { tail = "/" + tail }
        guard let url = URL(string: "\(scheme)://\(authority)\(tail)"), url.host != nil else { return nil }
        return url
    }

    /// False when `text` neither starts nor ends with whitespace nor holds a tab or line break, so
    /// trimming and filtering would give it back unchanged: the common case, skipped because
    /// Foundation's trimming dominated converting big responses.
    private static func needsCleaning(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        func isPlainASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        guard isPlainASCII(first), isPlainASCII(last) else { return true }
        return text.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// True for NewsAPI's `https://removed.com` placeholder.
    static func isRemovedPlaceholder(_ url: URL) -> Bool {
        url.host?.lowercased() == ArticleURL.removedPlaceholderHost
    }

    /// `https://www.example.com/`: the scheme, host and port of `url` with an empty path.
    static func siteRoot(of url: URL) -> URL? {
        guard let scheme = url.scheme, let host = url.host else { return nil }
        let port = url.port.map { ":\($0)" } ?? ""
        let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return URL(string: "\(scheme)://\(hostText)\(port)/")
    }

    /// `example.com` for `https://www.example.com/x`: the host a reader recognises as the publisher.
    static func publisherHost(of url: URL) -> String? {
        guard var host = url.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("www."), host.count > 4 { host.removeFirst(4) }
        return host
    }

    /// Lowercased `host[:port]`, or nil for user info, an empty or non-ASCII host, or a bad port.
    private static func normalizedAuthority(_ authority: Substring) -> String? {
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            }
            let allowed = host.utf8.allSatisfy(isHostByte)
            guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.contains("..") else { return nil }
        }
        var result = host.lowercased()
        if let port, !port.isEmpty {
            guard port.utf8.allSatisfy(isDigit), let number = Int(port), (1...65_535).contains(number)
            else { return nil }
            result += ":\(number)"
        }
        return result
    }

    /// An ASCII letter, digit, `-` or `.`: the bytes a registered host name is made of.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Percent-encodes every byte RFC 3986 does not allow in path, query or fragment,
    /// keeping valid `%XX` escapes and the first `#`.
    private static func percentEncoded(_ tail: Substring) -> String {
        let bytes = Array(tail.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var sawFragment = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                let isEscape = index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
                output += isEscape ? "%".utf8 : "%25".utf8
            case UInt8(ascii: "#"):
                output += sawFragment ? "%23".utf8 : "#".utf8
                sawFragment = true
            case UInt8(ascii: "\\"):
                // WHATWG URLs read a backslash as a slash in http(s) paths.
                output += sawFragment ? "%5C".utf8 : "/".utf8
            default:
                if isAllowed(byte) {
                    output.append(byte)
                } else {
                    output += [UInt8(ascii: "%"), upperHexDigits[Int(byte >> 4)], upperHexDigits[Int(byte & 0x0F)]]
                }
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// Unreserved and reserved characters except `#` and `[`/`]` (which belong to hosts only).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$&'()*+,;=:@/?".utf8.contains(byte)
        }
    }
}
