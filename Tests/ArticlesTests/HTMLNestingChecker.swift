/// The HTML parser's nesting rules that article HTML must never meet, checked on the sanitizer's own output (a
/// regular subset: `<name attributes>`, `</name>`, escaped text): a block start tag while a paragraph or heading is
/// open (the parser closes it there, and the later `</p>` is a parse error: the W3C feed validator's "Invalid
/// HTML"), a link inside a link, and an end tag that is not the open element's.
struct HTMLNestingChecker {
    /// Start tags that close an open `<p>` in the HTML parser (WHATWG HTML, "in body" insertion mode).
    static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
        "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "section", "summary",
        "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "table", "hr", "li", "dd", "dt", "xmp",
    ]
    static let phrasingOnly: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6"]
    static let voids: Set<String> = ["br", "hr", "img", "wbr"]

    /// Every breach in `html`, as `<h2> inside <p>`; empty when the parser reads the HTML as it is nested.
    static func problems(in html: String) -> [String] {
        var problems: [String] = []
        var open: [String] = []
        var rest = Substring(html)
        while let start = rest.firstIndex(of: "<") {
            guard let end = rest[start...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst()).lowercased()
                if open.last == name {
                    open.removeLast()
                } else {
                    problems.append("</\(name)> closes <\(open.last ?? "nothing")>")
                    if let index = open.lastIndex(of: name) { open.removeSubrange(index...) }
                }
                continue
            }
            let name = String(tag.prefix { $0 != " " && $0 != "/" }).lowercased()
            if closesParagraph.contains(name), let holder = open.last(where: phrasingOnly.contains) {
                problems.append("<\(name)> inside <\(holder)>")
            }
            if name == "a", open.contains("a") { problems.append("<a> inside <a>") }
            if !voids.contains(name) { open.append(name) }
        }
        if !open.isEmpty { problems.append("left open: \(open)") }
        return problems
    }
}
