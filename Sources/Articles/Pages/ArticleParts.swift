import Foundation

/// An article read from several pages, joined into one (docs/full-text.md#articles-over-several-pages): the first
/// page's title and metadata, every page's body in order. What a later page repeats at its top — the title, the
/// byline, the standfirst and other opening lines of the first page, empty blocks — is left out, and a page whose
/// body only repeats an earlier one (a site that answers every page number with the first page) adds nothing.
public enum ArticleParts {
    /// How many of the first page's opening blocks a later page may repeat at its top.
    static let repeatedOpeningBlocks = 12

    /// `parts` (the first page first) as one article.
    public static func join(_ parts: [Article]) -> Article {
        guard var joined = parts.first else {
            return Article(
                url: nil, title: "", byline: nil, published: nil, language: nil, image: nil, siteName: nil, text: "",
                html: "", words: 0)
        }
        var opening = Set(
            joined.text.components(separatedBy: "\n\n").prefix(repeatedOpeningBlocks).map(key).filter { !$0.isEmpty })
        opening.insert(key(joined.title))
        if let byline = joined.byline { opening.insert(key(byline)) }
        var texts = [joined.text]
        var htmls = [joined.html]
        var seen: Set<String> = [key(joined.text)]
        for part in parts.dropFirst() {
            guard let (text, html) = withoutRepeatedTop(part, opening: opening), !text.isEmpty,
                seen.insert(key(text)).inserted
            else { continue }
            texts.append(text)
            htmls.append(html)
        }
        joined.text = texts.joined(separator: "\n\n")
        joined.html = htmls.joined()
        joined.words = Article.wordCount(joined.text)
        return joined
    }

    /// `part`'s text and HTML without the leading blocks that are empty or among `opening`.
    private static func withoutRepeatedTop(_ part: Article, opening: Set<String>) -> (String, String)? {
        guard var tree = PageParser.parse(Array(("<html><body>" + part.html + "</body></html>").utf8)),
            let body = tree.first("body")
        else { return nil }
        while let first = tree[body].children.first {
            let node = tree[first]
            let text = key(tree.text(first))
            let hasMedia = !node.isText && !tree.elements(named: ["img", "video", "iframe"], under: first).isEmpty
            guard (text.isEmpty && !hasMedia) || opening.contains(text) else { break }
            tree.remove(first)
        }
        let links = LinkResolver(pageURL: part.url, baseHref: nil)
        return (ArticleText(tree: tree).text(body), ArticleSanitizer(tree: tree, links: links).html(body))
    }

    /// A block's text as compared: whitespace collapsed, lowercased.
    private static func key(_ text: String) -> String {
        TextWhitespace.collapse(text).lowercased()
    }
}
