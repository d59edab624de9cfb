import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct AtomRendererTests {
    private let renderer = AtomRenderer()
    static let atomURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.atom")

    private func render(_ document: FeedDocument) throws -> String {
        String(decoding: try renderer.render(document), as: UTF8.self)
    }

    @Test func matchesGoldenFile() throws {
        try GoldenFile.expectMatches(try renderer.render(FeedDocumentSamples.small), name: "small-feed.atom")
    }

    @Test func passesEveryAtomRule() throws {
        let data = try renderer.render(FeedDocumentSamples.small)
        #expect(AtomRulesChecker.violations(in: data, selfURL: Self.atomURL, now: FeedDocumentSamples.buildTime) == [])
    }

    @Test func namesItsFormat() {
        #expect(renderer.fileExtension == "atom")
        #expect(renderer.mediaType == "application/atom+xml")
        #expect(FeedFormat.atom.renderer.mediaType == "application/atom+xml")
    }

    /// Parsed back with libxml2 (through FoundationXML): the same items in the same order, ids
    /// stable (the article URL), plain-text titles and summaries, an author on every entry.
    @Test func readsBackWithLibXML2() throws {
        let document = FeedDocumentSamples.small
        let xml = try XMLDocument(data: try renderer.render(document), options: [.nodeLoadExternalEntitiesNever])
        let feed = try #require(xml.rootElement())
        #expect(feed.uri == AtomRenderer.namespace)
        #expect(feed.attribute(forName: "xml:lang")?.stringValue == "en-us")
        let entries = feed.elements(forName: "entry")
        #expect(entries.count == document.stories.count)
        for (entry, story) in zip(entries, document.stories) {
            #expect(entry.elements(forName: "id").first?.stringValue == story.url.absoluteString)
            #expect(entry.elements(forName: "title").first?.stringValue == story.title)
            #expect(entry.elements(forName: "summary").first?.stringValue == story.summary)
            let author = entry.elements(forName: "author").first?.elements(forName: "name").first?.stringValue
            #expect(author == (story.author ?? story.sourceName))
            let date = RFC3339Date.string(from: story.displayDate)
            #expect(entry.elements(forName: "published").first?.stringValue == date)
            #expect(entry.elements(forName: "updated").first?.stringValue == date)
        }
        #expect(feed.elements(forName: "id").first?.stringValue == Self.atomURL.absoluteString)
        #expect(feed.elements(forName: "updated").first?.stringValue == "2025-01-06T09:30:00Z")
    }

    @Test func contentOnlyWhenItSaysMoreAndEnclosureWithTypeAndLength() throws {
        let xml = try render(FeedDocumentSamples.small)
        #expect(xml.components(separatedBy: "<content type=\"html\">").count == 2)
        #expect(
            xml.contains(
                #"<link rel="enclosure" type="image/jpeg" length="48213" href="https://img.publisher.example/flu.jpg"/>"#
            ))
        #expect(xml.contains(#"<media:thumbnail url="https://img.publisher.example/flu.jpg"/>"#))
    }

    @Test func escapesMarkupSoItStaysText() throws {
        var document = FeedDocumentSamples.small
        document.stories[0].title = "<b>bold</b> & \"quoted\""
        document.stories[0].summary = #"<script>alert("x")</script>"#
        let data = try renderer.render(document)
        let xml = String(decoding: data, as: UTF8.self)
        #expect(xml.contains("<title type=\"text\">&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;</title>"))
        #expect(!xml.contains("<script"))
        let parsed = try XMLDocument(data: data, options: [.nodeLoadExternalEntitiesNever])
        let entry = try #require(parsed.rootElement()?.elements(forName: "entry").first)
        #expect(entry.elements(forName: "title").first?.stringValue == "<b>bold</b> & \"quoted\"")
    }

    @Test func theHomeLinkIsTheDocumentLink() throws {
        var document = FeedDocumentSamples.small
        document.link = FeedDocumentSamples.url("https://feeds.example.com/us/health.html")
        #expect(
            try render(document).contains(
                #"<link rel="alternate" type="text/html" href="https://feeds.example.com/us/health.html"/>"#))
    }

    @Test func forbiddenCharactersAreDropped() throws {
        var document = FeedDocumentSamples.small
        document.stories[0].title = "Bell\u{7} title\u{FFFE}"
        let xml = try render(document)
        #expect(xml.contains("<title type=\"text\">Bell title</title>"))
    }

    @Test(arguments: [1, 2, 100])
    func piecesJoinToTheWholeFeed(itemsPerPiece: Int) throws {
        var document = FeedDocumentSamples.small
        let more = (0..<5).flatMap { _ in document.stories }
        var whole = document
        whole.stories += more
        var pieces: [Data] = []
        try renderer.render(document, followedBy: more, itemsPerPiece: itemsPerPiece) { pieces.append($0) }
        document.stories = whole.stories
        #expect(pieces.reduce(Data(), +) == (try renderer.render(document)))
    }
}
