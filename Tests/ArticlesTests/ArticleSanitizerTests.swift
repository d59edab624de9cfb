import Foundation
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

    @Test func bareTextInContainersBecomesParagraphs() throws {
        let html = try html(
            "<div>Loose text directly in a div, with enough words to stay. <b>bold</b><p>then a paragraph</p></div>")
        #expect(html.contains("<p>Loose text directly in a div, with enough words to stay. <b>bold</b></p>"))
        #expect(!html.contains("<div"))
    }
}
