import Foundation
import TestSupport
import Testing

@testable import Articles

@Suite struct ArticleSanitizerTests {
    let extractor = ArticleExtractor()
    let page = ArticleFixtures.pageURL

    func html(_ body: String, head: String = "") throws -> String {
        try extractor.extract(ArticleFixtures.article(body, head: head), url: page).html
    }

    @Test func activeContentNeverGetsThrough() throws {
        let html = try html(
            """
            <p>Text <script>alert(1)</script><img src="/a.jpg" onerror="alert(2)"> and
            <svg onload="alert(3)"><circle r="1"/></svg><a href="javascript:alert(4)">a link</a>
            <a href="java\nscript:alert(5)">another</a><style>p{color:red}</style>
            <iframe src="https://evil.example/"></iframe><object data="x.swf"></object>
            <form action="/x"><input name="q"></form><span style="color:red" onclick="x()">styled</span>
            <a href="data:text/html,<script>alert(6)</script>">data link</a></p>
            """)
        for forbidden in [
            "script", "onerror", "onload", "svg", "javascript", "alert", "<style", "iframe", "object", "form",
            "input", "style=", "onclick", "data:",
        ] {
            #expect(!html.lowercased().contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("a link"))
        #expect(html.contains("styled"))
        #expect(html.contains("<img src=\"https://news.example/a.jpg\" alt=\"\">"))
    }

    @Test func linksAreAbsoluteAndOpenNothingBehindThem() throws {
        let html = try html(
            "<p>See <a href=\"../report.pdf\">the report</a>, <a href=\"#notes\">notes</a> and "
                + "<a href=\"mailto:desk@news.example\">write</a>.</p>")
        #expect(
            html.contains("<a href=\"https://news.example/2020/report.pdf\" rel=\"noopener noreferrer\">the report</a>")
        )
        #expect(html.contains("href=\"https://news.example/2020/04/bridge.html#notes\""))
        #expect(html.contains("href=\"mailto:desk@news.example\""))
    }

    @Test func baseElementDecidesRelativeAddresses() throws {
        let html = try html(
            "<p><a href=\"story.html\">more</a><img src=\"pic.png\"></p>",
            head: "<base href=\"https://cdn.example/section/\">")
        #expect(html.contains("href=\"https://cdn.example/section/story.html\""))
        #expect(html.contains("src=\"https://cdn.example/section/pic.png\""))
    }

    @Test func withoutAnAddressRelativeLinksAreDropped() throws {
        let article = try extractor.extract(
            ArticleFixtures.article("<p>See <a href=\"/x\">this</a>.<img src=\"/y.jpg\"></p>"), url: nil)
        #expect(article.html.contains("See this."))
        #expect(!article.html.contains("href"))
        #expect(!article.html.contains("<img"))
    }

    @Test func textIsEscaped() throws {
        let html = try html("<p>Fish &amp; chips &lt;b&gt; \"quoted\"</p>")
        #expect(html.contains("<p>Fish &amp; chips &lt;b&gt; &quot;quoted&quot;</p>"))
    }

