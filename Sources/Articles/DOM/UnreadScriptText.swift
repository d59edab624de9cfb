#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of scripts and style sheets cut out of a page before libxml2 reads it.
///
/// The tree keeps no such text (JSON-LD scripts excepted, see ``PageTreeBuilder``), yet libxml2's HTML parser
/// reads a script's body one character at a time, checking every `</` on the way: on real news pages, with their
/// hundreds of kilobytes of inline JavaScript, that was a sixth of all the work of an extraction. Only the bodies
/// go; the elements stay, so the parser builds the same tree.
///
/// This is not a second HTML parser: it follows libxml2's own (2.9.14's `HTMLparser.c`, recovery mode) only as far
/// as needed to know where its script and style bodies begin and end: comments (to the first `-->` or `--!>` from
/// the fourth byte on), `<?…>`, `<!DOCTYPE` and end tags up to `>`, start tags with their attributes (a quote opens
/// a value only after `=`), the start tags that end a script or style sheet at once (`<noscript>`, `<body>`,
/// `<frameset>`), and a body up to the first `</` followed by the element's name in any case. Where libxml2's
/// reading depends on more than that (a comment or quoted value never closed, a body never ended, an end tag where a
/// body starts, a body ended by a longer name such as `</scripts`, a name over libxml2's 100 bytes), the scan stops
/// and the rest is left as it is, so the cost of a misreading is only a missed saving, never lost text; a script
/// whose tag holds a character reference (`type="ld&#43;json"`) keeps its body. `UnreadScriptTextTests` parses
/// seeded random markup with and without the cut and compares the trees.
enum UnreadScriptText {
    /// `page` without the bodies of its `<style>` elements and its scripts that are not JSON-LD; `page` itself when
    /// there are none.
    static func removed(from page: [UInt8]) -> [UInt8] {
        page.withUnsafeBufferPointer { bytes in
            var scanner = Scanner(bytes: bytes)
            let cuts = scanner.bodies()
            guard !cuts.isEmpty else { return page }
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count - cuts.reduce(0) { $0 + $1.count })
            var from = 0
            for cut in cuts {
                kept.append(contentsOf: bytes[from..<cut.lowerBound])
                from = cut.upperBound
            }
            kept.append(contentsOf: bytes[from...])
            return kept
        }
    }

    private struct Scanner {
        /// The longest name libxml2 reads at once (`HTML_PARSER_BUFFER_SIZE`).
        static let longestName = 100

        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The byte ranges of the bodies to cut, in page order. Wherever libxml2's reading is not certain from
        /// here, the scan stops and the rest of the page is left as it is.
        mutating func bodies() -> [Range<Int>] {
            var cuts: [Range<Int>] = []
            while let open = next(UInt8(ascii: "<"), from: index) {
                index = open
                if starts(with: "<!--", at: open) {
                    // libxml2 ends a comment at `-->` or `--!>`, the dashes at the fourth byte on.
                    guard let end = commentEnd(from: open + 4) else { break }
                    index = end
                } else if starts(with: "</", at: open) {
                    // An end tag with a name runs to the next `>`; `</` without one is text.
                    guard open + 2 < bytes.count, isNameStart(bytes[open + 2]) else {
                        index = open + 2
                        continue
                    }
                    guard let close = next(UInt8(ascii: ">"), from: open + 2) else { break }
                    index = close + 1
                } else if starts(with: "<?", at: open) {
                    // A processing instruction with a target runs to the next `>`.
                    guard open + 2 < bytes.count, isPITargetStart(bytes[open + 2]),
                        let close = next(UInt8(ascii: ">"), from: open + 2)
                    else { break }
                    index = close + 1
                } else if startsCaseInsensitive(with: "<!doctype", at: open) {
                    guard let end = doctypeEnd(from: open + 9) else { break }
                    // Right after a DOCTYPE met inside the page, libxml2 reads a `<` that opens no element, comment
                    // or processing instruction as text (an end tag there is not one): not followed here.
                    if starts(with: "<", at: end), !isLetter(at: end + 1), !starts(with: "<!--", at: end),
                        !starts(with: "<?", at: end)
                    {
                        break
                    }
                    index = end
                } else if isLetter(at: open + 1) {
                    guard let body = startTag(at: open) else { break }
                    guard let body else { continue }
                    switch bodyStart(body.start, of: body.element) {
                    case .uncertain:
                        return cuts
                    case .none:
                        index = body.start
                    case .raw:
                        // A JSON-LD body is kept, but skipped all the same: libxml2 reads no markup inside it.
                        guard let end = bodyEnd(from: body.start, name: body.element.name) else { return cuts }
                        if body.isCut, end > body.start { cuts.append(body.start..<end) }
                        index = end
                    }
                } else {
                    index = open + 1
                }
            }
            return cuts
        }

        private enum BodyStart { case raw, none, uncertain }

        /// The two elements whose bodies libxml2 reads raw.
        private enum RawElement {
            case script, style

            var name: StaticString {
                switch self {
                case .script: "script"
                case .style: "style"
                }
            }

            /// The start tags that end it at once when they open its body (libxml2's `htmlStartClose` table).
            var closedBy: [StaticString] {
                switch self {
                case .script: ["noscript"]
                case .style: ["body", "frameset"]
                }
            }
        }

        /// How libxml2 reads what follows a script's or style sheet's start tag: as its body (`raw`), or as
        /// markup because the element ends at once (`none`): a `<noscript>` right after `<script>`, a `<body>`
        /// or `<frameset>` right after `<style>`, or the element's own end tag. Any other end tag there is read as
        /// markup too, and what follows depends on which elements are open: `uncertain`.
        private func bodyStart(_ start: Int, of element: RawElement) -> BodyStart {
            guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "<") else { return .raw }
            let name = element.name
            if bytes[start + 1] == UInt8(ascii: "/") {
                guard start + 2 < bytes.count, isNameStart(bytes[start + 2]) else { return .uncertain }
                var end = start + 2
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                let matches =
                    end - start - 2 == name.utf8CodeUnitCount && startsCaseInsensitive(with: name, at: start + 2)
                return matches ? .none : .uncertain
            }
            // libxml2 checks whether the next start tag closes the open element before reading it as a body; the
            // name as that check reads it: letters, digits, `:`, `-` and `_` (no `.`).
            var end = start + 1
            while end < bytes.count, isNameByte(bytes[end]), bytes[end] != UInt8(ascii: ".") { end += 1 }
            let length = end - start - 1
            let closes = element.closedBy.contains {
                length == $0.utf8CodeUnitCount && startsCaseInsensitive(with: $0, at: start + 1)
            }
            return closes ? .none : .raw
        }

        /// Just past the end of a comment whose text starts at `start`; nil when it never ends.
        private func commentEnd(from start: Int) -> Int? {
            var position = start
            while let dash = next(UInt8(ascii: "-"), from: position) {
                if starts(with: "-->", at: dash) { return dash + 3 }
                if starts(with: "--!>", at: dash) { return dash + 4 }
                position = dash + 1
            }
            return nil
        }

        /// Just past a `<!DOCTYPE`'s `>`. libxml2 reads quoted identifiers in some places of it and not in others:
        /// only where the first `>` and the first `>` outside quotes are the same place is its end certain.
        private func doctypeEnd(from start: Int) -> Int? {
            guard let first = next(UInt8(ascii: ">"), from: start) else { return nil }
            var position = start
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ">") { return position == first ? first + 1 : nil }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    guard let close = next(byte, from: position + 1) else { return nil }
                    position = close + 1
                } else {
                    position += 1
                }
            }
            return nil
        }

        /// Reads the start tag at `open` and moves past it. Nil when it never ends; `.some(nil)` when it opens no
        /// raw body; else where the body starts, which element it is and whether the body is
        /// cut (not for JSON-LD).
        private mutating func startTag(at open: Int) -> (start: Int, element: RawElement, isCut: Bool)?? {
            var position = open + 1
            while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
            // libxml2 reads at most 100 bytes of a name and the rest as what comes next: not followed here.
            guard position - open - 1 <= Self.longestName else { return nil }
            let element = [RawElement.script, .style].first {
                position - open - 1 == $0.name.utf8CodeUnitCount && startsCaseInsensitive(with: $0.name, at: open + 1)
            }
            while true {
                while position < bytes.count, isBlank(bytes[position]) { position += 1 }
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ">") { break }
                if bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: ">")
                {
                    // `<script/>`: libxml2 ends the element there, with no body.
                    index = position + 2
                    return .some(nil)
                }
                guard let after = attribute(at: position) else { return nil }
                position = after
            }
            index = position + 1
            guard let element else { return .some(nil) }
            // libxml2 decodes character references in attribute values (`ld&#43;json`): a script's tag with any `&`
            // keeps its body, as a JSON-LD one does.
            let isCut =
                element == .style
                || !containsCaseInsensitive("ld+json", in: open..<position)
                    && !contains(UInt8(ascii: "&"), in: open..<position)
            return (position + 1, element, isCut)
        }

        /// Where the attribute at `position` ends; nil when its quoted value never closes or its name is longer than
        /// libxml2 reads at once.
        private func attribute(at start: Int) -> Int? {
            var position = start
            guard isNameStart(bytes[position]) else {
                // libxml2 drops a bogus attribute up to the next blank or the tag's end.
                while position < bytes.count, !isBlank(bytes[position]), bytes[position] != UInt8(ascii: ">"),
                    !starts(with: "/>", at: position)
                {
                    position += 1
                }
                return position
            }
            while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
            guard position - start <= Self.longestName else { return nil }
            var afterBlanks = position
            while afterBlanks < bytes.count, isBlank(bytes[afterBlanks]) { afterBlanks += 1 }
            guard afterBlanks < bytes.count, bytes[afterBlanks] == UInt8(ascii: "=") else { return position }
            position = afterBlanks + 1
            while position < bytes.count, isBlank(bytes[position]) { position += 1 }
            guard position < bytes.count else { return position }
            let quote = bytes[position]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard let close = next(quote, from: position + 1) else { return nil }
                return close + 1
            }
            while position < bytes.count, !isBlank(bytes[position]), bytes[position] != UInt8(ascii: ">") {
                position += 1
            }
            return position
        }

        /// Where the body that starts at `start` ends: the first `</` followed by `name` in any case (libxml2 compares
        /// only that many bytes). Nil when there is none, or when the name goes on there (`</scripts`): libxml2 then
        /// reads an end tag of another name, and whether the body goes on depends on which elements are open.
        private func bodyEnd(from start: Int, name: StaticString) -> Int? {
            var position = start
            while let open = next(UInt8(ascii: "<"), from: position) {
                if open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "/"),
                    startsCaseInsensitive(with: name, at: open + 2)
                {
                    let after = open + 2 + name.utf8CodeUnitCount
                    return after < bytes.count && isNameByte(bytes[after]) ? nil : open
                }
                position = open + 1
            }
            return nil
        }

        private func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
            guard !range.isEmpty, let base = bytes.baseAddress else { return false }
            return memchr(base + range.lowerBound, Int32(byte), range.count) != nil
        }

        private func next(_ byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + start, Int32(byte), bytes.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        private func starts(with text: StaticString, at position: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard position + count <= bytes.count, let base = bytes.baseAddress else { return false }
            return memcmp(base + position, text.utf8Start, count) == 0
        }

        /// Whether `lowercase` stands at `position`, its ASCII letters in either case and every other byte as it is.
        private func startsCaseInsensitive(with lowercase: StaticString, at position: Int) -> Bool {
            let count = lowercase.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            let text = lowercase.utf8Start
            for offset in 0..<count {
                let byte = bytes[position + offset]
                let wanted = text[offset]
                let isLetter = wanted >= 0x61 && wanted <= 0x7A
                guard byte == wanted || isLetter && byte == wanted - 0x20 else { return false }
            }
            return true
        }

        private func containsCaseInsensitive(_ lowercase: StaticString, in range: Range<Int>) -> Bool {
            let length = lowercase.utf8CodeUnitCount
            guard range.count >= length else { return false }
            return (range.lowerBound...(range.upperBound - length)).contains {
                startsCaseInsensitive(with: lowercase, at: $0)
            }
        }

        private func isLetter(at position: Int) -> Bool {
            position < bytes.count && (bytes[position] | 0x20) >= 0x61 && (bytes[position] | 0x20) <= 0x7A
        }

        private func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// The bytes of libxml2's HTML names: letters, digits, `:`, `-`, `_` and `.`.
        private func isNameByte(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x3A || byte == 0x2D
                || byte == 0x5F || byte == 0x2E
        }

        /// What may start a processing instruction's target (ASCII only here: a scan that meets anything else stops).
        private func isPITargetStart(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || byte == 0x5F || byte == 0x3A
        }

        /// What may start a name libxml2 reads in a tag (element or attribute): a letter, `_`, `:` or `.`.
        private func isNameStart(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || byte == 0x5F || byte == 0x3A || byte == 0x2E
        }
    }
}
