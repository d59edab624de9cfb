import Foundation
import NewsModel

/// Makes every address in the article absolute, against the page's `<base>` or its own address,
/// and keeps only the schemes a reader can follow safely: `http`/`https` (and `mailto` for links).
/// `javascript:`, `data:` and anything else is dropped.
struct LinkResolver {
    let base: URL?

    init(pageURL: URL?, baseHref: String?) {
        if let baseHref, let resolved = URL(string: baseHref.trimmingSpaces(), relativeTo: pageURL)?.absoluteURL,
            ["http", "https"].contains(resolved.scheme?.lowercased() ?? "")
        {
            base = resolved
        } else {
            base = pageURL
        }
    }

    /// `href` or `src` made absolute; nil when it cannot be or is not a safe scheme.
    func resolve(_ text: String, allowMail: Bool = false) -> String? {
        // Nearly every address in an article is already absolute and clean: it is its own answer, without trimming,
        // lowercasing and parsing it (a tenth of sanitizing a feed item's HTML).
        Self.isPlainAbsoluteAddress(text) ? text : resolveByParsing(text, allowMail: allowMail)
    }

    /// ``resolve(_:allowMail:)`` through `URL`, for any address.
    func resolveByParsing(_ text: String, allowMail: Bool = false) -> String? {
        // Browsers ignore tabs and newlines inside URLs, so `java\nscript:` is `javascript:`: strip them first.
        let trimmed = text.trimmingSpaces()
        // Filtering scalar by scalar builds a new string: only done when there is something to take out.
        let cleaned =
            trimmed.utf8.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            ? String(trimmed.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }) : trimmed
        guard !cleaned.isEmpty else { return nil }
        let lower = cleaned.lowercased()
        if allowMail, lower.hasPrefix("mailto:") {
            return URL(string: cleaned) != nil ? cleaned : nil
        }
        let url: URL?
        if let absolute = URL(string: cleaned), absolute.scheme != nil {
            url = absolute
        } else if let base {
            url =
                URL(string: cleaned, relativeTo: base)?.absoluteURL
                ?? cleaned.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed).flatMap {
                    URL(string: $0, relativeTo: base)?.absoluteURL
                }
        } else {
            url = nil
        }
        guard let url, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        return url.absoluteString
    }

    /// Whether `text` is an `http` or `https` address that ``resolve(_:allowMail:)`` would give back unchanged: the
    /// scheme (any case), `://`, a host of ASCII letters, digits, dots and hyphens beginning with a letter or digit,
    /// an optional port, then only characters RFC 3986 allows unencoded in a path, query and fragment (one `#` at
    /// most, every `%` followed by two hex digits). Anything else takes the full way; tested against `URL`.
    static func isPlainAbsoluteAddress(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            func lower(_ byte: UInt8) -> UInt8 { byte | 0x20 }
            var index: Int
            if bytes.count > 7, lower(bytes[0]) == 0x68, lower(bytes[1]) == 0x74, lower(bytes[2]) == 0x74,
                lower(bytes[3]) == 0x70
            {
                index = lower(bytes[4]) == 0x73 ? 5 : 4
            } else {
                return false
            }
            guard index + 3 < bytes.count, bytes[index] == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F
            else { return false }
            index += 3
            func isAlphanumeric(_ byte: UInt8) -> Bool {
                (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
            }
            guard isAlphanumeric(bytes[index]) else { return false }
            while index < bytes.count, isAlphanumeric(bytes[index]) || bytes[index] == 0x2E || bytes[index] == 0x2D {
                index += 1
            }
            if index < bytes.count, bytes[index] == 0x3A {
                index += 1
                let start = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > start, index - start <= 5 else { return false }
            }
            guard index == bytes.count || bytes[index] == 0x2F || bytes[index] == 0x3F || bytes[index] == 0x23 else {
                return false
            }
            // The rest needs no encoding, by the rule links of stories are written with.
            return !ArticleURL.needsEncoding(UnsafeBufferPointer(rebasing: bytes[index...]))
        }
    }

    /// A `srcset` with every candidate's address made absolute; candidates that cannot be are dropped.
    func resolveSourceSet(_ text: String) -> String? {
        var candidates: [(address: String, descriptor: String?)] = []
        let parsed = text.utf8.allSatisfy { $0 < 0x80 } ? Self.asciiCandidates(text) : Self.candidates(text)
        for (address, descriptors) in parsed {
            guard descriptors.count <= 1, let resolved = resolve(address) else { continue }
            let descriptor = descriptors.first
            if let descriptor, !Self.isDescriptor(descriptor) { continue }
            candidates.append((resolved, descriptor))
        }
        // What HTML calls valid: widths and densities are not mixed (with any width, only widths are kept), and no
        // two candidates share a width or a density (no descriptor is 1x): the first one stays.
        let usesWidths = candidates.contains { $0.descriptor?.hasSuffix("w") == true }
        var seen = Set<Double>()
        let kept = candidates.filter { candidate in
            let descriptor = candidate.descriptor ?? "1x"
            guard descriptor.hasSuffix("w") == usesWidths, let value = Double(descriptor.dropLast()) else {
                return false
            }
            return seen.insert(value).inserted
        }
        guard !kept.isEmpty else { return nil }
        return kept.map { candidate in
            candidate.descriptor.map { "\(candidate.address) \($0)" } ?? candidate.address
        }.joined(separator: ", ")
    }

    /// The candidates of a `srcset`, each its address and the words after it, split as HTML does (WHATWG "parse a
    /// srcset attribute"): an address runs to the next whitespace, so a comma inside it (`c_fill,f_auto`, as image
    /// CDNs write) is part of it; trailing commas end a candidate.
    static func candidates(_ text: String) -> [(address: String, descriptors: [String])] {
        var result: [(address: String, descriptors: [String])] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            guard !rest.isEmpty else { break }
            var address = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(address.count)
            var descriptors: [Substring] = []
            if address.hasSuffix(",") {
                address = address.dropLast(address.reversed().prefix { $0 == "," }.count)
            } else {
                let list = rest.prefix { $0 != "," }
                rest = rest.dropFirst(list.count)
                descriptors = list.split(whereSeparator: \.isWhitespace)
            }
            result.append((String(address), descriptors.map(String.init)))
        }
        return result
    }

    /// ``candidates(_:)`` for ASCII text, on its bytes (whitespace is then exactly tab to carriage return and
    /// space): the same split without a `Character` at a time.
    static func asciiCandidates(_ text: String) -> [(address: String, descriptors: [String])] {
        let bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        let comma = UInt8(ascii: ",")
        var result: [(address: String, descriptors: [String])] = []
        var index = 0
        while true {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == comma { index += 1 }
            guard index < bytes.count else { break }
            let start = index
            while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
            var end = index
            var descriptors: [String] = []
            if bytes[end - 1] == comma {
                while end > start, bytes[end - 1] == comma { end -= 1 }
            } else {
                let listStart = index
                while index < bytes.count, bytes[index] != comma { index += 1 }
                descriptors = bytes[listStart..<index].split(whereSeparator: isSpace).map {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            result.append((String(decoding: bytes[start..<end], as: UTF8.self), descriptors))
        }
        return result
    }

    /// `2x`, `1.5x`, `640w`.
    private static func isDescriptor(_ text: String) -> Bool {
        guard let unit = text.last, unit == "x" || unit == "w", text.count > 1 else { return false }
        return Double(text.dropLast()) != nil
    }
}