    /// Publishers nest blocks where HTML does not allow them (Wikipedia's `<p><h2>Contents</h2></p>`, a list or a
    /// table inside a paragraph, a heading around a paragraph, a link around a link): the article is written so the
    /// HTML parser reads it as nested, with every word kept.
    @Test(arguments: [
        "<p>Lead words of the story. <h2>A heading inside a paragraph</h2> and words after it.</p>",
        "<p>Before the list <ul><li>first item of the list</li><li>second item</li></ul> after the list.</p>",
        "<p>Before the table <table><tr><td>a table cell</td></tr></table> after the table.</p>",
        "<p>Quoted: <blockquote>a quotation inside a paragraph</blockquote> and the rest.</p>",
        "<p>A picture <figure><img src=\"/pic.jpg\"><figcaption>its caption</figcaption></figure> here.</p>",
        "<h2>A heading <p>holding a paragraph</p> of its own</h2><p>Then the body text of the story.</p>",
        "<p><em>Emphasis around <div><p>a paragraph in a div</p></div> inside</em> a paragraph.</p>",
        "<p><a href=\"/one\">a link <a href=\"/two\">inside a link</a> here</a> and more.</p>",
        "<p>Text <span><pre>preformatted inside a span</pre></span> and after.</p>",
        "<p>A rule <hr> between and <dl><dt>term</dt><dd>its description</dd></dl> end.</p>",
    ])
    func blocksWhereHTMLForbidsThemAreWrittenSoTheParserAgrees(nested: String) throws {
        let filler = "<p>" + String(repeating: "The story goes on with more words of its own. ", count: 12) + "</p>"
        let html = try html("<article>" + filler + nested + filler + "</article>")
        #expect(HTMLNestingChecker.problems(in: html).isEmpty, "\(HTMLNestingChecker.problems(in: html)): \(html)")
        let words = nested.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
            .split(separator: " ")
        for word in words { #expect(html.contains(word), "\(word) is kept: \(html)") }
    }

    /// The extractor itself renames elements (a `div` of text becomes a `p`, as Readability does), so a paragraph
    /// can hold any block, and a link another link, whatever the HTML parser allowed: the sanitizer still writes
    /// HTML that nests.
    @Test(arguments: ["h2", "ul", "table", "blockquote", "figure", "pre", "dl", "hr", "p"])
    func aParagraphTheExtractorMadeAroundABlockIsWrittenAsFlow(block: String) throws {
        let inner: String =
            switch block {
            case "ul": "<ul><li>inner words</li></ul>"
            case "table": "<table><tr><td>inner words</td></tr></table>"
            case "figure": "<figure><img src=\"/x.jpg\"><figcaption>inner words</figcaption></figure>"
            case "dl": "<dl><dt>inner</dt><dd>words</dd></dl>"
            case "hr": "<hr>inner words"
            default: "<\(block)>inner words</\(block)>"
            }
        let html = try sanitized("<div id=\"made\">Lead words \(inner) and <em>after</em>.</div>") { tree in
            let made = try #require(tree.elements(named: ["div"]).first)
            tree[made].name = "p"
        }
        #expect(HTMLNestingChecker.problems(in: html).isEmpty, "\(HTMLNestingChecker.problems(in: html)): \(html)")
        for word in ["Lead", "words", "inner", "after"] { #expect(html.contains(word), "\(word): \(html)") }
    }

    @Test func aLinkTheExtractorLeftInsideALinkIsWrittenAsItsText() throws {
        let html = try sanitized("<p><a href=\"/one\">outer <span>inner</span> link</a> text</p>") { tree in
            let span = try #require(tree.elements(named: ["span"]).first)
            tree[span].name = "a"
            tree[span].setAttribute("href", "/two")
        }
        #expect(HTMLNestingChecker.problems(in: html).isEmpty, "\(HTMLNestingChecker.problems(in: html)): \(html)")
        #expect(html.contains(">outer inner link</a>"), "\(html)")
    }

    /// `body`'s children as the sanitizer writes them, after `edit` changed the parsed tree as the extractor may.
    func sanitized(_ body: String, edit: (inout PageTree) throws -> Void = { _ in }) throws -> String {
        var tree = try #require(PageParser.parse(Array("<html><body>\(body)</body></html>".utf8)))
        try edit(&tree)
        let root = try #require(tree.first("body"))
        return ArticleSanitizer(tree: tree, links: LinkResolver(pageURL: page, baseHref: nil)).html(root)
    }

    /// Items, rows, cells and captions found outside the parent they belong in (the extractor took a table row or
    /// a list's items as the article) are written as their content: a stray `<td>` is a parse error.
    @Test(arguments: [
        ("<table><tr><td id=\"cut\">a cell of words</td></tr></table>", "td", "a cell of words"),
        ("<table><tr id=\"cut\"><td>a row of words</td></tr></table>", "tr", "a row of words"),
        ("<ul><li id=\"cut\">an item of words</li></ul>", "li", "an item of words"),
        ("<dl><dd id=\"cut\">a description of words</dd></dl>", "dd", "a description of words"),
        ("<figure><figcaption id=\"cut\">a caption of words</figcaption></figure>", "figcaption", "a caption of words"),
    ])
    func partsOutsideTheirParentAreWrittenAsTheirContent(source: String, part: String, words: String) throws {
        // The part is moved out of its parent to the body, as an extractor that took it alone leaves it.
        let html = try sanitized("<div>" + source + "</div>") { tree in
            let cut = try #require(tree.elements(under: 0).first { tree[$0].attribute("id") == "cut" })
            let body = try #require(tree.first("body"))
            tree.move(cut, to: body)
        }
        #expect(!html.contains("<\(part)>") && !html.contains("<\(part) "), "\(html)")
        #expect(html.contains(words), "\(html)")
    }

    @Test func aFigureCaptionGoesLastAndSeveralBecomeOne() throws {
        let html = try sanitized(
            "<figure><p>Image</p><figcaption>Water mains break.</figcaption><img src=\"/a.jpg\">"
                + "<figcaption>Credit: A. Photographer</figcaption></figure>")
        #expect(
            html.contains(
                "<figure><p>Image</p><img src=\"https://news.example/a.jpg\" alt=\"\">"
                    + "<figcaption>Water mains break. Credit: A. Photographer</figcaption></figure>"), "\(html)")
    }

    /// Wikipedia indents with `<dl><dd>` and no term: not a definition list in HTML, so its text as paragraphs.
    @Test func aDefinitionListWithoutTermsIsWrittenAsParagraphs() throws {
        let html = try sanitized("<dl><dd>An indented line of text.</dd><dd>Another one.</dd></dl>")
        #expect(html.contains("<p>An indented line of text.</p>\n<p>Another one.</p>"), "\(html)")
        #expect(!html.contains("<dl") && !html.contains("<dd"), "\(html)")
        let real = try sanitized("<dl><dt>Term</dt><dd>Its meaning.</dd></dl>")
        #expect(real.contains("<dl><dt>Term</dt><dd>Its meaning.</dd></dl>"), "\(real)")
    }

    @Test func emptyListsTablesAndRowsAreLeftOut() throws {
        let html = try sanitized("<p>Text.</p><ul></ul><table><tr></tr></table><ol><li>kept</li></ol>")
        #expect(!html.contains("<ul") && !html.contains("<tr"), "\(html)")
        #expect(html.contains("<ol><li>kept</li></ol>"), "\(html)")
    }

    @Test func aCellNeverSpansPastItsRowGroup() throws {
        let html = try sanitized(
            "<table><tbody><tr><td rowspan=\"5\">tall</td><td>a</td></tr><tr><td>b</td></tr></tbody></table>"
                + "<table><tr><td rowspan=\"3\">alone</td></tr></table>")
        #expect(html.contains("<td rowspan=\"2\">tall</td>"), "\(html)")
        #expect(html.contains("<td>alone</td>"), "\(html)")
    }

    @Test func aParagraphInsideInlineMarkupIsWrittenInline() throws {
        let html = try sanitized("<p>Before <u>underlined <span id=\"x\">inner words</span> text</u> after.</p>") {
            tree in
            let span = try #require(tree.elements(named: ["span"]).first)
            tree[span].name = "p"
        }
        #expect(HTMLNestingChecker.problems(in: html).isEmpty, "\(html)")
        #expect(!html.contains("<u><p>") && html.contains("inner words"), "\(html)")
    }

    /// `srcset` read as HTML reads it: a comma inside an address (image CDNs' `c_fill,f_auto`) is part of it,
    /// widths and densities are not mixed, no two candidates share a descriptor, and widths come with `sizes`.
    @Test func sourceSetsAreParsedAsHTMLDoesAndWrittenValid() throws {
        let cdn = try sanitized(
            "<img srcset=\"https://cdn.example/c_fill,f_auto,q_80,w_320/a.jpg 320w, "
                + "https://cdn.example/c_fill,f_auto,q_80,w_640/a.jpg 640w\">")
        #expect(
            cdn.contains(
                "srcset=\"https://cdn.example/c_fill,f_auto,q_80,w_320/a.jpg 320w, "
                    + "https://cdn.example/c_fill,f_auto,q_80,w_640/a.jpg 640w\""), "\(cdn)")
        #expect(cdn.contains(#"sizes="(max-width: 42rem) 100vw, 42rem""#), "\(cdn)")
        #expect(cdn.contains(#"src="https://cdn.example/c_fill,f_auto,q_80,w_320/a.jpg""#), "\(cdn)")
        let mixed = try sanitized("<img src=\"/a.jpg\" srcset=\"/a.jpg 1x, /b.jpg 2x, /c.jpg 800w, /d.jpg 800w\">")
        #expect(mixed.contains(#"srcset="https://news.example/c.jpg 800w""#), "\(mixed)")
        let densities = try sanitized("<img src=\"/a.jpg\" srcset=\"/a.jpg, /b.jpg 1x, /c.jpg 2x,/d.jpg\">")
        #expect(
            densities.contains(#"srcset="https://news.example/2020/04/a.jpg, https://news.example/2020/04/c.jpg 2x""#)
                || densities.contains(#"srcset="https://news.example/a.jpg, https://news.example/c.jpg 2x""#),
            "\(densities)")
        #expect(!densities.contains("sizes="), "densities need no sizes: \(densities)")
    }

    @Test func theNestingCheckerSeesEachBreach() {
        #expect(HTMLNestingChecker.problems(in: "<p>a<h2>b</h2></p>") == ["<h2> inside <p>"])
        #expect(HTMLNestingChecker.problems(in: "<p>a<em>b</p>") == ["</p> closes <em>"])
        #expect(HTMLNestingChecker.problems(in: "<p><a href=\"x\">a<a href=\"y\">b</a></a></p>") == ["<a> inside <a>"])
        #expect(HTMLNestingChecker.problems(in: "<p>a <em>b</em><img src=\"x\"></p><ul><li>c</li></ul>").isEmpty)
    }

    @Test func bareTextInContainersBecomesParagraphs() throws {
        let html = try html(
            "<div>Loose text directly in a div, with enough words to stay. <b>bold</b><p>then a paragraph</p></div>")
        #expect(html.contains("<p>Loose text directly in a div, with enough words to stay. <b>bold</b></p>"))
        #expect(!html.contains("<div"))
    }
}

/// The sanitizer's promises hold on real publisher markup, not only on made-up pages.
@Suite struct RealPageSanitizingTests {
    @Test(.needsSharedData, arguments: ["ars-1", "herald-sun-1"])
    func realPagesGiveOnlyAllowedMarkupAndAbsoluteAddresses(name: String) throws {
        let fixture = try ArticleFixtures.page(name)
        let html = try ArticleExtractor().extract(fixture.source, url: ArticleFixtures.pageURL).html
        let lower = html.lowercased()
        for forbidden in ["<script", "<style", "<iframe", "<object", "<form", "<svg", " on", "style=", "javascript:"] {
            #expect(!lower.contains(forbidden + (forbidden == " on" ? "load=" : "")), "\(forbidden)")
        }
        #expect(!lower.contains(" onclick=") && !lower.contains(" onerror="))
        // Every address is absolute http(s) or mailto, and every link opens nothing behind it.
        var rest = Substring(html)
        while let range = rest.range(of: #"href=""#) ?? rest.range(of: #"src=""#) {
            let value = rest[range.upperBound...].prefix { $0 != "\"" }
            #expect(value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("mailto:"), "\(value)")
            rest = rest[range.upperBound...]
        }
        let links = html.components(separatedBy: "<a ").count - 1
        #expect(links == html.components(separatedBy: #"rel="noopener noreferrer""#).count - 1)
    }
}
