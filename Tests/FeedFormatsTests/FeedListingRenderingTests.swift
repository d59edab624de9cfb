import FeedFormats
import Foundation
import FoundationXML
import TestSupport
import Testing

@Suite struct FeedListingRenderingTests {
    static let base = URL(string: "https://news.example/feeds/") ?? URL(fileURLWithPath: "/")

    static let listings = [
        FeedListing(
            title: "Tom & \"Jerry\" <News>\u{1}", relativePath: "us/health.rss",
            url: FeedListing.absoluteURL(base: base, relativePath: "us/health.rss"),
            homeURL: URL(string: "https://example.com/?a=1&b=2"), itemCount: 20,
            lastSuccess: Date(timeIntervalSince1970: 1_700_000_000)),
        FeedListing(
            title: "Caf\u{e9}\nline", relativePath: "fr/caf\u{e9} x.rss",
            url: FeedListing.absoluteURL(base: base, relativePath: "fr/caf\u{e9} x.rss"), itemCount: 0,
            lastSuccess: nil),
    ]

    @Test func absoluteURLsEncodeEachSegment() {
        #expect(Self.listings[0].url.absoluteString == "https://news.example/feeds/us/health.rss")
        #expect(Self.listings[1].url.absoluteString == "https://news.example/feeds/fr/caf%C3%A9%20x.rss")
        let bare = URL(string: "http://127.0.0.1:8080") ?? Self.base
        #expect(
            FeedListing.absoluteURL(base: bare, relativePath: "a.rss").absoluteString == "http://127.0.0.1:8080/a.rss")
        #expect(Self.listings[0].feedID == "us/health")
    }

    @Test func indexPageEscapesAndDiscovers() throws {
        let opml = FeedListing.absoluteURL(base: Self.base, relativePath: "feeds.opml")
        let html = FeedIndexPage.render(title: "My <feeds>", listings: Self.listings, opmlURL: opml)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<title>My &lt;feeds&gt;</title>"))
        #expect(
            html.contains(
                "title=\"Tom &amp; &quot;Jerry&quot; &lt;News&gt;\" href=\"https://news.example/feeds/us/health.rss\""))
        #expect(html.contains(">Tom &amp; \"Jerry\" &lt;News&gt;</a>"))
        #expect(!html.contains("\u{1}"))
        #expect(html.contains("title=\"Caf\u{e9}&#10;line\""))
        // A file name with a space still gets a valid relative URL (the Nu checker rejects a raw space).
        #expect(html.contains(#"<h2><a href="fr/caf%C3%A9%20x.rss">"#))
        #expect(html.contains(#"<link rel="stylesheet" href="assets/newsfeed.css">"#), "the pages' look")
        #expect(html.contains(#"id="theme-choice""#))
        #expect(html.contains("20 items"))
        #expect(html.contains("<span class=\"muted\">never</span>"))
        #expect(html.contains("2 feeds"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(HTMLPageChecker.violations(in: html) == [])
    }

    @Test func indexLinksEveryFormatFoundAndTheTitleToThePage() {
        var listing = Self.listings[0]
        listing.formats = [.rss, .atom, .json, .html]
        let opml = FeedListing.absoluteURL(base: Self.base, relativePath: "feeds.opml")
        let html = FeedIndexPage.render(title: "t", listings: [listing], opmlURL: opml)
        #expect(html.contains(#"<h2><a href="us/health.html">"#))
        for (label, path) in [("RSS", "us/health.rss"), ("Atom", "us/health.atom"), ("JSON Feed", "us/health.json")] {
            #expect(html.contains(#"href="\#(path)""#) && html.contains(">\(label)</a>"), "\(label)")
        }
        #expect(HTMLPageChecker.violations(in: html) == [])
    }

    @Test func indexPageIsDeterministic() {
        let opml = FeedListing.absoluteURL(base: Self.base, relativePath: "feeds.opml")
        #expect(
            FeedIndexPage.render(title: "t", listings: Self.listings, opmlURL: opml)
                == FeedIndexPage.render(title: "t", listings: Self.listings, opmlURL: opml))
        #expect(FeedIndexPage.render(title: "t", listings: [], opmlURL: opml).contains("No feeds yet"))
    }

    @Test func opmlIsValidXMLWithEscapedAttributes() throws {
        let xml = OPMLDocument.render(title: "A & B", listings: Self.listings, indexURL: Self.base)
        let document = try XMLDocument(xmlString: xml)
        #expect(try document.nodes(forXPath: "/opml/head/title").first?.stringValue == "A & B")
        let outlines = try document.nodes(forXPath: "/opml/body/outline").compactMap { $0 as? XMLElement }
        #expect(outlines.count == 2)
        #expect(outlines[0].attribute(forName: "text")?.stringValue == "Tom & \"Jerry\" <News>")
        #expect(outlines[0].attribute(forName: "htmlUrl")?.stringValue == "https://example.com/?a=1&b=2")
        #expect(outlines[1].attribute(forName: "title")?.stringValue == "Caf\u{e9}\nline")
        #expect(outlines[1].attribute(forName: "htmlUrl")?.stringValue == "https://news.example/feeds/")
        #expect(
            outlines[1].attribute(forName: "xmlUrl")?.stringValue == "https://news.example/feeds/fr/caf%C3%A9%20x.rss")
        #expect(outlines.allSatisfy { $0.attribute(forName: "type")?.stringValue == "rss" })
    }
}
