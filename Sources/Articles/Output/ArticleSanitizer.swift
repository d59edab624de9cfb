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
    static let voids: Set<String> = ["br", "hr", "img", "wbr"]
    /// Elements whose children must be elements of certain kinds (no bare text or paragraphs).
    static let structural: Set<String> = ["ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "tr"]

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
                tree[index].isText ? !TextWhitespace.collapse(tree[index].text).isEmpty : tree[index].name != "br"
            }
            guard hasContent else { return }
            var inline = ""
            for index in run { write(index, into: &inline) }
            let trimmed = inline.trimmingSpaces()
            guard !trimmed.isEmpty else { return }
            output += "<p>" + trimmed + "</p>\n"
        }
        for child in children {
            let node = tree[child]
            if !node.isText, Self.dropped.contains(node.name) { continue }
            if !node.isText, Self.blocks.contains(node.name) {
                flush()
                if Self.allowed[node.name] == nil {
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

    private func write(_ index: Int, into output: inout String) {
        let node = tree[index]
        if node.isText {
            output += Self.escape(TextWhitespace.collapsePreservingEdges(node.text))
            return
        }
        if Self.dropped.contains(node.name) { return }
        guard let allowedAttributes = Self.allowed[node.name] else {
            // Not allowed, but its content is: the tag goes, the children stay.
            for child in node.children { write(child, into: &output) }
            return
        }
        if node.name == "pre" {
            output += "<pre>" + Self.escape(tree.text(index)) + "</pre>"
            return
        }
        var tag = "<" + node.name
        for (name, value) in attributes(of: node, allowed: allowedAttributes) {
            tag += " \(name)=\"\(Self.escape(value))\""
        }
        if node.name == "img" {
            // An image with nowhere safe to load from is no image.
            guard tag.contains(" src=") else { return }
            if node.attribute("alt") == nil { tag += " alt=\"\"" }
        }
        if node.name == "a" {
            guard tag.contains(" href=") else {
                for child in node.children { write(child, into: &output) }
                return
            }
            tag += " rel=\"noopener noreferrer\""
        }
        if node.name == "figure" {
            // A figure whose image and caption are gone is nothing.
            var inner = ""
            for child in node.children { write(child, into: &inner) }
            let content = inner.trimmingSpaces()
            guard !content.isEmpty else { return }
            output += tag + ">" + content + "</figure>"
            return
        }
        output += tag + ">"
        if Self.voids.contains(node.name) { return }
        if Self.structural.contains(node.name) {
            writeStructural(index, into: &output)
        } else if ["li", "dd", "blockquote", "figure", "td", "th"].contains(node.name) {
            var inner = ""
            for child in node.children { write(child, into: &inner) }
            output += inner.trimmingSpaces()
        } else {
            for child in node.children { write(child, into: &output) }
        }
        output += "</" + node.name + ">"
    }

    /// The attributes kept on `node`, in a fixed order (`src` before `alt`, whatever the page's
    /// order), with their values checked and addresses made absolute. An image with only a
    /// `srcset` gets its first candidate as `src` (which HTML requires).
    private func attributes(of node: PageTree.Node, allowed: Set<String>) -> [(String, String)] {
        var result: [(String, String)] = []
        for name in Self.attributeOrder where allowed.contains(name) || name == "lang" || name == "dir" {
            guard let raw = node.attribute(name) else { continue }
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
            case "width", "height", "colspan", "rowspan", "start":
                guard let number = Int(raw.trimmingSpaces()), number >= 0, number < 100_000 else { continue }
                value = String(number)
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

    /// The children of a list or table part: only the elements that may stand there; stray text and
    /// wrappers (a `div` around list items) are looked through.
    private func writeStructural(_ index: Int, into output: inout String) {
        let name = tree[index].name
        let permitted: Set<String> =
            switch name {
            case "ul", "ol": ["li"]
            case "dl": ["dt", "dd"]
            case "table": ["caption", "thead", "tbody", "tfoot", "tr"]
            case "thead", "tbody", "tfoot": ["tr"]
            default: ["td", "th"]
            }
        var stack = Array(tree[index].children.reversed())
        var pendingRows: [Int] = []
        func flushRows() {
            guard !pendingRows.isEmpty else { return }
            output += "<tbody>"
            for row in pendingRows { write(row, into: &output) }
            output += "</tbody>"
            pendingRows = []
        }
        while let child = stack.popLast() {
            let node = tree[child]
            if node.isText || Self.dropped.contains(node.name) { continue }
            if permitted.contains(node.name) {
                // Rows directly in a table go into a body, as the HTML parser would put them.
                if name == "table", node.name == "tr" {
                    pendingRows.append(child)
                    continue
                }
                flushRows()
                write(child, into: &output)
            } else if Self.allowed[node.name] == nil || ["div", "span"].contains(node.name) {
                stack.append(contentsOf: node.children.reversed())
            }
        }
        flushRows()
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
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
}

extension TextWhitespace {
    /// Runs of whitespace as one space, keeping one at either edge (inline text joins its neighbours).
    static func collapsePreservingEdges(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return "" }
        let core = collapse(text)
        if core.isEmpty { return " " }
        let leading = isSpace(first) ? " " : ""
        let trailing = isSpace(last) ? " " : ""
        return leading + core + trailing
    }
}
