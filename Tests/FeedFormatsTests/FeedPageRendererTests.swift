import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

@Suite struct FeedPageRendererTests {
    private let renderer = FeedPageRenderer()

    static var document: FeedDocument {
        var document = FeedDocumentSamples.small
        document.formats = FeedFormat.defaultList
        document.link = FeedDocumentSamples.url("https://feeds.example.com/us/health.html")
        return document
    }

    private func render(_ document: FeedDocument = Self.document) throws -> String {
        String(decoding: try renderer.render(document), as: UTF8.self)
    }

    @Test func matchesGoldenFile() throws {
        try GoldenFile.expectMatches(try renderer.render(Self.document), name: "small-feed.html")
    }

    @Test func isValidHTML() throws {
        #expect(HTMLPageChecker.violations(in: try render()) == [])
    }

    @Test func namesItsFormat() {
        #expect(renderer.fileExtension == "html")
        #expect(renderer.mediaType == "text/html")
    }

    /// `"image": null` leaves stories without an image: no image column, no placeholder.
    @Test func oneRowPerStoryAndNoImageColumnForAStoryWithoutImage() throws {
        let html = try render()
        let rows = FeedPageRows.rows(in: html)
        #expect(rows.map(\.href) == Self.document.stories.map(\.url.absoluteString))
        #expect(rows.map(\.title) == Self.document.stories.map(\.title))
        #expect(rows[0].imageSource == "https://img.publisher.example/flu.jpg")
        #expect(rows[0].fallback == "../assets/default-image.png")
        #expect(rows[1].imageSource == nil && rows[1].fallback == nil)
        #expect(html.components(separatedBy: #"<li class="story no-image">"#).count == 2)
    }

    @Test func theBridgesOwnImagesAreLinkedRelativeSoTheyLoadUnderAnyHost() throws {
        var document = Self.document
        document.stories[0].image = DefaultImageAsset.storyImage(site: document.site)
        #expect(FeedPageRows.rows(in: try render(document))[0].imageSource == "../assets/default-image.png")
    }

    @Test func imagesHaveAFixedBoxLazyLoadingAndAlt() throws {
        let html = try render()
        let images = html.components(separatedBy: "<img ").dropFirst()
        #expect(images.count == 1)
        for image in images {
            #expect(image.contains(#"alt="""#))
            #expect(image.contains(#"width="160" height="90""#))
            #expect(image.contains(#"loading="lazy""#))
        }
    }

    @Test func headerLinksEveryFormatAndTheOPMLAndHeadCarriesAutodiscovery() throws {
        let html = try render()
        for (type, href) in [
            ("application/rss+xml", "health.rss"), ("application/atom+xml", "health.atom"),
            ("application/feed+json", "health.json"),
        ] {
            #expect(html.contains(#"<link rel="alternate" type="\#(type)""#), "\(type)")
            #expect(html.contains(#"href="\#(href)""#), "\(href)")
        }
        #expect(html.contains(#"<a href="../feeds.opml" type="text/x-opml">All feeds (OPML)</a>"#))
        #expect(!html.contains(#"href="health.html""#))
    }

    @Test func onlyTheWrittenFormatsAreLinked() throws {
        var document = Self.document
        document.formats = [.atom, .html]
        let html = try render(document)
        #expect(html.contains(#"href="health.atom""#))
        #expect(!html.contains(#"href="health.rss""#) && !html.contains(#"href="health.json""#))
    }

    @Test func setsLanguageGeneratorViewportAndAStrictPolicy() throws {
        let html = try render()
        #expect(html.contains(#"<html lang="en-us">"#))
        #expect(html.contains(#"<meta name="generator" content="newsfeed 1.0.0">"#))
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        #expect(html.contains("default-src &#39;none&#39;; style-src &#39;self&#39;; script-src &#39;self&#39;"))
        #expect(html.contains(#"<link rel="stylesheet" href="../assets/newsfeed.css">"#))
        #expect(html.contains(#"<script src="../assets/newsfeed.js"></script>"#))
        #expect(!html.contains("http://") && !html.contains("cdn"), "no external resources")
    }

    /// Titles and descriptions are text, never markup: a hostile story stays visible text.
    @Test func escapesEveryTextSoNoStoryMarkupIsLive() throws {
        var document = Self.document
        document.title = "<title>Feed & co"
        document.stories[0].title = #"<script>alert("x")</script> & "quotes""#
        document.stories[0].summary = #"<img src=x onerror="alert(1)"> <b>bold</b>"#
        document.stories[0].sourceName = "<i>Src</i>"
        document.stories[0].author = "A&B <x>"
        document.stories[0].url = FeedDocumentSamples.url("https://publisher.example/a?b=1&c=\"2\"")
        let html = try render(document)
        #expect(HTMLPageChecker.violations(in: html) == [])
        #expect(!html.contains("<script>alert") && !html.contains("<img src=x") && !html.contains("<b>bold"))
        #expect(html.contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; \"quotes\""))
        let row = try #require(FeedPageRows.rows(in: html).first)
        #expect(row.title == document.stories[0].title)
        #expect(row.href == document.stories[0].url.absoluteString)
    }

    @Test func marksAppearBeforeTheTitle() throws {
        var document = Self.document
        let url = document.stories[1].url.absoluteString
        document.itemMarks = [url: [ItemMark(symbol: "★", label: "Bookmarked", name: "bookmarked")]]
        let html = try render(document)
        #expect(
            html.contains(
                #"<h2 dir="auto"><span class="mark mark-bookmarked" title="Bookmarked" role="img" aria-label="Bookmarked">★</span><a href"#
            ))
        #expect(html.components(separatedBy: "class=\"mark ").count == 2)
        #expect(HTMLPageChecker.violations(in: html) == [])
    }

    @Test func anEmptyFeedSaysSoAndIsValid() throws {
        var document = Self.document
        document.stories = []
        let html = try render(document)
        #expect(html.contains("No stories yet."))
        #expect(HTMLPageChecker.violations(in: html) == [])
    }

    @Test(arguments: [1, 2, 100])
    func piecesJoinToTheWholePage(itemsPerPiece: Int) throws {
        var document = Self.document
        let more = (0..<5).flatMap { _ in document.stories }
        var pieces: [Data] = []
        try renderer.render(document, followedBy: more, itemsPerPiece: itemsPerPiece) { pieces.append($0) }
        document.stories += more
        #expect(pieces.reduce(Data(), +) == (try renderer.render(document)))
    }
}
