import Foundation
import Testing

@testable import Articles

/// Articles over several pages (issue 28, point 9): which link continues the article, and the parts joined.
@Suite struct PageContinuationTests {
    func report(_ page: String, url: String = "https://www.example.com/2024/05/bridge") throws -> ExtractionReport {
        var report = ExtractionReport()
        _ = try ArticleExtractor().extract(
            Array(page.utf8), url: URL(string: url), contentType: nil, report: &report)
        return report
    }

    static func page(head: String = "", links: String) -> String {
        """
        <html><head><title>Bridge</title>\(head)</head><body><article><h1>Bridge</h1>
        <p>The council agreed on Tuesday evening that the old bridge over the river will be repaired soon.</p></article>
        \(links)</body></html>
        """
    }

    @Test(arguments: [
        ("/2024/05/bridge", "/2024/05/bridge"), ("/2024/05/bridge/2", "/2024/05/bridge"),
        ("/2024/05/bridge/", "/2024/05/bridge"), ("/2024/05/bridge/page/3/", "/2024/05/bridge"),
        ("/2024/05/bridge-page-2.html", "/2024/05/bridge"), ("/2024/05/bridge,2.html", "/2024/05/bridge"),
        ("/2024/05/Bridge_2.htm", "/2024/05/bridge"), ("/story/12345", "/story/12345"),
    ])
    func theStemDropsWhatNumbersThePages(path: String, stem: String) {
        // A long number is the article's own id, not a page number.
        #expect(PageContinuation.stem(path) == stem)
    }

    @Test func relNextOfTheSameArticleIsTheNextPage() throws {
        let head = #"<link rel="next" href="/2024/05/bridge?page=2">"#
        #expect(
            try report(Self.page(head: head, links: "")).nextPage?.absoluteString
                == "https://www.example.com/2024/05/bridge?page=2")
        let anchor = #"<a rel="next" href="https://example.com/2024/05/bridge/2">2</a>"#
        #expect(
            try report(Self.page(links: anchor)).nextPage?.absoluteString
                == "https://example.com/2024/05/bridge/2", "www. aside, the same host")
    }

    @Test func relNextToAnotherArticleOrHostIsNotTheArticlesNextPage() throws {
        // WordPress once marked the next post with rel="next".
        let otherPost = #"<link rel="next" href="/2024/05/ferry-timetable">"#
        #expect(try report(Self.page(head: otherPost, links: "")).nextPage == nil)
        let otherHost = #"<a rel="next" href="https://elsewhere.org/2024/05/bridge/2">Next</a>"#
        #expect(try report(Self.page(links: otherHost)).nextPage == nil)
        // The home page's second page of headlines.
        let home = #"<a rel="next" href="/page/2/">Older posts</a>"#
        #expect(try report(Self.page(links: home)).nextPage == nil)
    }

    @Test func aNextPageLinkIsFoundByItsTextOrByItsClassInAPager() throws {
        let text = #"<p><a href="/2024/05/bridge/2">Next page</a></p>"#
        #expect(try report(Self.page(links: text)).nextPage?.path == "/2024/05/bridge/2")
        let pager =
            #"<div class="pagination"><a href="/2024/05/bridge/1">1</a> <a class="next-link" href="/2024/05/bridge/2">Go on</a></div>"#
        #expect(try report(Self.page(links: pager)).nextPage?.path == "/2024/05/bridge/2")
        let notInPager = #"<div class="footer"><a class="next-link" href="/2024/05/bridge/2">Go on</a></div>"#
        #expect(try report(Self.page(links: notInPager)).nextPage == nil)
    }

    @Test func theOnePageViewIsFoundByItsText() throws {
        let links = #"<a href="/2024/05/bridge?view=all">View as single page</a> <a href="/about">View all</a>"#
        let found = try report(Self.page(links: links))
        #expect(found.singlePage?.absoluteString == "https://www.example.com/2024/05/bridge?view=all")
        #expect(try report(Self.page(links: #"<a href="/about">View all</a>"#)).singlePage == nil)
    }

    static func article(_ html: String, title: String = "The bridge", byline: String? = "Ann Writer") throws -> Article
    {
        try ArticleExtractor().extract(
            Array("<html><head><title>\(title)</title></head><body><article>\(html)</article></body></html>".utf8),
            url: URL(string: "https://example.com/bridge"))
    }

    @Test func laterPartsLoseWhatRepeatsTheFirstPagesTop() throws {
        let standfirst = "<p class=\"standfirst\">The town will repair its bridge, the council decided.</p>"
        let first = try Self.article(standfirst + "<p>Page one says the council met on Tuesday and voted for it.</p>")
        let second = try Self.article(
            "<h2>The bridge</h2>" + standfirst + "<p>Page two says the work starts in May and costs four million.</p>")
        let joined = ArticleParts.join([first, second])
        #expect(
            joined.text
                == "The town will repair its bridge, the council decided.\n\n"
                + "Page one says the council met on Tuesday and voted for it.\n\n"
                + "Page two says the work starts in May and costs four million.")
        #expect(joined.html.components(separatedBy: "The town will repair").count == 2)
        #expect(joined.words == Article.wordCount(joined.text))
        #expect(joined.title == first.title)
    }

    @Test func aPartThatRepeatsAnEarlierOneAddsNothing() throws {
        let first = try Self.article("<p>Page one says the council met on Tuesday and voted for it.</p>")
        let joined = ArticleParts.join([first, first])
        #expect(joined.text == first.text)
    }
}
