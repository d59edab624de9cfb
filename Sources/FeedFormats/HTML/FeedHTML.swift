/// The small, exactly invertible HTML that feeds carry for plain-text stories.
///
/// Stories hold plain text; RSS `description` and `content:encoded` hold HTML. Escaping the
/// text makes it safe HTML (a `<script>` in upstream text stays visible text, never markup),
/// and ``plainText(fromHTML:)`` undoes both ``escaped(_:)`` and ``paragraphs(_:)`` exactly, so
/// stories read back from a feed equal the stories written.
package enum FeedHTML {
    /// `text` with `&`, `<` and `>` escaped, ready to use as HTML text.
    package static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each `\n\n`-separated block of `text` as `<p>…</p>`, single line breaks as `<br/>`.
    ///
    /// Splits on every `\n\n` from the left (not on runs of them), so a third newline starts the
    /// next paragraph with `<br/>` and the conversion stays invertible.
    package static func paragraphs(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendParagraphs(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``escaped(_:)`` of `text` as UTF-8. The renderer writes these bytes to libxml2 as
    /// they are: a big feed would otherwise build, check and scan thousands of short-lived strings.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.reserveCapacity(output.count + bytes.count + 16)
            appendEscaped(bytes[...], to: &output)
        }
    }

    /// Appends ``paragraphs(_:)`` of `text` as UTF-8; every character it looks at is ASCII.
    static func appendParagraphs(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.reserveCapacity(output.count + bytes.count + 32)
            output += "<p>".utf8
            var lineStart = 0
            var index = 0
            while index < bytes.count {
                guard bytes[index] == newline else {
                    index += 1
                    continue
                }
                appendEscaped(bytes[lineStart..<index], to: &output)
                index += 1
                if index < bytes.count, bytes[index] == newline {
                    output += "</p><p>".utf8
                    index += 1
                } else {
                    output += "<br/>".utf8
                }
                lineStart = index
            }
            appendEscaped(bytes[lineStart...], to: &output)
            output += "</p>".utf8
        }
    }

    private static let newline = UInt8(ascii: "\n")

    /// Appends `bytes` with `&`, `<` and `>` escaped, copying the runs between them whole; eight
    /// bytes without any of them are passed over at once.
    private static func appendEscaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to output: inout [UInt8]) {
        let base = UnsafeBufferPointer(rebasing: bytes)
        let raw = UnsafeRawBufferPointer(base)
        let count = base.count
        var runStart = 0
        var index = 0
        while index < count {
            var end = count
            if index + 8 <= count {
                let word = TextWord(raw, at: index)
                if !(word.hasByte(UInt8(ascii: "&")) || word.hasByte(UInt8(ascii: "<"), or: UInt8(ascii: ">"))) {
                    index += 8
                    continue
                }
                end = index + 8
            }
            while index < end {
                let escape: StaticString
                switch base[index] {
                case UInt8(ascii: "&"): escape = "&amp;"
                case UInt8(ascii: "<"): escape = "&lt;"
                case UInt8(ascii: ">"): escape = "&gt;"
                default:
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: base[runStart..<index]))
                output.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                index += 1
                runStart = index
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: base[runStart..<count]))
    }

    /// Plain text from feed HTML: paragraphs become blank-line separated, `<br>` a line break,
    /// other tags are dropped, and character references are decoded.
    ///
    /// Whitespace between one paragraph's end and the next tag is layout, not text, so HTML from
    /// other tools reads back without stray blank lines.
    package static func plainText(fromHTML html: String) -> String {
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var paragraphCount = 0
        var betweenBlocks = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), let tag = Tag(bytes, openingAt: index) {
                switch (tag.name, tag.isClosing) {
                case ("p", false):
                    if paragraphCount > 0 { output += Array("\n\n".utf8) }
                    paragraphCount += 1
                    betweenBlocks = false
                case ("p", true):
                    betweenBlocks = true
                case ("br", _):
                    output.append(UInt8(ascii: "\n"))
                default:
                    break
                }
                index = tag.end
            } else if byte == UInt8(ascii: "&"), let (scalar, end) = characterReference(bytes, at: index) {
                output += Array(String(scalar).utf8)
                betweenBlocks = false
                index = end
            } else {
                let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
                if !(betweenBlocks && isSpace) {
                    output.append(byte)
                    betweenBlocks = false
                }
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A tag such as `<p>`, `</p>`, `<br/>` or `<a href="…">`; the name lowercased.
    private struct Tag {
        var name: String
        var isClosing: Bool
        /// Index just past the closing `>`.
        var end: Int

        /// Nil when the `<` does not start a tag (e.g. `a < b` in sloppy HTML): kept as text then.
        init?(_ bytes: [UInt8], openingAt start: Int) {
            var index = start + 1
            isClosing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if isClosing { index += 1 }
            let nameStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            guard index > nameStart || (!isClosing && index < bytes.count && bytes[index] == UInt8(ascii: "!")),
                let close = bytes[index...].firstIndex(of: UInt8(ascii: ">"))
            else { return nil }
            name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            end = close + 1
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        }
    }

    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// Decodes `&name;`, `&#123;` or `&#x1F600;` starting at `start`; nil when it is a bare `&`.
    private static func characterReference(_ bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        let limit = min(bytes.count, start + 12)
        guard let semicolon = bytes[(start + 1)..<limit].firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let body = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        let scalar: Unicode.Scalar?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if body.hasPrefix("#") {
            scalar = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        } else {
            scalar = namedReferences[body]
        }
        guard let scalar, XMLCharacters.isAllowed(scalar) else { return nil }
        return (scalar, semicolon + 1)
    }
}
