import NewsModel

/// The article's HTML as it may go into a feed or a reader page: an allowlist of elements and
/// attributes, nothing that runs or loads on its own (no script, style, iframe, object, form, event
/// handler, `javascript:` or `data:` address), every address absolute, every link
/// `rel="noopener noreferrer"`. Text directly in a container is put into paragraphs so the result
/// is well-formed flow content (valid in XHTML-minded feed readers as in browsers).
struct ArticleSanitizer {
    let tree: PageTree
    let links: LinkResolver

    /// Elements kept as they are, with the attributes listed for them (and `lang`/`dir` on any).
    static let allowed: [String: Set<String>] = [
        "p": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [], "ul": [], "ol": ["start", "reversed"], "li": [],
        "dl": [], "dt": [], "dd": [], "blockquote": ["cite"], "pre": [], "code": [], "em": [], "strong": [], "b": [],
        "i": [], "u": [], "s": [], "sub": [], "sup": [], "small": [], "mark": [], "q": ["cite"], "cite": [],
        "abbr": ["title"], "time": ["datetime"], "br": [], "hr": [], "a": ["href", "title"],
        "img": ["src", "srcset", "alt", "title", "width", "height"], "figure": [], "figcaption": [], "table": [],
        "thead": [], "tbody": [], "tfoot": [], "tr": [], "th": ["colspan", "rowspan", "scope"],
        "td": ["colspan", "rowspan"], "caption": [], "del": [], "ins": [], "kbd": [], "samp": [], "var": [],
        "dfn": [], "bdi": [], "bdo": [], "wbr": [],
    ]
    /// Elements dropped with everything inside them: active content, forms, media players, page parts.
    static let dropped: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "param", "form", "input",
        "button", "select", "textarea", "option", "svg", "canvas", "video", "audio", "source", "track",
        "noscript", "template", "head", "title", "meta", "link", "base", "map", "area", "dialog", "nav", "footer",
        "aside", "header", "menu", "portal", "slot",
    ]
    /// Elements that start a block: text around them is put into its own paragraph.
    static let blocks: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "table",
        "figure", "figcaption", "hr", "div", "section", "article", "main", "center", "details", "summary", "address",
        "hgroup", "fieldset", "tr", "td", "th", "thead", "tbody", "tfoot", "caption",
    ]
    static let voidTags: TagSet = ["br", "hr", "img", "wbr"]
    /// Elements whose children must be elements of certain kinds (no bare text or paragraphs).
    static let structuralTags: TagSet = ["ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "tr"]
    /// Kept elements that hold phrasing content only: a block inside one would close it in the HTML parser
    /// (`<p><h2>` is read as `<p></p><h2>`, and the `</p>` that follows is a parse error the W3C feed validator
    /// reports as "Invalid HTML").
    static let phrasingOnly: Set<String> = Set(allowed.keys).subtracting(blocks).subtracting(["a", "del", "ins"])
        .union(["p", "h2", "h3", "h4", "h5", "h6"])
    /// The string lists above (which also name ``HTMLTag`` numbers, or are derived) as bit sets, for the elements
    /// written.
    static let droppedTags = TagSet(dropped)
    static let blockTags = TagSet(blocks)
    static let phrasingOnlyTags = TagSet(phrasingOnly)

    /// Kept elements that belong inside one kind of parent only (an item in a list, a cell in a row, a caption in
    /// a figure): found anywhere else, as when the extractor took a table's row as the article, they are written as
    /// their content.
    static let parents: [String: Set<String>] = [
        "li": ["ul", "ol"], "dt": ["dl"], "dd": ["dl"], "tr": ["table", "thead", "tbody", "tfoot"], "td": ["tr"],
        "th": ["tr"], "thead": ["table"], "tbody": ["table"], "tfoot": ["table"], "caption": ["table"],
        "figcaption": ["figure"],
    ]

    /// Where ``write(_:into:in:)`` is writing: what is open around the element, so nothing is written that the HTML
    /// parser would read differently from the way it is nested.
    struct Context {
        /// Inside a paragraph or heading: kept blocks are written as their content, without their tags.
        var inPhrasing = false
        /// Inside a link: a link inside is written as its content (links do not nest).
        var inLink = false
        /// In a table row: the rows left in its group, counting its own, which a cell's `rowspan` may not exceed.
        var rowsLeft: Int?
        /// The kept element whose own children are being written, for the elements of ``parents``.
        var parent: String?
    }

    /// Whether `index` is an element of ``parents`` outside the parent it belongs in.
    private func isStray(_ index: Int, parent: String?) -> Bool {
        guard let parents = Self.parents[tree[index].name] else { return false }
        return !parents.contains(parent ?? "")
    }

    /// The HTML of the children of `root`.
    func html(_ root: Int) -> String {
        var output = ""
        writeFlow(tree[root].children, into: &output)
        return output
    }

    /// Children of a container that is not itself written: runs of inline content become paragraphs.
    private func writeFlow(_ children: [Int], into output: inout String) {
        var run: [Int] = []
        func flush() {
            defer { run = [] }
            let hasContent = run.contains { index in
                tree[index].isText ? !TextWhitespace.isBlank(tree[index].text) : tree[index].name != "br"
            }
            guard hasContent else { return }
            var inline = ""
            for index in run { write(index, into: &inline, in: Context(inPhrasing: true)) }
            let trimmed = inline.trimmingSpaces()
            guard !trimmed.isEmpty else { return }
            output += "<p>" + trimmed + "</p>\n"
        }
        for child in children {
            let node = tree[child]
            if !node.isText, Self.droppedTags.contains(node.tag) { continue }
            // A paragraph holding a block (`<p><h2>…</h2></p>` on Wikipedia) is written as flow: its runs of
            // text as paragraphs, its blocks between them.
            let paragraphWithBlock = !node.isText && node.name == "p" && containsKeptBlock(child)
            if !node.isText, Self.blockTags.contains(node.tag) {
                flush()
                if Self.allowed[node.name] == nil || paragraphWithBlock || isStray(child, parent: nil) {
                    writeFlow(node.children, into: &output)
                } else {
                    write(child, into: &output)
                    output += "\n"
                }
            } else {
                run.append(child)
            }
        }
        flush()
    }

    /// Whether a kept block element lies inside `index` (through elements whose tags are dropped or inline).
    private func containsKeptBlock(_ index: Int) -> Bool {
        var stack = tree[index].children
        while let child = stack.popLast() {
            let node = tree[child]
            if node.isText || Self.droppedTags.contains(node.tag) { continue }
            if Self.blockTags.contains(node.tag), Self.allowed[node.name] != nil { return true }
            stack.append(contentsOf: node.children)
        }
        return false
    }

    private func write(_ index: Int, into output: inout String, in context: Context = Context()) {
        let node = tree[index]
        if node.isText {
            TextWhitespace.appendCollapsedEscaped(node.text, to: &output)
            return
        }
        if Self.droppedTags.contains(node.tag) { return }
        let unnestable =
            (context.inPhrasing && Self.blockTags.contains(node.tag)) || (context.inLink && node.name == "a")
            || isStray(index, parent: context.parent)
        guard let allowedAttributes = Self.allowed[node.name], !unnestable else {
            // Not allowed (or not allowed here), but its content is: the tag goes, the children stay.
            if context.inPhrasing, Self.blockTags.contains(node.tag), !output.hasSuffix(" ") { output += " " }
            var inside = context
            inside.parent = nil
            for child in node.children { write(child, into: &output, in: inside) }
            return
        }
        var nested = context
        nested.parent = nil
        nested.rowsLeft = nil
        if Self.phrasingOnlyTags.contains(node.tag) { nested.inPhrasing = true }
        if node.name == "a" { nested.inLink = true }
        if node.name == "pre" {
            output += "<pre>" + Self.escape(tree.text(index)) + "</pre>"
            return
        }
        if Self.structuralTags.contains(node.tag) {
            // An empty list, table part or row is nothing; a `dl` that is not terms and descriptions is its text.
            let children = structuralChildren(index)
            guard !children.isEmpty else { return }
            if node.name == "dl", !isDefinitionList(children) {
                for item in children { writeFlow(tree[item].children, into: &output) }
                return
            }
            output += openingTag(node, allowed: allowedAttributes, in: context) + ">"
            writeStructural(index, children: children, in: context, into: &output)
            output += "</" + node.name + ">"
            return
        }
        var tag = openingTag(node, allowed: allowedAttributes, in: context)
        if node.name == "img" {
            // An image with nowhere safe to load from is no image.
            guard UTF8Text.contains(tag, " src=") else { return }
            if node.attribute("alt") == nil { tag += " alt=\"\"" }
        }
        if node.name == "a" {
            guard UTF8Text.contains(tag, " href=") else {
                for child in node.children { write(child, into: &output, in: context) }
                return
            }
            tag += " rel=\"noopener noreferrer\""
        }
        if node.name == "figure" {
            // The caption goes last (HTML allows it first or last, once); several captions become one.
            var inner = ""
            var caption = ""
            for child in node.children {
                guard !tree[child].isText, tree[child].name == "figcaption" else {
                    write(child, into: &inner, in: nested)
                    continue
                }
                for part in tree[child].children { write(part, into: &caption, in: nested) }
                caption += " "
            }
            let content = inner.trimmingSpaces()
            let captionText = caption.trimmingSpaces()
            // A figure whose image and caption are gone is nothing.
            guard !content.isEmpty || !captionText.isEmpty else { return }
            output += tag + ">" + content
            if !captionText.isEmpty { output += "<figcaption>" + captionText + "</figcaption>" }
            output += "</figure>"
            return
        }
        output += tag + ">"
        if Self.voidTags.contains(node.tag) { return }
        if ["li", "dd", "blockquote", "figure", "td", "th"].contains(node.name) {
            var inner = ""
            for child in node.children { write(child, into: &inner, in: nested) }
            output += inner.trimmingSpaces()
        } else {
            for child in node.children { write(child, into: &output, in: nested) }
        }
        output += "</" + node.name + ">"
    }

    /// `<name attributes` (no closing `>`).
    private func openingTag(_ node: PageTree.Node, allowed: Set<String>, in context: Context) -> String {
        var tag = "<" + node.name
        for (name, value) in attributes(of: node, allowed: allowed, rowsLeft: context.rowsLeft) {
            tag += " \(name)=\"\(Self.escape(value))\""
        }
        return tag
    }

    /// The attributes kept on `node`, in a fixed order (`src` before `alt`, whatever the page's
    /// order), with their values checked and addresses made absolute. An image with only a
    /// `srcset` gets its first candidate as `src` (which HTML requires).
    private func attributes(of node: PageTree.Node, allowed: Set<String>, rowsLeft: Int?) -> [(String, String)] {
        var result: [(String, String)] = []
        guard !node.attributes.isEmpty else { return result }
        for name in Self.attributeOrder {
            // The node's own few attributes first: cheaper than hashing every name into `allowed`.
            guard let raw = node.attribute(name), allowed.contains(name) || name == "lang" || name == "dir" else {
                continue
            }
            var value = raw
            switch name {
            case "lang":
                guard LanguageTag.normalize(raw) != nil else { continue }
            case "dir":
                guard ["ltr", "rtl", "auto"].contains(raw.lowercased()) else { continue }
                value = raw.lowercased()
            case "href":
                guard let resolved = links.resolve(raw, allowMail: true) else { continue }
                value = resolved
            case "src", "cite":
                guard let resolved = links.resolve(raw) else { continue }
                value = resolved
            case "srcset":
                guard let resolved = links.resolveSourceSet(raw) else { continue }
                value = resolved
                if node.name == "img", !result.contains(where: { $0.0 == "src" }),
                    let first = resolved.split(separator: " ").first
                {
                    result.append(("src", String(first.trimmingCharacters(in: [","]))))
                }
                // Widths need `sizes` (HTML requires it): the reader view is one column of at most 42rem.
                if resolved.split(separator: ",").contains(where: { $0.hasSuffix("w") }) {
                    result.append(("srcset", value))
                    result.append(("sizes", "(max-width: 42rem) 100vw, 42rem"))
                    continue
                }
            case "width", "height", "colspan", "rowspan", "start":
                guard let number = Int(raw.trimmingSpaces()), number >= 0, number < 100_000 else { continue }
                value = String(number)
                if name == "rowspan", let rowsLeft, number > rowsLeft {
                    // A cell may not span past its row group's end (HTML's table model clips it there).
                    guard rowsLeft > 1 else { continue }
                    value = String(rowsLeft)
                }
            case "scope":
                guard ["row", "col", "rowgroup", "colgroup"].contains(raw.lowercased()) else { continue }
                value = raw.lowercased()
            case "reversed":
                value = "reversed"
            default:
                break
            }
            result.append((name, value))
        }
        return result
    }

    static let attributeOrder = [
        "href", "src", "srcset", "alt", "title", "width", "height", "cite", "datetime", "start", "reversed", "colspan",
        "rowspan", "scope", "lang", "dir",
    ]

    /// The children of a list or table part that may stand there (`li`, `dt`/`dd`, table sections, rows, cells):
    /// stray text and wrappers (a `div` around list items) are looked through.
    private func structuralChildren(_ index: Int) -> [Int] {
        let permitted: Set<String> =
            switch tree[index].name {
            case "ul", "ol": ["li"]
            case "dl": ["dt", "dd"]
            case "table": ["caption", "thead", "tbody", "tfoot", "tr"]
            case "thead", "tbody", "tfoot": ["tr"]
            default: ["td", "th"]
            }
        var children: [Int] = []
        var stack = Array(tree[index].children.reversed())
        while let child = stack.popLast() {
            let node = tree[child]
            if node.isText || Self.droppedTags.contains(node.tag) { continue }
            if permitted.contains(node.name) {
                children.append(child)
            } else if Self.allowed[node.name] == nil || ["div", "span"].contains(node.name) {
                stack.append(contentsOf: node.children.reversed())
            }
        }
        return children
    }

    /// Whether `items` make a definition list HTML accepts: groups of terms, each followed by descriptions.
    /// Wikipedia indents with a `dl` of `dd`s alone, which is not one.
    private func isDefinitionList(_ items: [Int]) -> Bool {
        guard let first = items.first, let last = items.last else { return false }
        return tree[first].name == "dt" && tree[last].name == "dd"
    }

    private func writeStructural(_ index: Int, children: [Int], in context: Context, into output: inout String) {
        let name = tree[index].name
        var pendingRows: [Int] = []
        // Each row learns how many rows its group has left, so no cell spans past the group's end.
        func writeRows(_ rows: [Int], in group: String) {
            for (offset, row) in rows.enumerated() {
                write(row, into: &output, in: Context(rowsLeft: rows.count - offset, parent: group))
            }
        }
        func flushRows() {
            guard !pendingRows.isEmpty else { return }
            output += "<tbody>"
            writeRows(pendingRows, in: "tbody")
            output += "</tbody>"
            pendingRows = []
        }
        if ["thead", "tbody", "tfoot"].contains(name) { return writeRows(children, in: name) }
        for child in children {
            // Rows directly in a table go into a body, as the HTML parser would put them.
            if name == "table", tree[child].name == "tr" {
                pendingRows.append(child)
                continue
            }
            flushRows()
            write(child, into: &output, in: Context(rowsLeft: name == "tr" ? context.rowsLeft : nil, parent: name))
        }
        flushRows()
    }

    static func escape(_ text: String) -> String {
        var text = text
        // On the contiguous bytes: the check alone, byte by byte through the UTF-8 view, was 3% of reading a feed.
        let escaped: String? = text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case 0x26: output.append(contentsOf: "&amp;".utf8)
                case 0x3C: output.append(contentsOf: "&lt;".utf8)
                case 0x3E: output.append(contentsOf: "&gt;".utf8)
                case 0x22: output.append(contentsOf: "&quot;".utf8)
                default: output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        return escaped ?? text
    }
}

