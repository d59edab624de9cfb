import Foundation
import NewsModel

/// The scalar-by-scalar text cleaner newsfeed used before the byte-level ``TextCleaner``, kept
/// verbatim as the reference the fast one must agree with on every input.
package enum ReferenceTextCleaner {
    /// `text` as plain text; empty when nothing readable is left.
    package static func plainText(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        scalars = strippingTags(scalars)
        scalars = decodingEntities(scalars)
        if containsTagStart(scalars) { scalars = strippingTags(scalars) }
        return foldingWhitespace(scalars.filter(isAllowedInText))
    }

    /// `text` without the characters XML 1.0 forbids (and invisible controls), otherwise unchanged.
    package static func removingForbiddenCharacters(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.filter(isAllowedInText))
        return String(result)
    }

    /// NewsAPI ends `content` with `… [+1234 chars]`; returns the text before it and whether it was there.
    package static func removingTruncationMarker(_ text: String) -> (text: String, wasTruncated: Bool) {
        var body = Substring(text)
        while let last = body.last, last.isWhitespace { body.removeLast() }
        guard body.hasSuffix(" chars]"), let open = body.range(of: "[+", options: .backwards) else {
            return (text, false)
        }
        let count = body[open.upperBound...].dropLast(" chars]".count)
        guard !count.isEmpty, count.allSatisfy(\.isASCII), count.allSatisfy(\.isNumber) else { return (text, false) }
        body = body[..<open.lowerBound]
        while let last = body.last, last.isWhitespace { body.removeLast() }
        if body.hasSuffix("…") {
            body.removeLast()
        } else if body.hasSuffix("...") {
            body.removeLast(3)
        }
        return (String(body), true)
    }

    /// Cuts `text` to at most `limit` characters on a word boundary, ending with `…` when cut.
    package static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        let head = text.prefix(limit - 1)
        var cut = head
        if let space = head.lastIndex(where: \.isWhitespace),
            head.distance(from: head.startIndex, to: space) > limit / 2
        {
            cut = head[..<space]
        }
        while let last = cut.last, last.isWhitespace || ",;:-".contains(last) { cut.removeLast() }
        return cut + "…"
    }

    // MARK: Tags

    /// Inline elements join words (`wo<b>r</b>d`); all other tags separate them.
    private static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s",
        "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]

    /// Elements whose content is not text to show: dropped with their bodies.
    private static let opaqueElements: Set<String> = [
        "script", "style", "noscript", "iframe", "object", "embed", "template", "svg", "math", "head", "title",
    ]

    private static func isTagStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && scalar.isASCII || scalar == "/" || scalar == "!" || scalar == "?"
    }

    private static func containsTagStart(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.count > 1 else { return false }
        for index in 0..<(scalars.count - 1) where scalars[index] == "<" && isTagStart(scalars[index + 1]) {
            return true
        }
        return false
    }

    private static func strippingTags(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard input.contains("<") else { return input }
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            guard scalar == "<", index + 1 < input.count, isTagStart(input[index + 1]) else {
                output.append(scalar)
                index += 1
                continue
            }
            if input[index + 1] == "!", hasPrefix(input, at: index, "<!--") {
                index = endOf(input, from: index + 4, marker: "-->")
                output.append(" ")
                continue
            }
            let (name, isClosing, end) = tag(in: input, at: index)
            index = end
            if !isClosing, opaqueElements.contains(name) {
                index = endOfElement(named: name, in: input, from: index)
            }
            if !inlineElements.contains(name) { output.append(" ") }
        }
        return output
    }

    /// Reads the tag starting at `start` (`<`): its lowercased name, whether it closes, and the index after `>`.
    /// An unterminated tag (text cut mid-tag) runs to the end.
    private static func tag(in input: [Unicode.Scalar], at start: Int) -> (String, Bool, Int) {
        var index = start + 1
        let isClosing = input[index] == "/"
        if isClosing { index += 1 }
        var name = String.UnicodeScalarView()
        while index < input.count, input[index].properties.isAlphabetic || ("0"..."9").contains(input[index]) {
            name.append(input[index])
            index += 1
        }
        var quote: Unicode.Scalar?
        while index < input.count {
            let scalar = input[index]
            index += 1
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                break
            }
        }
        return (String(name).lowercased(), isClosing, index)
    }

    /// The index after `</name …>`, or the end of the input when the element never closes.
    private static func endOfElement(named name: String, in input: [Unicode.Scalar], from start: Int) -> Int {
        let closing = Array("</\(name)".unicodeScalars)
        var index = start
        while index < input.count {
            if input[index] == "<", index + closing.count <= input.count,
                zip(input[index..<(index + closing.count)], closing).allSatisfy({ lowercase($0) == $1 })
            {
                return tag(in: input, at: index).2
            }
            index += 1
        }
        return input.count
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }

    private static func hasPrefix(_ input: [Unicode.Scalar], at start: Int, _ prefix: String) -> Bool {
        let marker = Array(prefix.unicodeScalars)
        guard start + marker.count <= input.count else { return false }
        return Array(input[start..<(start + marker.count)]) == marker
    }

    private static func endOf(_ input: [Unicode.Scalar], from start: Int, marker: String) -> Int {
        let count = marker.unicodeScalars.count
        var index = start
        while index + count <= input.count {
            if hasPrefix(input, at: index, marker) { return index + count }
            index += 1
        }
        return input.count
    }

    // MARK: Entities

    private static func decodingEntities(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard input.contains("&") else { return input }
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == "&", let (decoded, end) = entity(in: input, at: index) {
                output.append(contentsOf: decoded)
                index = end
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return output
    }

    /// Decodes `&name;`, `&#123;` or `&#x1F;` at `start`; nil when it is not a known, terminated entity.
    private static func entity(in input: [Unicode.Scalar], at start: Int) -> ([Unicode.Scalar], Int)? {
        let limit = min(input.count, start + 34)
        guard let semicolon = input[(start + 1)..<limit].firstIndex(of: ";"), semicolon > start + 1 else {
            return nil
        }
        let body = String(String.UnicodeScalarView(input[(start + 1)..<semicolon]))
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            return ([numericReference(value)], semicolon + 1)
        }
        guard let decoded = HTMLEntities.named[body] else { return nil }
        return (Array(decoded.unicodeScalars), semicolon + 1)
    }

    /// HTML's rules for numeric references: Windows-1252 for 0x80–0x9F, U+FFFD for the impossible.
    private static func numericReference(_ value: UInt32) -> Unicode.Scalar {
        if let mapped = HTMLEntities.windows1252[value] { return mapped }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    // MARK: Characters and whitespace

    /// XML 1.0 allows tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD and above; C1 controls, DEL and
    /// invisible format marks (BOM, zero-width space) and the replacement character say nothing
    /// either and are dropped too.
    private static func isAllowedInText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20, 0x7F...0x9F: false
        case 0xFFFE, 0xFFFF: false
        // U+FFFD stands where decoding met invalid UTF-8 or a lone surrogate: noise, not content,
        // and the W3C feed validator warns about it (`BadCharacters`).
        case 0xFFFD: false
        case 0xAD, 0x200B, 0xFEFF: false
        default: true
        }
    }

    /// Builds UTF-8 bytes rather than appending to a `String`: big responses clean thousands of
    /// fields, and per-scalar `String` appends and Unicode property look-ups dominated `convert`.
    private static func foldingWhitespace(_ scalars: [Unicode.Scalar]) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(scalars.count)
        var pendingSpace = false
        for scalar in scalars {
            if isWhitespace(scalar) {
                pendingSpace = true
                continue
            }
            if pendingSpace, !result.isEmpty { result.append(UInt8(ascii: " ")) }
            pendingSpace = false
            if scalar.isASCII {
                result.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { result.append($0) }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Unicode's White_Space property, answered without a table look-up for ASCII (tab to CR, space).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isWhitespace }
        return scalar == " " || (0x09...0x0D).contains(scalar.value)
    }
}
