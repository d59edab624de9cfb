import Foundation

/// Checks newsfeed's HTML pages against the HTML5 rules a Nu checker applies that matter here, and
/// the issue's own: a tokenizer of its own (independent of the renderer) that builds the element tree.
///
/// One line per violation, `error [rule-id] where: what`; the bar is an empty list. Rules: doctype
/// first; `<html lang>`; `<meta charset="utf-8">` first in `<head>`, a viewport, a generator, a
/// non-empty `<title>`, a Content-Security-Policy starting `default-src 'none'`; only known HTML5
/// elements; end tags match (void elements have none); attributes quoted, unique, known character
/// references only; unique ids; `<li>` only in lists; every `<img>` with `alt`, `width`, `height`;
/// no inline script, style or event handler; scripts and stylesheets only from the page's own
/// origin (relative URLs); `rel="noopener"` on links to other sites; no control characters.
package enum HTMLPageChecker {
    package static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    package static let knownElements: Set<String> = voidElements.union([
        "html", "head", "body", "title", "style", "script", "noscript", "header", "footer", "main", "nav", "section",
        "article", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "span", "a", "ul", "ol", "li", "time",
        "button", "strong", "em", "b", "i", "small", "code", "table", "thead", "tbody", "tr", "th", "td", "figure",
        "figcaption", "abbr", "bdi", "label", "select", "option", "details", "summary",
    ])
    package static let references: Set<String> = ["amp", "lt", "gt", "quot", "apos", "nbsp", "#39", "#10", "#13", "#9"]

    package struct Element {
        package var name: String
        package var attributes: [String: String]
        package var children: [Int] = []
        package var parent: Int?
        package var text = ""
    }

    /// Every violation in `html`.
    package static func violations(in html: String) -> [String] {
        var found: [String] = []
        func error(_ rule: String, _ place: String, _ message: String) {
            found.append("error [\(rule)] \(place): \(message)")
        }
        if html.unicodeScalars.contains(where: {
            ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value)) || (0x7F...0x9F).contains($0.value)
        }) {
            error("control-character", "document", "a control character is in the text")
        }
        guard html.hasPrefix("<!DOCTYPE html>") else {
            error("doctype", "document", "does not start with <!DOCTYPE html>")
            return found
        }
        var elements: [Element] = [Element(name: "#document", attributes: [:])]
        var open: [Int] = [0]
        var ids = Set<String>()
        let scalars = Array(html.unicodeScalars)
        var index = "<!DOCTYPE html>".unicodeScalars.count
        var line = 1
        func place() -> String { "line \(line)" }
        func checkReferences(_ text: String, _ where: String) {
            var rest = text[...]
            while let amp = rest.firstIndex(of: "&") {
                rest = rest[rest.index(after: amp)...]
                let name = rest.prefix { $0 != ";" && !$0.isWhitespace && $0 != "&" && $0 != "<" }
                if rest.dropFirst(name.count).first != ";" || !references.contains(String(name)) {
                    error("character-reference", `where`, "&\(name) is not a known character reference")
                }
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" { line += 1 }
            guard scalar == "<" else {
                var text = ""
                while index < scalars.count, scalars[index] != "<" {
                    if scalars[index] == "\n" { line += 1 }
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                checkReferences(text, place())
                if text.contains(">") { error("raw-gt", place(), "a raw > in text (escape it)") }
                var current = open.last ?? 0
                while current != 0 {
                    elements[current].text += text
                    current = elements[current].parent ?? 0
                }
                continue
            }
            guard let close = scalars[index...].firstIndex(of: ">") else {
                error("tag", place(), "a tag never closes")
                break
            }
            let tag = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            line += tag.filter { $0 == "\n" }.count
            index = close + 1
            if tag.hasPrefix("!--") { continue }
            if tag.hasPrefix("/") {
                let name = tag.dropFirst().lowercased()
                guard let top = open.last, top != 0, elements[top].name == name else {
                    error("end-tag", place(), "</\(name)> does not close the open <\(elements[open.last ?? 0].name)>")
                    continue
                }
                open.removeLast()
                continue
            }
            var rest = tag[...]
            let name = rest.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
            rest = rest.dropFirst(name.count)
            var attributes: [String: String] = [:]
            while true {
                rest = rest.drop { $0.isWhitespace }
                if rest.isEmpty || rest == "/" { break }
                let attributeName = rest.prefix { !$0.isWhitespace && $0 != "=" }.lowercased()
                rest = rest.dropFirst(attributeName.count)
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst()
                    guard rest.first == "\"" else {
                        error("attribute-quotes", place(), "<\(name) \(attributeName)=…> is not double-quoted")
                        break
                    }
                    let body = rest.dropFirst().prefix { $0 != "\"" }
                    rest = rest.dropFirst(body.count + 2)
                    checkReferences(String(body), place())
                    if body.contains("<") { error("attribute-markup", place(), "a raw < in \(attributeName)") }
                    value = FeedPageRows.unescape(String(body))
                }
                if attributes[attributeName] != nil {
                    error("duplicate-attribute", place(), "<\(name)> has \(attributeName) twice")
                }
                attributes[attributeName] = value
            }
            if tag.hasSuffix("/"), !voidElements.contains(name) {
                error("self-closing", place(), "<\(name)/> is not a void element")
            }
            if !knownElements.contains(name) {
                error("unknown-element", place(), "<\(name)> is not an HTML element here")
            }
            for attribute in attributes.keys where attribute.hasPrefix("on") {
                error("inline-handler", place(), "<\(name) \(attribute)> is an inline event handler")
            }
            if attributes["style"] != nil { error("inline-style", place(), "<\(name) style> is inline style") }
            if let id = attributes["id"], !ids.insert(id).inserted {
                error("duplicate-id", place(), "id \(id) repeats")
            }
            let parent = open.last ?? 0
            elements.append(Element(name: name, attributes: attributes, parent: parent))
            let element = elements.count - 1
            elements[parent].children.append(element)
            if name == "li", !["ol", "ul"].contains(elements[parent].name) {
                error("li-parent", place(), "<li> inside <\(elements[parent].name)>")
            }
            if name == "img" {
                for required in ["alt", "width", "height", "src"] where attributes[required] == nil {
                    error("img-\(required)", place(), "<img> without \(required)")
                }
            }
            if name == "script" {
                guard let source = attributes["src"] else {
                    error("inline-script", place(), "<script> without src (inline script)")
                    continue
                }
                if isExternal(source) { error("external-resource", place(), "script from \(source)") }
            }
            if name == "link", attributes["rel"] == "stylesheet" || attributes["rel"] == "icon",
                let href = attributes["href"], isExternal(href)
            {
                error("external-resource", place(), "\(attributes["rel"] ?? "") from \(href)")
            }
            if name == "style" { error("inline-style", place(), "a <style> element") }
            if name == "a", let href = attributes["href"], isExternal(href),
                !(attributes["rel"] ?? "").split(separator: " ").contains("noopener")
            {
                error("noopener", place(), "link to \(href) without rel=\"noopener\"")
            }
            if !voidElements.contains(name) { open.append(element) }
        }
        if open.count > 1 {
            error("unclosed", "document", "still open at the end: \(open.dropFirst().map { elements[$0].name })")
        }
        checkStructure(elements, error: error)
        return found
    }

    private static func isExternal(_ url: String) -> Bool {
        url.hasPrefix("http:") || url.hasPrefix("https:") || url.hasPrefix("//")
    }

    private static func checkStructure(_ elements: [Element], error: (String, String, String) -> Void) {
        let top = elements[0].children.map { elements[$0] }
        guard top.count == 1, let html = top.first, html.name == "html" else {
            error("html-root", "document", "the document is not one <html> element")
            return
        }
        if (html.attributes["lang"] ?? "").isEmpty { error("html-lang", "<html>", "no lang") }
        let parts = html.children.map { elements[$0] }
        guard parts.map(\.name) == ["head", "body"], let head = parts.first else {
            error("html-children", "<html>", "children are \(parts.map(\.name)), not head and body")
            return
        }
        let headChildren = head.children.map { elements[$0] }
        if headChildren.first?.name != "meta" || headChildren.first?.attributes["charset"]?.lowercased() != "utf-8" {
            error("meta-charset", "<head>", "does not start with <meta charset=\"utf-8\">")
        }
        let metas = headChildren.filter { $0.name == "meta" }
        if !metas.contains(where: {
            $0.attributes["name"] == "viewport" && ($0.attributes["content"] ?? "").contains("width=device-width")
        }) {
            error("meta-viewport", "<head>", "no viewport meta")
        }
        if !metas.contains(where: { $0.attributes["name"] == "generator" && !($0.attributes["content"] ?? "").isEmpty })
        {
            error("meta-generator", "<head>", "no generator meta")
        }
        let policy = metas.first { $0.attributes["http-equiv"]?.lowercased() == "content-security-policy" }
        if !(policy?.attributes["content"] ?? "").hasPrefix("default-src 'none'") {
            error("csp", "<head>", "no Content-Security-Policy starting with default-src 'none'")
        }
        let titles = headChildren.filter { $0.name == "title" }
        if titles.count != 1 || titles.first?.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty != false {
            error("title", "<head>", "needs exactly one non-empty <title>")
        }
        let allowedInHead: Set<String> = ["meta", "title", "link", "script", "style", "noscript", "base"]
        for child in headChildren where !allowedInHead.contains(child.name) {
            error("head-content", "<head>", "<\(child.name)> does not belong in <head>")
        }
    }
}
