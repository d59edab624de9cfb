import Foundation

/// Where an article split over several pages goes on (docs/full-text.md#articles-over-several-pages): the page's
/// `rel="next"` (a `<link>` or an `<a>`), else a link saying "next page" (its text, or a class or id naming it next
/// inside a pager), and the page's "whole article on one page" link; only links to the same article count: the same
/// host (a leading `www.` aside) and a path with the article's stem (``stem(_:)``).
public enum PageContinuation {
    /// Link texts that say "the next page" (lowercased, whitespace collapsed).
    static let nextTexts: Set<String> = [
        "next", "next page", "next ›", "next »", "next →", "next >", "›", "»", "→", "next part", "continue",
        "weiter", "nächste seite", "suivant", "page suivante", "siguiente", "página siguiente", "successivo",
        "pagina successiva", "volgende", "volgende pagina",
    ]

    /// Link texts that offer the whole article on one page.
    static let singlePageTexts: Set<String> = [
        "single page", "view as single page", "view on one page", "read on one page", "one page", "all on one page",
        "view all", "show all", "view all pages", "show all pages", "view full article", "read full article",
        "single page view", "auf einer seite", "alles auf einer seite", "sur une page", "en una página",
    ]

    /// The next part of the article on `page`, absolute; nil when the page links none of the same article.
    static func next(in tree: PageTree, links: LinkResolver, page: URL) -> URL? {
        var byText: URL?
        guard let slug = slug(of: page) else { return nil }
        // The cheap tests first: most links of a page are neither marked next nor say so, nor name the article's
        // slug, and are never resolved.
        for index in tree.elements(named: ["link", "a"]) {
            let node = tree[index]
            guard let href = node.attribute("href") else { continue }
            let isRelNext = (node.attribute("rel") ?? "").lowercased().split(separator: " ").contains("next")
            if !isRelNext {
                guard mayName(slug, href) else { continue }
                guard byText == nil, node.name == "a" else { continue }
                let text = tree.normalizedText(index).lowercased()
                guard text.count <= 40,
                    nextTexts.contains(text)
                        || (tree.classAndID(index).lowercased().contains("next") && inPager(tree, index))
                else { continue }
            }
            guard let target = links.resolve(href).flatMap(URL.init(string:)), sameArticle(target, as: page) else {
                continue
            }
            if isRelNext { return target }
            byText = target
        }
        return byText
    }

    /// The page's link to the whole article on one page, absolute; nil when it has none.
    static func singlePage(in tree: PageTree, links: LinkResolver, page: URL) -> URL? {
        guard let slug = slug(of: page) else { return nil }
        for index in tree.elements(named: ["a"]) {
            guard let href = tree[index].attribute("href"), mayName(slug, href) else { continue }
            let text = tree.normalizedText(index).lowercased()
            let marks = tree.classAndID(index).lowercased()
            guard text.count <= 40,
                singlePageTexts.contains(text)
                    || ["single-page", "singlepage", "view-all"].contains(where: marks.contains),
                let target = links.resolve(href).flatMap(URL.init(string:)), sameHost(target, page),
                !samePage(target, page), target.path.lowercased().hasPrefix(stem(page.path))
            else { continue }
            return target
        }
        return nil
    }

    /// Whether `candidate` is another page of the article at `page`: the same host (a leading `www.` aside), not the
    /// same page, and a path with the same stem (`/2024/05/bridge`, `/2024/05/bridge/2`, `/2024/05/bridge?page=2`,
    /// `/2024/05/bridge-page-2.html` and `/2024/05/bridge/page/3/` all share `/2024/05/bridge`).
    public static func sameArticle(_ candidate: URL, as page: URL) -> Bool {
        guard sameHost(candidate, page), !samePage(candidate, page) else { return false }
        let stem = stem(page.path)
        return !stem.isEmpty && stem != "/" && Self.stem(candidate.path) == stem
    }

    /// The path without what numbers its pages: lowercased, the trailing `/` and extension (`.html`, `.php`, …)
    /// dropped, then trailing page numbers (`/2`, `-2`, `_2`, `,2`, `/page/2`, `-page-2`, `/seite-2`).
    static func stem(_ path: String) -> String {
        var stem = path.lowercased()
        while stem.hasSuffix("/") { stem.removeLast() }
        for suffix in [".html", ".htm", ".php", ".aspx", ".asp", ".shtml", ".jsp"] where stem.hasSuffix(suffix) {
            stem.removeLast(suffix.count)
            break
        }
        while true {
            let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3 else { break }
            var rest = String(stem.dropLast(digits.count))
            guard let separator = rest.last, ["/", "-", "_", ","].contains(separator) else { break }
            rest.removeLast()
            for word in ["page", "seite", "pagina", "p"] where rest.hasSuffix("/" + word) || rest.hasSuffix("-" + word)
            {
                rest.removeLast(word.count + 1)
                break
            }
            stem = rest
        }
        return stem
    }

    /// The last part of the article's stem (`bridge` of `/2024/05/bridge/2`); nil for a home page.
    private static func slug(of page: URL) -> String? {
        let slug = stem(page.path).split(separator: "/").last.map(String.init) ?? ""
        return slug.isEmpty ? nil : slug
    }

    /// Whether `href` may be a page of the article with `slug`: it names the slug, or is only a query.
    private static func mayName(_ slug: String, _ href: String) -> Bool {
        href.hasPrefix("?") || href.lowercased().contains(slug)
    }

    /// Whether the two addresses are on the same host and port, a leading `www.` aside.
    public static func sameSite(_ one: URL, _ other: URL) -> Bool { sameHost(one, other) }

    private static func sameHost(_ one: URL, _ other: URL) -> Bool {
        func bare(_ url: URL) -> String? {
            guard var host = url.host?.lowercased() else { return nil }
            if host.hasPrefix("www.") { host.removeFirst(4) }
            return host + ":\(url.port ?? -1)"
        }
        guard let host = bare(one) else { return false }
        return host == bare(other)
    }

    /// The same address but for its fragment.
    private static func samePage(_ one: URL, _ other: URL) -> Bool {
        one.path == other.path && one.query == other.query
    }

    /// Whether `index` sits in a pager (an ancestor whose class or id says pagination, pager, paging or pages).
    private static func inPager(_ tree: PageTree, _ index: Int) -> Bool {
        var current = tree[index].parent
        var depth = 0
        while current > 0, depth < 6 {
            let words = tree.classAndID(current).lowercased()
            if ["pagination", "pager", "paging", "page-numbers", "pages"].contains(where: { words.contains($0) }) {
                return true
            }
            current = tree[current].parent
            depth += 1
        }
        return false
    }
}
