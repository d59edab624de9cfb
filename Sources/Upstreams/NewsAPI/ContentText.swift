import NewsModel

/// NewsAPI's `content` as plain text that keeps its lines: list items, `<br>`, paragraphs
/// and `\r\n` become line breaks (which the feed renders as `<br/>`), so a reader does not
/// see "…defeat video NBA Devin Booker scores…" run together.
package enum ContentText {
    /// Block-level tags whose boundaries are line breaks.
    private static let breakingTags: [[UInt8]] = ["br", "p", "div", "li", "ul", "ol", "tr", "h1", "h2", "h3", "h4"]
        .map { Array($0.utf8) }
    /// ``lineMark`` in UTF-8.
    private static let mark = Array(String(lineMark).utf8)
    /// Stands for a line break while ``TextCleaner`` strips tags and folds whitespace; a
    /// private-use character, so folding leaves it alone and no real text is mistaken for it.
    private static let lineMark: Unicode.Scalar = "\u{E000}"

    /// Plain text (``TextCleaner/plainText(_:)``), one line per block, empty lines dropped.
    package static func plainLines(_ raw: String) -> String {
        let bytes = Array(raw.utf8)
        // Most content is one run of text: nothing to keep apart.
        guard bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
        else { return TextCleaner.plainText(raw) }
        let mark = Self.mark
        var marked: [UInt8] = []
        marked.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == mark[0], bytes[index...].starts(with: mark) {
                index += mark.count  // a mark in the input itself is dropped
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                marked.append(contentsOf: mark)
            } else if byte == UInt8(ascii: "<"), isBreakingTag(in: bytes, at: index) {
                // The mark goes before the tag, which the cleaner then strips (or, inside a
                // script, drops with the script).
                marked.append(contentsOf: mark)
                marked.append(byte)
            } else {
                marked.append(byte)
            }
            index += 1
        }
        let cleaned = TextCleaner.plainText(String(decoding: marked, as: UTF8.self))
        // Split on the mark's bytes; the cleaner folded whitespace, so at most one space sits
        // at either end of a line.
        var lines: [UInt8] = []
        lines.reserveCapacity(cleaned.utf8.count)
        var line: [UInt8] = []
        func endLine() {
            var slice = line[...]
            while slice.first == UInt8(ascii: " ") { slice = slice.dropFirst() }
            while slice.last == UInt8(ascii: " ") { slice = slice.dropLast() }
            if !slice.isEmpty {
                if !lines.isEmpty { lines.append(UInt8(ascii: "\n")) }
                lines.append(contentsOf: slice)
            }
            line.removeAll(keepingCapacity: true)
        }
        let text = Array(cleaned.utf8)
        var position = 0
        while position < text.count {
            if text[position] == mark[0], text[position...].starts(with: mark) {
                endLine()
                position += mark.count
            } else {
                line.append(text[position])
                position += 1
            }
        }
        endLine()
        return String(decoding: lines, as: UTF8.self)
    }

    /// Whether the tag starting at `start` (`<li>`, `</p>`, `<br/>`) is one of ``breakingTags``;
    /// its name is compared lowercased, on bytes.
    private static func isBreakingTag(in bytes: [UInt8], at start: Int) -> Bool {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        var name: (bytes: [UInt8], count: Int) = ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0)
        while index < bytes.count, name.count < 10 {
            let byte = bytes[index]
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
                name.bytes[name.count] = byte | 0x20
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), name.count > 0 {
                name.bytes[name.count] = byte
            } else {
                break
            }
            name.count += 1
            index += 1
        }
        guard name.count > 0, index < bytes.count else { return false }
        let next = bytes[index]
        guard next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == UInt8(ascii: " ") else { return false }
        let read = name.bytes[..<name.count]
        return breakingTags.contains { $0.elementsEqual(read) }
    }
}
