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

/// The words a marker's text and the winner's are compared by: on the bytes for plain text, by `Character`s for the
/// rest, the same set either way.
@Suite struct PageMarkerWordsTests {
    static let pieces = [
        "The", "bridge", "’s", "“opened”", "—", " ", "\u{A0}", "2026", "\r\n", "…", "«", "»", "R&D", "e-mail", "_x_",
        "\t", "Zürich", "e\u{301}", "İstanbul", "½", "日本", "🙂", "a\u{200D}b", "’\u{301}", "ΣΑΣ", "x\u{7F}y", "N°5",
    ]

    @Test func theBytesAndTheCharactersFindTheSameWords() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator) ?? ""
            }.joined(separator: Bool.random(using: &generator) ? " " : "")
            #expect(
                PageMarkers.words(text) == PageMarkers.wordsByCharacters(text.lowercased()), "\(text.debugDescription)")
        }
    }

    @Test func plainEnglishWithCurlyQuotesAndDashesIsReadOnTheBytes() {
        let text = "The council’s “new” bridge — opened in 2026 … costs\u{A0}€? No: £5m."
        #expect(PageMarkers.wordsOfPlainText(text.lowercased()) == nil, "€ and £ are not in the plain set")
        let plain = "The council’s “new” bridge — opened in 2026 … at last."
        #expect(PageMarkers.wordsOfPlainText(plain.lowercased()) == PageMarkers.wordsByCharacters(plain.lowercased()))
        #expect(PageMarkers.words(plain).contains("council"))
    }
}