extension TextWhitespace {
    /// `text` as inline text of an article, appended to `output`: runs of whitespace (``spaceWidth(_:at:)``'s) as one
    /// space, trimmed, but one space kept at either edge that is White_Space (inline text joins its neighbours),
    /// nothing but spaces as one space, and `&`, `<`, `>`, `"` escaped; in one walk of the bytes (collapsing, adding
    /// the edges and escaping one after the other were four walks and three strings for every text node, a sixth of
    /// making a feed's stories). Tested equal to those steps on random mixes of every kind of space.
    static func appendCollapsedEscaped(_ text: String, to output: inout String) {
        var text = text
        // Most text nodes come out as they went in (single spaces between words, nothing to escape): appended whole,
        // the bytes are neither copied into an array nor checked as UTF-8 again.
        if text.withUTF8(isCollapsedAndEscaped) {
            output += text
            return
        }
        text.withUTF8 { bytes in
            let count = bytes.count
            guard count > 0 else { return }
            // The edges: Unicode's White_Space of the first and last scalar.
            var lastStart = count - 1
            while lastStart > 0, bytes[lastStart] & 0xC0 == 0x80 { lastStart -= 1 }
            let leading = isSpace(bytes, at: 0, byte: bytes[0])
            let trailing = isSpace(bytes, at: lastStart, byte: bytes[lastStart])
            var collapsed: [UInt8] = []
            collapsed.reserveCapacity(count + 2)
            if leading { collapsed.append(0x20) }
            let start = collapsed.count
            var pendingSpace = false
            var index = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while index < count {
                // A run of printable ASCII that is neither a space nor escaped goes over as it is, eight bytes at a time.
                var end = index
                while end + 8 <= count {
                    let word = ByteWord(raw, at: end)
                    guard !word.hasNonASCII, !word.hasByte(below: 0x21), !word.hasByte(0x7F), !word.hasByte(0x26),
                        !word.hasByte(0x3C), !word.hasByte(0x3E), !word.hasByte(0x22)
                    else { break }
                    end += 8
                }
                while end < count, isPlainASCII(bytes[end]) { end += 1 }
                if end > index {
                    if pendingSpace {
                        collapsed.append(0x20)
                        pendingSpace = false
                    }
                    collapsed.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                    continue
                }
                let width = spaceWidth(bytes, at: index)
                if width > 0 {
                    pendingSpace = collapsed.count > start
                    index += width
                    continue
                }
                if pendingSpace {
                    collapsed.append(0x20)
                    pendingSpace = false
                }
                switch bytes[index] {
                case 0x26: collapsed.append(contentsOf: "&amp;".utf8)
                case 0x3C: collapsed.append(contentsOf: "&lt;".utf8)
                case 0x3E: collapsed.append(contentsOf: "&gt;".utf8)
                case 0x22: collapsed.append(contentsOf: "&quot;".utf8)
                case let byte: collapsed.append(byte)
                }
                index += 1
            }
            // Nothing but spaces is one space.
            if collapsed.count == start {
                output += " "
                return
            }
            if trailing { collapsed.append(0x20) }
            // Whole sequences of valid UTF-8 were kept or left out, so the bytes are valid UTF-8.
            output += String(decoding: collapsed, as: UTF8.self)
        }
    }

