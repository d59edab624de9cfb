import Foundation

/// Finds the article in a publisher's page: bytes → charset → libxml2's HTML DOM → metadata →
/// candidate scoring (Readability's, retried with fewer rules when it finds too little) → cleaning
/// → sanitized HTML and plain text.
public struct ArticleExtractor: Sendable {
    /// Pages larger than this are not read (`fullText.maxPageBytes`' default, and `extract`'s cap).
    public static let defaultMaximumBytes = 8 * 1024 * 1024

    /// The largest page read, in bytes.
    public var maximumBytes: Int
    /// Fewer words than this is no article (`extract` takes any text; a build asks for more than the teaser).
    public var minimumWords: Int

    /// The longest one page may take to extract (`fullText.extractTimeout`); nil for no limit. Either way the
    /// extraction ends soon after its task is cancelled.
    public var timeout: Duration?

    /// The most nodes of a page's tree (nil: ``PageParser/maximumNodes(forPageBytes:)``; tests lift it).
    var maximumNodes: Int?

    /// The site rules (`fullText.siteConfig`, `extract --site-config`): a page whose host has a rule file is
    /// extracted with it first (``ruleArticle(_:url:metadata:title:links:clock:)``).
    public var siteRules: SiteRuleFolder?

    public init(
        maximumBytes: Int = ArticleExtractor.defaultMaximumBytes, minimumWords: Int = 1, timeout: Duration? = nil
    ) {
        self.maximumBytes = maximumBytes
        self.minimumWords = minimumWords
        self.timeout = timeout
    }

    /// Readability's threshold: a pass that finds fewer characters is tried again with fewer rules.
    static let retryCharacters = 500
    /// The length of a winner after which the page is no longer looked at for a teaser's subscription prompt: forty
    /// characters for each of a teaser's words twice over, so only a winner that the promotions' removal would cut by
    /// more than four fifths could still turn out a teaser.
    static let promptSearchCharacters = 2 * PaywallSignals.teaserWords * 40

