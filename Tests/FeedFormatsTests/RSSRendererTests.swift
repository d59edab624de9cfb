import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

@Suite struct RSSRendererTests {
    private let renderer = RSSRenderer()

    private func render(_ document: FeedDocument) throws -> String {
        try #require(String(data: try renderer.render(document), encoding: .utf8))
    }

    /// Set NEWSFEED_RECORD_GOLDEN=1 to rewrite the fixture after an intended change, then review
    /// the diff by eye against feed-rules.md before committing it.
    @Test func matchesGoldenFile() throws {
        let rendered = try renderer.render(FeedDocumentSamples.small)
        if ProcessInfo.processInfo.environment["NEWSFEED_RECORD_GOLDEN"] == "1" {
            try rendered.write(to: RepositoryPaths.fixtures.appending(path: "Feeds/small-feed.rss"))
        }
        let golden = try #require(
            RepositoryPaths.fixtureBundle.url(
                forResource: "small-feed", withExtension: "rss", subdirectory: "Fixtures/Feeds"))
        let expected = try Data(contentsOf: golden)
        #expect(String(decoding: rendered, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func isDeterministic() throws {
        let document = FeedDocumentSamples.small
        #expect(try renderer.render(document) == (try renderer.render(document)))
    }

    @Test func namesItsFormat() {
        #expect(renderer.fileExtension == "rss")
        #expect(renderer.mediaType == "application/rss+xml")
    }

    @Test func escapesSummaryAsHTMLSoMarkupStaysText() throws {
        var document = FeedDocumentSamples.small
        document.stories[0].summary = #"<script>alert("x")</script> & <b>bold</b>"#
        let xml = try render(document)
        #expect(
            xml.contains(
                "<description>&amp;lt;script&amp;gt;alert(&quot;x&quot;)&amp;lt;/script&amp;gt; &amp;amp; "
                    + "&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;</description>"))
    }

    @Test func writesContentAsEscapedParagraphsAfterDescription() throws {
        var document = FeedDocumentSamples.small
        document.stories[0].content = "One & two\nline\n\nThree ]]> end"
        let xml = try render(document)
        #expect(
            xml.contains(
                "<content:encoded>&lt;p&gt;One &amp;amp; two&lt;br/&gt;line&lt;/p&gt;"
                    + "&lt;p&gt;Three ]]&amp;gt; end&lt;/p&gt;</content:encoded>"))
        #expect(!xml.contains("CDATA"))
    }

    @Test func leavesOutOptionalElementsWhenAbsent() throws {
        var document = FeedDocumentSamples.small
        document.language = nil
        document.ttlMinutes = 0
        document.stories = [FeedDocumentSamples.minimal]
        let xml = try render(document)
        for absent in ["<language>", "<ttl>", "<content:encoded>", "<dc:creator>", "<enclosure", "<media:"] {
            #expect(!xml.contains(absent), "\(absent)")
        }
    }

    @Test func writesFileSizeOnlyWhenLengthIsKnown() throws {
        var document = FeedDocumentSamples.small
        document.stories[0].image?.length = 0
        let xml = try render(document)
        #expect(xml.contains(#"<enclosure url="https://img.publisher.example/flu.jpg" length="0" type="image/jpeg"/>"#))
        #expect(!xml.contains("fileSize"))
    }

    @Test func dropsForbiddenCharactersEverywhere() throws {
        var document = FeedDocumentSamples.small
        document.title = "Feed\u{1}"
        document.stories[0].title = "Bell\u{7} title\u{FFFE}"
        document.stories[0].summary = "Null\u{0} summary"
        document.stories[0].author = "Esc\u{1B}ape"
        document.stories[0].sourceName = "Src\u{FFFF}"
        let xml = try render(document)
        #expect(xml.contains("<title>Feed</title>"))
        #expect(xml.contains("<title>Bell title</title>"))
        #expect(xml.contains("<description>Null summary</description>"))
        #expect(xml.contains("<dc:creator>Escape</dc:creator>"))
        #expect(xml.contains(">Src</source>"))
        #expect(!xml.unicodeScalars.contains { !XMLCharacters.isAllowed($0) })
    }

    /// The benchmark renders 10,000 items; quadratic work would show up as seconds here.
    /// A big feed (2,000 complete items) loses, repeats and reorders nothing, whole or in pieces.
    /// Its speed is measured by bench/convert, never by a timed test (those flake on shared cores).
    @Test func rendersManyItemsEachOnceInOrder() throws {
        var document = FeedDocumentSamples.small
        document.stories = (0..<2_000).map { index in
            var story = FeedDocumentSamples.complete
            story.url = FeedDocumentSamples.url("https://publisher.example/story/\(index)")
            story.title = "Story number \(index)"
            return story
        }
        let data = try renderer.render(document)
        #expect(data.count > 2_000 * 800)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.components(separatedBy: "<item>").count - 1 == 2_000)
        let read = try RSSReader().read(data, path: "many.rss")
        #expect(read.stories.map(\.url) == document.stories.map(\.url))
        #expect(read.stories.map(\.title) == document.stories.map(\.title))
        var pieces = Data()
        try renderer.render(document, itemsPerPiece: 7) { pieces.append($0) }
        #expect(pieces == data)
    }

    /// `convert` writes big feeds in pieces; joined, they are the bytes of the whole rendering,
    /// and no piece ends inside a UTF-8 sequence.
    @Test(arguments: [1, 2, 100])
    func piecesJoinToTheWholeFeed(itemsPerPiece: Int) throws {
        var document = FeedDocumentSamples.small
        document.stories = (0..<5).flatMap { _ in document.stories }
        var pieces: [Data] = []
        try renderer.render(document, itemsPerPiece: itemsPerPiece) { pieces.append($0) }
        #expect(pieces.reduce(Data(), +) == (try renderer.render(document)))
        #expect(pieces.count == document.stories.count / itemsPerPiece + 1)
        for piece in pieces {
            #expect(String(bytes: piece, encoding: .utf8) != nil)
        }
    }
}
