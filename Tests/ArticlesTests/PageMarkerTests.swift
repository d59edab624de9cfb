import Articles
import Foundation
import Testing

/// The page's own marker of its article wins when the scorer's pick leaves it out (issue 28, point 5).
@Suite struct PageMarkerTests {
    static let post =
        "We walked the coastal path from the old lighthouse to the harbour this morning, counting seabirds as the fog "
        + "lifted. Forty-two gannets, a dozen puffins and one very patient heron that watched the ferry come in. "
        + "The path is muddy after the rain, so bring boots, and the café at the end opens at ten."
    static let aboutMe = String(
        repeating: "<p>I am a retired teacher who writes about walking, birds and the small towns of the coast, "
            + "and I have lived by the sea for thirty years with my two dogs and a great many books.</p>",
        count: 4)

    static func page(_ marker: String) -> String {
        """
        <html><head><title>Seabirds on the coastal path</title></head><body>
        <div class="wrap"><div class="main"><h1>Seabirds on the coastal path</h1>
        <div \(marker)><p>\(post)</p></div></div>
        <div class="profile"><h3>About me</h3>\(aboutMe)</div></div></body></html>
        """
    }

    @Test(arguments: [#"itemprop="articleBody""#, #"class="entry-content clearfix""#, #"class="post-body""#])
    func aShortMarkedPostBeatsALongerAboutMeBox(marker: String) throws {
        let article = try ArticleExtractor().extract(
            Array(Self.page(marker).utf8), url: URL(string: "https://walks.example/seabirds"))
        #expect(article.text.contains("Forty-two gannets"), "\(article.text)")
        #expect(!article.text.contains("retired teacher"), "\(article.text)")
    }

    @Test func aMarkerAroundTheWholeArticleChangesNothingAndSeveralMarkersAreLeftToTheScorer() throws {
        let paragraphs = String(
            repeating: "<p>The council met on Tuesday and approved the harbour plan after a long debate.</p>", count: 4)
        let whole = """
            <html><body><article><h1>Harbour plan</h1><p class="byline">By Ann Writer</p>
            <div itemprop="articleBody">\(paragraphs)<p>\(Self.post)</p></div></article></body></html>
            """
        let article = try ArticleExtractor().extract(Array(whole.utf8), url: URL(string: "https://news.example/plan"))
        #expect(article.text.contains("approved the harbour plan"))
        #expect(article.text.contains("Forty-two gannets"))
        // Two marked blocks apart (a page split around an advert): both kept by the scorer, not one of them.
        let split = """
            <html><body><article><h1>Harbour plan</h1>
            <div class="article-body">\(paragraphs)</div><div class="advert">Buy boots</div>
            <div class="article-body"><p>\(Self.post)</p></div></article></body></html>
            """
        let both = try ArticleExtractor().extract(Array(split.utf8), url: URL(string: "https://news.example/plan"))
        #expect(both.text.contains("approved the harbour plan"))
        #expect(both.text.contains("Forty-two gannets"))
    }
}