    /// The article of the page `bytes`, fetched from (or saved from) `url`; `contentType` is the
    /// HTTP `Content-Type` when the page came over HTTP. `report` says how it was found.
    public func extract(
        _ bytes: [UInt8], url: URL?, contentType: String?, report: inout ExtractionReport
    ) throws(ArticleError) -> Article {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        let clock = ExtractionClock(limit: timeout)
        // Called after each stage: the stages' walks end early once the clock ran out, so what they left is
        // never used.
        func checkClock() throws(ArticleError) {
            guard clock.spend() || clock.expired else { return }
            if clock.cancelled { throw .cancelled }
            throw .tooComplex(limit: timeout)
        }
        if let kind = PageSniffer.nonHTMLKind(bytes, contentType: contentType) { throw .notHTML(kind: kind) }
        let httpCharset = contentType.flatMap(PageCharset.charset(fromContentType:))
        let utf8 = PageDecoder.withoutInternalSubset(PageDecoder.utf8(bytes, httpCharset: httpCharset))
        guard utf8.contains(where: { $0 > 0x20 }) else { throw .empty }
        guard var tree = PageParser.parse(utf8, maximumNodes: maximumNodes) else { throw .empty }
        tree.clock = clock
        try checkClock()
        // More nodes than the page's memory bound allows: a page built to be slow, not an article.
        if tree.isCut { throw .tooComplex(limit: nil) }
        let metadata = PageMetadata.read(tree)
        // Elements named as a paywall are looked for later, and only on pages short enough to be a teaser.
        report.paywall = PaywallSignals(declared: metadata.notFree)
        let baseHref = tree.first("base").flatMap { tree[$0].attribute("href") }
        let links = LinkResolver(pageURL: url, baseHref: baseHref)
        let title = articleTitle(tree, metadata: metadata)
        // Where the article goes on: the rule's links win over what the page marks.
        if let url {
            report.nextPage = PageContinuation.next(in: tree, links: links, page: url)
            report.singlePage = PageContinuation.singlePage(in: tree, links: links, page: url)
        }
        if let rule = url.flatMap({ siteRules?.rule(for: $0) }) {
            let applied = SiteRuleApplication(rule: rule, utf8: utf8)
            report.nextPage =
                applied.nextPage.flatMap { links.resolve($0) }.flatMap(URL.init(string:)) ?? report.nextPage
            report.singlePage =
                applied.singlePage.flatMap { links.resolve($0) }.flatMap(URL.init(string:)) ?? report.singlePage
            if let article = try ruleArticle(
                applied, url: url, metadata: metadata, title: title, links: links, clock: clock)
            {
                report.rule = rule.name
                if article.words < 2 * PaywallSignals.teaserWords {
                    report.paywall.prompt = PaywallMarkers.hasPromptElement(tree, under: 0)
                }
                return article
            }
            if rule.body.isEmpty { report.strippedBy = rule.name } else { report.missedRule = rule.name }
            // The automatic extraction reads the page without what the rule strips.
            if let stripped = applied.strippedPage, var strippedTree = PageParser.parse(stripped) {
                strippedTree.clock = clock
                tree = strippedTree
            }
        }

        try checkClock()
        PagePreparation.prepare(&tree)
        try checkClock()
        guard let body = tree.first("body") else { throw .noArticle }
        var best: (tree: PageTree, content: Int, length: Int, byline: String?)?
        var bestFlags = ContentScorer.Flags.all
        var prepared = tree
        var preparedKept = true
        tree = PageTree()
        for flags: ContentScorer.Flags in [.all, [.weightClasses, .cleanConditionally], [.cleanConditionally], []] {
            // Each pass works on its own copy of the prepared tree: parsing and preparing the page
            // again made the same tree at many times the cost. The copies share their text and
            // attribute storage, so a pass's copy costs about a pointer's worth per node.
            var scorer = ContentScorer(
                tree: prepared, flags: flags, title: title, knownByline: metadata.byline != nil)
            guard let content = scorer.grab(body: body) else { continue }
            try checkClock()
            var cleaner = ContentCleaner(scorer: consume scorer)
            cleaner.clean(content)
            let length = cleaner.tree.textLength(content)
            try checkClock()
            if length > best?.length ?? -1 {
                best = (cleaner.tree, content, length, cleaner.scorer.byline)
                bestFlags = flags
            }
            if length >= Self.retryCharacters { break }
        }
        // The page's own marker of its article (issue 28, point 5), when the winner left most of it out.
        if let marker = PageMarkers.articleBody(in: prepared, under: body) {
            let marked = prepared.normalizedText(marker)
            let won = best.map { ArticleText(tree: $0.tree).text($0.content) } ?? ""
            // Left out, or taken with as much again beside it (a profile box, a list of other posts).
            let wonWords = Article.wordCount(won)
            let markedWords = Article.wordCount(marked)
            if markedWords >= 25, !PageMarkers.covers(won, marked) || wonWords > markedWords * 3 / 2 {
                var scorer = ContentScorer(
                    tree: prepared, flags: .all, title: title, knownByline: metadata.byline != nil)
                if let content = scorer.grab(body: marker) {
                    var cleaner = ContentCleaner(scorer: consume scorer)
                    cleaner.clean(content)
                    let length = cleaner.tree.textLength(content)
                    if length > 0 { best = (cleaner.tree, content, length, cleaner.scorer.byline) }
                } else {
                    best = (prepared, marker, prepared.textLength(marker), nil)
                }
                try checkClock()
            }
        }
        /// No article: a page whose only text is a subscription prompt says so first.
        func noArticle() -> ArticleError {
            if !report.paywall.prompt, preparedKept {
                report.paywall.prompt =
                    PaywallMarkers.hasPromptElement(prepared, under: 0)
                    || PaywallMarkers.hasPromptText(prepared, under: body)
            }
            return .noArticle
        }
        // Taken out of the optional, so that the removals below do not copy a page tree the optional still holds.
        guard var best = best.take() else { throw noArticle() }
        // The prepared page is searched again only for a teaser's subscription prompt, which a long article never
        // is: it is let go, so that the first removal below does not copy a page tree still shared with it (9 MB on
        // a 5 MB page of short paragraphs).
        if best.length >= Self.promptSearchCharacters {
            prepared = PageTree()
            preparedKept = false
        }
        if let heading = TitleSimilarity.leadingTitleHeading(in: best.tree, content: best.content, title: title) {
            best.tree.remove(heading)
        }
        // Links to other stories, lead-ins to them, gallery counters and repeated captions inside the article,
        // then related stories and headline lists after its end (issue 28, point 1).
        InlinePromotions.remove(&best.tree, content: best.content)
        ArticleTail.trim(&best.tree, content: best.content)
        // A subscription prompt is never article text (issue 28, point 10).
        if PaywallMarkers.removePrompts(&best.tree, under: best.content) { report.paywall.prompt = true }
        ArticleTail.trimClosingFurniture(&best.tree, content: best.content)
        ArticleHead.trimOpeningFurniture(&best.tree, content: best.content)
        var text = ArticleText(tree: best.tree).text(best.content)
        try checkClock()
        var html = ArticleSanitizer(tree: best.tree, links: links).html(best.content)
        try checkClock()
        report.automaticPath = Self.passName(bestFlags)
        // The publisher's own text of the article, when the page's markup gave much less of it.
        if let body = metadata.articleBody, Article.wordCount(body) > 2 * Article.wordCount(text) {
            let paragraphs = body.split(whereSeparator: \.isNewline).map { TextWhitespace.collapse(String($0)) }
                .filter { !$0.isEmpty }
            text = paragraphs.joined(separator: "\n\n")
            html = paragraphs.map { "<p>" + ArticleSanitizer.escape($0) + "</p>\n" }.joined()
            report.automaticPath = "automatic: the page's JSON-LD articleBody"
        }
        let words = Article.wordCount(text)
        guard words >= minimumWords else { throw noArticle() }
        // A longer page is never a teaser (``PaywallSignals/teaserWords``): its tree is not searched.
        if !report.paywall.prompt, words < 2 * PaywallSignals.teaserWords, preparedKept {
            report.paywall.prompt = PaywallMarkers.hasPromptElement(prepared, under: 0)
        }
        let image =
            metadata.image.flatMap { links.resolve($0) }
            ?? best.tree.first("img", under: best.content).flatMap { best.tree[$0].attribute("src") }.flatMap {
                links.resolve($0)
            }
        // A byline that swallowed its date gives the date back (issue 28, point 7).
        let byline = (metadata.byline ?? best.byline).map(BylineDate.split)
        var article = Article(
            url: url, title: TitleSimilarity.withoutSiteName(title, siteName: metadata.siteName, host: url?.host()),
            byline: byline.flatMap(\.name), published: metadata.published ?? byline?.date,
            language: metadata.language, image: image.flatMap(URL.init(string:)), siteName: metadata.siteName,
            text: text, html: html, words: words)
        // A canonical that is a site's home page is a misconfigured page, not the article's address.
        article.canonical = metadata.canonical.flatMap { links.resolve($0) }.flatMap(URL.init(string:)).flatMap {
            ["http", "https"].contains($0.scheme?.lowercased() ?? "") && !["", "/"].contains($0.path) ? $0 : nil
        }
        return article
    }

    /// The metadata's title, else the `<title>` without the site's name.
    private func articleTitle(_ tree: PageTree, metadata: PageMetadata) -> String {
        if let title = metadata.title, !title.isEmpty { return title }
        let documentTitle = tree.first("title").map { tree.normalizedText($0) } ?? ""
        let headings = tree.elements(named: ["h1", "h2"]).map { tree.normalizedText($0) }
        let h1s = tree.elements(named: ["h1"]).map { tree.normalizedText($0) }
        let title = TitleSimilarity.articleTitle(documentTitle: documentTitle, headings: headings, firstH1s: h1s)
        // A heading that is the title without the site's name is the title (trafilatura's choice too).
        if title == documentTitle,
            let heading = h1s.first(where: {
                $0.count >= 3 && documentTitle.hasPrefix($0 + " ")
                    && TitleSimilarity.separators.contains(
                        documentTitle.dropFirst($0.count).trimmingSpaces().first ?? "a")
            })
        {
            return heading
        }
        return title
    }
}
