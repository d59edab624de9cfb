import Foundation
import Testing

@testable import Articles

/// The page's own address for itself (`<link rel="canonical">`), which makes one story of two addresses
/// (issue 27, point 13).
@Suite struct PageCanonicalTests {
    let extractor = ArticleExtractor()
    let page = URL(string: "https://amp.news.example/2024/05/ferry/amp")

    @Test func aRelativeCanonicalIsResolvedAgainstThePage() throws {
        let head = #"<link rel="canonical" href="/2024/05/ferry">"#
        let article = try extractor.extract(ArticleFixtures.article("", head: head), url: page)
        #expect(article.canonical?.absoluteString == "https://amp.news.example/2024/05/ferry")
    }

    @Test func aCanonicalOnAnotherSiteIsKept() throws {
        let head = #"<link rel="Canonical" href="https://wire.example/ferry">"#
        let article = try extractor.extract(ArticleFixtures.article("", head: head), url: page)
        #expect(article.canonical?.absoluteString == "https://wire.example/ferry")
    }

    @Test(arguments: [
        #"<link rel="canonical" href="https://news.example/">"#,
        #"<link rel="canonical" href="javascript:alert(1)">"#,
        #"<meta property="og:url" content="https://news.example/2024/05/ferry">"#,
        "",
    ])
    func noUsableCanonicalIsNone(_ head: String) throws {
        let article = try extractor.extract(ArticleFixtures.article("", head: head), url: page)
        #expect(article.canonical == nil)
    }
}
