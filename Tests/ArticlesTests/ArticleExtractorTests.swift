import Foundation
import TestSupport
import Testing

@testable import Articles

@Suite struct ArticleExtractorTests {
    let extractor = ArticleExtractor()
    let page = ArticleFixtures.pageURL

    @Test(.needsSharedData, arguments: ["ars-1", "herald-sun-1"])
    func realNewsPageMatchesTheExpectedArticle(name: String) throws {
        let fixture = try ArticleFixtures.page(name)
        let article = try extractor.extract(fixture.source, url: page)
        let scores = ArticleFixtures.shingleScores(article.text, reference: ArticleFixtures.plainText(fixture.expected))
        #expect(scores.precision > 0.95, "precision \(scores.precision)")
        #expect(scores.recall > 0.95, "recall \(scores.recall)")
        #expect(article.words > 300)
    }

    @Test func navigationFooterAndTitleAreLeftOut() throws {
        let article = try extractor.extract(ArticleFixtures.article(""), url: page)
        #expect(article.title == "Bridge repairs approved")
        #expect(!article.text.contains("Home"))
        #expect(!article.text.contains("Copyright"))
        // The title is shown on its own, not again at the top of the body.
        #expect(article.text.hasPrefix("Paragraph 1"))
        #expect(article.text.components(separatedBy: "\n\n").count == 4)
    }

    /// The title is not repeated at the top of the body at any heading level, linked or under a lead picture.
    @Test(arguments: [
        "<h3>Bridge repairs approved</h3>",
        "<figure><img src=\"/lead.jpg\"><figcaption>The old bridge.</figcaption></figure><h3>Bridge repairs approved</h3>",
        "<div><h4><a href=\"/2020/04/bridge.html\">Bridge Repairs Approved</a></h4></div>",
    ])
    func aHeadingThatRepeatsTheTitleAtTheTopIsLeftOut(lead: String) throws {
        let article = try extractor.extract(Self.page(lead: lead), url: page)
        #expect(!article.text.contains("Bridge repairs approved") && !article.text.contains("Bridge Repairs"))
        #expect(!article.html.lowercased().contains(">bridge repairs approved<"), "\(article.html)")
        #expect(article.text.contains("Paragraph 1"))
    }

    /// Only the title itself goes: a first heading that merely shares its words, or a title-like heading after
    /// text, stays.
    @Test(arguments: [
        ("<h3>Bridge</h3>", "Bridge"),
        (
            "<p>An opening line of the story before any heading.</p><h3>Bridge repairs approved</h3>",
            "Bridge repairs approved"
        ),
    ])
    func aHeadingThatIsNotJustTheTitleStays(lead: String, kept: String) throws {
        let article = try extractor.extract(Self.page(lead: lead), url: page)
        #expect(article.text.contains(kept), "\(article.text)")
    }

    /// A page titled "Bridge repairs approved" whose article (with no `<h1>`) starts with `lead`.
    static func page(lead: String) -> [UInt8] {
        let paragraphs = (1...4).map {
            "<p>Paragraph \($0) of the story, long enough to count: the council met on Tuesday, voted, "
                + "and agreed that the bridge will be repaired before winter, said the mayor.</p>"
        }.joined()
        return Array(
            """
            <!DOCTYPE html><html lang="en"><head><title>Bridge repairs approved | The Daily</title></head>
            <body><article>\(lead)\(paragraphs)</article></body></html>
            """.utf8)
    }

    @Test func shareBarsRelatedStoriesAndNewsletterBoxesAreLeftOut() throws {
        let article = try extractor.extract(
            ArticleFixtures.article(
                """
                <div class="share-buttons"><a href="https://x.example/share">Share on X</a></div>
                <div class="related-stories"><ul><li><a href="/a">Another story entirely</a></li></ul></div>
                <div class="newsletter-signup">Get our newsletter every morning in your inbox.</div>
                <div id="comments"><p>I think this is wrong, says a commenter at great length here.</p></div>
                """), url: page)
        for boilerplate in ["Share on X", "Another story", "newsletter", "commenter"] {
            #expect(!article.text.contains(boilerplate), "\(boilerplate)")
        }
    }

    @Test func bylineInsideTheBodyIsTakenOutOnce() throws {
        let article = try extractor.extract(
            ArticleFixtures.article("<p class=\"byline\">By Ann Writer</p>"), url: page)
        #expect(article.byline == "By Ann Writer")
        #expect(!article.text.contains("Ann Writer"))
    }

    @Test func headingsListsQuotesCodeAndTablesAreKept() throws {
        let article = try extractor.extract(
            ArticleFixtures.article(
                """
                <h2>What happens next</h2><ul><li>Closing the bridge in May</li><li>Reopening it in June</li></ul>
                <blockquote><p>We are relieved, said a resident.</p></blockquote><pre>line one
                  line two</pre>
                <table><caption>Costs</caption><tr><th>Item</th><th>Cost</th></tr><tr><td>Steel</td><td>4m</td></tr></table>
                """), url: page)
        for markup in [
            "<h2>What happens next</h2>", "<li>Closing the bridge in May</li>", "<blockquote>",
            "<pre>line one\n  line two</pre>", "<caption>Costs</caption>", "<td>Steel</td>",
        ] {
            #expect(article.html.contains(markup), "\(markup)")
        }
        #expect(article.text.contains("What happens next\n\nClosing the bridge in May\n\nReopening it in June"))
        #expect(article.text.contains("Steel | 4m"))
    }

