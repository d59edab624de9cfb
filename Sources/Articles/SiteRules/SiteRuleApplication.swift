import CLibXML2
import Foundation

/// What one site rule makes of one page, in the order Full-Text RSS and Graby apply a rule: the title, author,
/// date and page links are read from the page as it came; then `strip_image_src`, `strip` and
/// `strip_id_or_class` remove their nodes; then the `body` lines are tried in order, the first that selects
/// anything wins (its nodes joined, in document order, when it selects several).
struct SiteRuleApplication {
    let rule: SiteRule
    /// The page with the rule's strips applied, as HTML, or nil when they removed nothing (the page as it came
    /// is then the one extracted).
    var strippedPage: [UInt8]?
    /// The nodes the winning `body` line selected, as HTML inside one `<div>`, or nil when none selected any.
    var body: [UInt8]?
    var title: String?
    var authors: [String] = []
    var date: Date?
    /// `next_page_link` and `single_page_link`: addresses as written in the page (relative ones too).
    var nextPage: String?
    var singlePage: String?

    /// `rule` applied to `utf8` (the page decoded to UTF-8).
    init(rule: SiteRule, utf8: [UInt8]) {
        self.rule = rule
        guard var document = SiteRuleDocument(utf8: utf8) else { return }
        for xpath in rule.title where title == nil { title = document.texts(xpath).first }
        // Every node of the first author line that selects any: a page may name several authors.
        for xpath in rule.author where authors.isEmpty { authors = document.texts(xpath) }
        for xpath in rule.date where date == nil {
            date = document.texts(xpath).lazy.compactMap(PublishedDate.parse).first
        }
        for xpath in rule.nextPageLink where nextPage == nil { nextPage = document.link(xpath) }
        for xpath in rule.singlePageLink where singlePage == nil { singlePage = document.link(xpath) }

        var removed = 0
        for part in rule.stripImageSrc {
            guard let literal = Self.literal(part) else { continue }
            removed += document.remove("//img[contains(@src, \(literal))]")
        }
        for xpath in rule.strip { removed += document.remove(xpath) }
        for name in rule.stripIdOrClass {
            guard let literal = Self.literal(" \(name) ") else { continue }
            removed += document.remove(
                "//*[contains(concat(' ', normalize-space(@class), ' '), \(literal))"
                    + " or contains(concat(' ', normalize-space(@id), ' '), \(literal))]")
        }
        if removed > 0 { strippedPage = document.html() }

        for xpath in rule.body {
            let nodes = document.nodes(xpath).filter {
                $0.pointee.type == XML_ELEMENT_NODE || $0.pointee.type == XML_TEXT_NODE
            }
            guard !nodes.isEmpty else { continue }
            body = Array("<html><body><div>".utf8) + document.html(nodes) + Array("</div></body></html>".utf8)
            break
        }
    }

    /// `text` as an XPath string literal; nil when it holds both kinds of quote (XPath 1.0 has no escape).
    static func literal(_ text: String) -> String? {
        if !text.contains("'") { return "'\(text)'" }
        if !text.contains("\"") { return "\"\(text)\"" }
        return nil
    }
}
