import NewsModel

/// NewsAPI's `content` as plain text that keeps its lines: list items, `<br>`, paragraphs
/// and `\r\n` become line breaks (which the feed renders as `<br/>`), so a reader does not
/// see "…defeat video NBA Devin Booker scores…" run together.
package enum ContentText {
    /// Block-level tags whose boundaries are line breaks, their names' bytes packed into a number (the first in the
    /// lowest byte; all are at most three bytes long).
    private static let breakingTags: [UInt32] = ["br", "p", "div", "li", "ul", "ol", "tr", "h1", "h2", "h3", "h4"]
        .map { $0.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) } }
    /// ``lineMark`` in UTF-8.
    private static let mark = Array(String(lineMark).utf8)
    /// Stands for a line break while ``TextCleaner`` strips tags and folds whitespace; a
    /// private-use character, so folding leaves it alone and no real text is mistaken for it.
    private static let lineMark: Unicode.Scalar = "\u{E000}"

    /// Plain text (``TextCleaner/plainText(_:)``), one line per block, empty lines dropped.
    package static func plainLines(_ raw: String) -> String {
        plainLines(raw, wordAtATime: true)
    }

    /// ``plainLines(_:)``, its text searched for tags, line breaks and marks eight bytes at a time, or byte by byte
    /// (the plain way, which the tests hold the fast one to).
    package static func plainLines(_ raw: String, wordAtATime: Bool) -> String {
        var raw = raw
        // The text with a mark before each line-breaking tag and for each line break (a mark in the input itself is
        // dropped), the text between them copied in runs; nil when there is nothing to keep apart, as for most
        // content (one run of text).
        let marked: [UInt8]? = raw.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            /// The first byte from `index` on that may be a tag, a line break or a mark (`bytes.count` when none is):
            /// eight bytes without `<`, LF, CR or the mark's first byte at a time.
            func nextCandidate(from index: Int) -> Int {
                var index = index
                if wordAtATime {
                    while index + 8 <= bytes.count {
                        let word = ByteWord(raw, at: index)
                        if word.hasByte(UInt8(ascii: "<")) || word.hasByte(UInt8(ascii: "\n"))
                            || word.hasByte(UInt8(ascii: "\r")) || word.hasByte(mark[0])
                        {
                            break
                        }
                        index += 8
                    }
                }
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == mark[0] || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                        || byte == UInt8(ascii: "<")
                    {
                        break
                    }
                    index += 1
                }
                return index
            }
            // Only the mark's first byte alone is nothing to keep apart.
            var first = nextCandidate(from: 0)
            while first < bytes.count, bytes[first] == mark[0] { first = nextCandidate(from: first + 1) }
            guard first < bytes.count else { return nil }
            var marked: [UInt8] = []
            marked.reserveCapacity(bytes.count + 16)
            var runStart = 0
            var index = 0
            while true {
                // Marks before the first line break or tag are dropped too.
                index = nextCandidate(from: index)
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte == mark[0] {
                    guard UnsafeBufferPointer(rebasing: bytes[index...]).starts(with: mark) else {
                        index += 1
                        continue
                    }
                    marked.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    index += mark.count
                    runStart = index
                    continue
                }
                if byte == UInt8(ascii: "<"), !isBreakingTag(in: bytes, at: index) {
                    index += 1
                    continue
                }
                marked.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                marked.append(contentsOf: mark)
                // A line break is replaced by the mark; a tag stays after it, for the cleaner to strip (or, inside a
                // script, to drop with the script).
                runStart = byte == UInt8(ascii: "<") ? index : index + 1
                index += 1
            }
            marked.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return marked
        }
        guard let marked else { return TextCleaner.plainText(raw) }
        var cleaned = TextCleaner.plainText(String(decoding: marked, as: UTF8.self))
        // Split on the mark's bytes; the cleaner folded whitespace, so at most one space sits at either end of a
        // line.
        return cleaned.withUTF8 { text in
            var lines: [UInt8] = []
            lines.reserveCapacity(text.count)
            func addLine(_ start: Int, _ end: Int) {
                var start = start
                var end = end
                while start < end, text[start] == UInt8(ascii: " ") { start += 1 }
                while end > start, text[end - 1] == UInt8(ascii: " ") { end -= 1 }
                guard end > start else { return }
                if !lines.isEmpty { lines.append(UInt8(ascii: "\n")) }
                lines.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
            }
            var lineStart = 0
            var position = 0
            let markStart = mark[0]
            let raw = UnsafeRawBufferPointer(text)
            while position < text.count {
                // Eight bytes without the mark's first byte at a time.
                if position + 8 <= text.count, !ByteWord(raw, at: position).hasByte(markStart) {
                    position += 8
                    continue
                }
                if text[position] == markStart, UnsafeBufferPointer(rebasing: text[position...]).starts(with: mark) {
                    addLine(lineStart, position)
                    position += mark.count
                    lineStart = position
                } else {
                    position += 1
                }
            }
            addLine(lineStart, text.count)
            return String(decoding: lines, as: UTF8.self)
        }
    }

    /// Whether the tag starting at `start` (`<li>`, `</p>`, `<br/>`) is one of ``breakingTags``;
    /// its name is compared lowercased, on bytes.
    private static func isBreakingTag(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        // The name's first bytes packed as in `breakingTags` (no array per tag); only its length beyond them.
        var name: UInt32 = 0
        var count = 0
        while index < bytes.count, count < 10 {
            let byte = bytes[index]
            let kept: UInt8
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
                kept = byte | 0x20
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), count > 0 {
                kept = byte
            } else {
                break
            }
            if count < 4 { name |= UInt32(kept) << (8 * UInt32(count)) }
            count += 1
            index += 1
        }
        guard count > 0, index < bytes.count else { return false }
        let next = bytes[index]
        guard next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == UInt8(ascii: " ") else { return false }
        return count <= 3 && breakingTags.contains(name)
    }
}