    @Test func figuresKeepTheirCaptionAndLazyImages() throws {
        let article = try extractor.extract(
            ArticleFixtures.article(
                """
                <figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/bridge.jpg" alt="The bridge">
                <figcaption>The bridge in 2019.</figcaption></figure>
                <figure><img class="lazyload" data-srcset="/img/a-640.jpg 640w, /img/a-1280.jpg 1280w"></figure>
                <p>After the pictures. <img src="/placeholder.gif"><noscript><img src="/img/real.jpg"></noscript></p>
                """), url: page)
        #expect(article.html.contains("<img src=\"https://news.example/img/bridge.jpg\" alt=\"The bridge\">"))
        #expect(article.html.contains("<figcaption>The bridge in 2019.</figcaption>"))
        #expect(
            article.html.contains(
                "srcset=\"https://news.example/img/a-640.jpg 640w, https://news.example/img/a-1280.jpg 1280w\""))
        #expect(article.html.contains("https://news.example/img/real.jpg"))
        #expect(!article.html.contains("placeholder.gif"))
        #expect(!article.html.contains("data:"))
    }

    /// Lazy loaders' attributes by name, whatever the address looks like, over every kind of placeholder
    /// (issue 28, point 8).
    @Test func lazyPicturesGetTheirRealAddressOverEveryPlaceholder() throws {
        let svg =
            "data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20width%3D%221200%22"
            + "%20height%3D%22800%22%20viewBox%3D%220%200%201200%20800%22%3E%3C%2Fsvg%3E"
        let article = try extractor.extract(
            ArticleFixtures.article(
                """
                <figure><img src="\(svg)" data-lazy-src="https://cdn.example/photos/8812?w=1200" alt="Harbour"></figure>
                <p>The harbour at dawn, before the ferries. <img src="/static/blank.gif" data-original="https://cdn.example/p/77"></p>
                <figure><img src="/img/spacer.gif" data-src="/img/quay.jpg" data-srcset="/img/quay-640.jpg 640w, /img/quay-1280.jpg 1280w"></figure>
                <p>Later the fog lifted. <img class="lazyload" data-original="https://cdn.example/p/91"><noscript><img src="https://cdn.example/p/91-full"></noscript></p>
                <figure><img src="/img/keep.jpg" data-src="/img/keep-large.jpg" alt="Kept"></figure>
                """), url: page)
        for address in [
            "https://cdn.example/photos/8812?w=1200", "https://cdn.example/p/77", "https://news.example/img/quay.jpg",
            "https://news.example/img/quay-640.jpg 640w", "https://cdn.example/p/91-full",
            "https://news.example/img/keep.jpg",
        ] {
            #expect(article.html.contains(address), "\(address) in \(article.html)")
        }
        for placeholder in ["svg+xml", "blank.gif", "spacer.gif", "data:"] {
            #expect(!article.html.contains(placeholder), "\(placeholder)")
        }
    }

    @Test func pagesThatAreNotHTMLAreRefused() {
        let cases: [([UInt8], String)] = [
            (Array("{\"status\": \"ok\"}".utf8), "not HTML (JSON)"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], "not HTML (an image)"),
            (Array("%PDF-1.7\n%âãÏÓ".utf8), "not HTML (PDF)"),
        ]
        for (bytes, cause) in cases {
            #expect(throws: ArticleError.self) { try extractor.extract(bytes, url: nil) }
            do {
                _ = try extractor.extract(bytes, url: nil)
            } catch {
                #expect(error.description == cause)
            }
        }
        #expect(throws: ArticleError.notHTML(kind: "application/pdf")) {
            try extractor.extract(ArticleFixtures.article(""), url: nil, contentType: "application/pdf")
        }
    }

    @Test func pageOverTheCapIsTooLarge() {
        let small = ArticleExtractor(maximumBytes: 100)
        #expect(throws: ArticleError.tooLarge(limit: 100)) {
            try small.extract(ArticleFixtures.article(""), url: nil)
        }
    }

    @Test func emptyAndTextlessPagesHaveNoArticle() {
        #expect(throws: ArticleError.empty) { try extractor.extract(Array("  \n ".utf8), url: nil) }
        #expect(throws: ArticleError.noArticle) {
            try extractor.extract(Array("<html><body><nav><a href=/>Home</a></nav></body></html>".utf8), url: nil)
        }
    }

    @Test func hundredThousandDeepNestingNeitherCrashesNorRecursesWithoutEnd() throws {
        let depth = 100_000
        let page =
            "<html><body>" + String(repeating: "<div>", count: depth) + "deep text"
            + String(repeating: "</div>", count: depth) + "</body></html>"
        // libxml2 stops at its depth limit; the page is no article, and nothing crashed.
        let result = Result { try extractor.extract(Array(page.utf8), url: nil) }
        if case .success(let article) = result { #expect(article.words < 10) }
    }

    @Test func deepButOrdinaryNestingIsRead() throws {
        let depth = 200
        let paragraph = "<p>Deep inside, the text of the story goes on, with commas, clauses, and a point.</p>"
        let page =
            "<html><body>" + String(repeating: "<div>", count: depth) + paragraph + paragraph
            + String(repeating: "</div>", count: depth) + "</body></html>"
        let article = try extractor.extract(Array(page.utf8), url: nil)
        #expect(article.text.hasPrefix("Deep inside"))
    }
}
