import Foundation
import Testing

@testable import Articles

@Suite struct PageMetadataTests {
    let extractor = ArticleExtractor()

    @Test func jsonLDNewsArticleGivesTheMetadata() throws {
        let head = """
            <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},
            {"@type":"NewsArticle","headline":"Bridge repairs approved by council","datePublished":"2020-04-18T09:15:05+02:00",
            "author":[{"@type":"Person","name":"Ann Writer"},{"@type":"Person","name":"Bo Reporter"}],
            "image":{"@type":"ImageObject","url":"https://news.example/lead.jpg"},"inLanguage":"en-gb",
            "publisher":{"name":"The Daily"}}]}</script>
            <meta property="og:title" content="OG title"><meta property="og:image" content="https://news.example/og.jpg">
            """
        let article = try extractor.extract(ArticleFixtures.article("", head: head), url: nil)
        #expect(article.title == "Bridge repairs approved by council")
        #expect(article.byline == "Ann Writer, Bo Reporter")
        #expect(article.published.map(PublishedDate.rfc3339) == "2020-04-18T07:15:05Z")
        #expect(article.image?.absoluteString == "https://news.example/lead.jpg")
        #expect(article.language == "en-GB")
        #expect(article.siteName == "The Daily")
    }

    @Test func openGraphAndMetaWhenThereIsNoJSONLD() throws {
        let head = """
            <meta property="og:title" content="Bridge repairs approved"><meta property="og:image" content="/og.jpg">
            <meta name="author" content="Ann Writer"><meta property="article:published_time" content="2020-04-18">
            <meta property="og:site_name" content="The Daily">
            """
        let article = try extractor.extract(
            ArticleFixtures.article("", head: head), url: URL(string: "https://news.example/a/b"))
        #expect(article.title == "Bridge repairs approved")
        #expect(article.byline == "Ann Writer")
        #expect(article.published.map(PublishedDate.rfc3339) == "2020-04-18T00:00:00Z")
        #expect(article.image?.absoluteString == "https://news.example/og.jpg")
        #expect(article.language == "en")
    }

    @Test func jsonLDArticleBodyStandsInWhenTheMarkupHasLittle() throws {
        let body = (1...40).map { "Sentence \($0) of the publisher's own text of the story." }.joined(separator: "\\n")
        let page = """
            <html><head><script type="application/ld+json">{"@type":"NewsArticle","headline":"H","articleBody":"\(body)"}</script>
            </head><body><div id="app"><p>Loading the story, please wait a moment or two longer.</p></div></body></html>
            """
        let article = try extractor.extract(Array(page.utf8), url: nil)
        #expect(article.text.hasPrefix("Sentence 1 of the publisher's own text of the story.\n\nSentence 2"))
        #expect(
            article.html.hasPrefix("<p>Sentence 1 of the publisher&#39;s own text")
                || article.html.hasPrefix("<p>Sentence 1 of the publisher's own text"))
    }

    @Test(arguments: [
        ("2020-04-18T09:15:05Z", "2020-04-18T09:15:05Z"), ("2020-04-18T09:15:05.123+0200", "2020-04-18T07:15:05Z"),
        ("2020-04-18 09:15", "2020-04-18T09:15:00Z"), ("2020-04-18", "2020-04-18T00:00:00Z"),
        ("2020-04-18T09:15:05-05:00", "2020-04-18T14:15:05Z"),
    ])
    func publishedDatesInTheirCommonShapes(text: String, expected: String) {
        #expect(PublishedDate.parse(text).map(PublishedDate.rfc3339) == expected)
    }

    @Test(arguments: ["yesterday", "18/04/2020", "2020-13-01", ""])
    func thingsThatAreNotDates(text: String) {
        #expect(PublishedDate.parse(text) == nil)
    }

    @Test func siteNameIsCutFromTheDocumentTitle() {
        #expect(
            TitleSimilarity.articleTitle(
                documentTitle: "Bridge repairs approved after long debate | The Daily", headings: [], firstH1s: [])
                == "Bridge repairs approved after long debate")
        #expect(
            TitleSimilarity.articleTitle(
                documentTitle: "The Daily - Bridge repairs approved", headings: [], firstH1s: [])
                == "The Daily - Bridge repairs approved")
    }
}