    /// Whether ``appendCollapsedEscaped(_:to:)`` would append `bytes` unchanged: nothing to escape, no whitespace
    /// but single ASCII spaces, and no other White_Space at all (an edge that is one becomes a space).
    static func isCollapsedAndEscaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        var afterSpace = false
        var index = 0
        while index < count {
            if index + 8 <= count {
                // No space, control, character to escape or lead byte of a Unicode space (C2, E1, E2, E3) in
                // these eight bytes, whatever scalars they hold.
                let word = ByteWord(raw, at: index)
                if !word.hasByte(below: 0x21), !word.hasByte(0x26), !word.hasByte(0x3C), !word.hasByte(0x3E),
                    !word.hasByte(0x22), !word.hasByte(0xC2), !word.hasByte(0xE1), !word.hasByte(0xE2),
                    !word.hasByte(0xE3)
                {
                    afterSpace = false
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case 0x26, 0x3C, 0x3E, 0x22, 0x09...0x0D: return false
                case 0x20:
                    if afterSpace { return false }
                    afterSpace = true
                default: afterSpace = false
                }
                index += 1
                continue
            }
            // A whole scalar at a time (the bytes are valid UTF-8); only C2, E1, E2 and E3 begin spaces.
            if (0xC2...0xE3).contains(byte), byte != 0xE0, isSpace(bytes, at: index, byte: byte) { return false }
            afterSpace = false
            index += byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        }
        return true
    }

    /// Printable ASCII other than a space and the four characters text escapes.
    @inline(__always)
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22
    }
}
