import Foundation

extension ArticleExtractor {
    /// The article of the page `bytes`, fetched from (or saved from) `url`; `contentType` is the HTTP
    /// `Content-Type` when the page came over HTTP.
    public func extract(_ bytes: [UInt8], url: URL?, contentType: String? = nil) throws(ArticleError) -> Article {
        var report = ExtractionReport()
        return try extract(bytes, url: url, contentType: contentType, report: &report)
    }

    /// The names of the automatic passes, by the rules they keep (Readability's retries with fewer rules).
    static func passName(_ flags: ContentScorer.Flags) -> String {
        switch flags {
        case .all: "automatic: scored candidates"
        case [.weightClasses, .cleanConditionally]: "automatic: scored candidates, unlikely ones kept (second pass)"
        case [.cleanConditionally]: "automatic: scored candidates, class weights off (third pass)"
        default: "automatic: scored candidates, no conditional cleaning (fourth pass)"
        }
    }

    /// The article a site rule's `body` gave, or nil when it gave none (no `body` line selected anything, or what
    /// it selected holds fewer words than ``minimumWords``): the automatic extraction runs then.
    ///
    /// The selected nodes are prepared as a page is (scripts out, lazy images given their address, `<br>` runs
    /// made paragraphs); with `prune: yes` (the default) they are also cleaned as the automatic path cleans its
    /// choice (forms, share bars, link lists, furniture out), with `prune: no` kept whole. The rule's `title`,
    /// `author` and `date` win over the page's metadata.
    func ruleArticle(
        _ applied: SiteRuleApplication, url: URL?, metadata: PageMetadata, title: String, links: LinkResolver,
        clock: ExtractionClock
    ) throws(ArticleError) -> Article? {
        guard let body = applied.body, var tree = PageParser.parse(body, maximumNodes: maximumNodes) else {
            return nil
        }
        if tree.isCut { throw .tooComplex(limit: nil) }
        tree.clock = clock
        PagePreparation.prepare(&tree)
        guard let bodyElement = tree.first("body"),
            let content = tree[bodyElement].children.first(where: {
                !tree[$0].isText
            })
        else { return nil }
        let articleTitle = applied.title ?? title
        var byline = applied.authors.isEmpty ? metadata.byline : applied.authors.joined(separator: ", ")
        if applied.rule.prune {
            var cleaner = ContentCleaner(
                scorer: ContentScorer(
                    tree: tree, flags: .all, title: articleTitle, knownByline: byline != nil))
            cleaner.clean(content)
            tree = cleaner.tree
            if byline == nil { byline = cleaner.scorer.byline }
        }
        if let heading = TitleSimilarity.leadingTitleHeading(in: tree, content: content, title: articleTitle) {
            tree.remove(heading)
        }
        let text = ArticleText(tree: tree).text(content)
        let html = ArticleSanitizer(tree: tree, links: links).html(content)
        if clock.spend() || clock.expired {
            if clock.cancelled { throw .cancelled }
            throw .tooComplex(limit: timeout)
        }
        let words = Article.wordCount(text)
        guard words >= max(1, minimumWords) else { return nil }
        let image =
            metadata.image.flatMap { links.resolve($0) }
            ?? tree.first("img", under: content).flatMap { tree[$0].attribute("src") }.flatMap { links.resolve($0) }
        var article = Article(
            url: url, title: articleTitle, byline: byline, published: applied.date ?? metadata.published,
            language: metadata.language, image: image.flatMap(URL.init(string:)), siteName: metadata.siteName,
            text: text, html: html, words: words)
        article.canonical = metadata.canonical.flatMap { links.resolve($0) }.flatMap(URL.init(string:)).flatMap {
            ["http", "https"].contains($0.scheme?.lowercased() ?? "") && !["", "/"].contains($0.path) ? $0 : nil
        }
        return article
    }
}
