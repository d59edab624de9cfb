import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// A publisher's item's own sanitized HTML (``Story/contentHTML``) is its content in every format, and is read back
/// from the RSS history as written, so a feed rendered again keeps its markup; content that is only paragraphs of
/// plain text reads back as plain text, as before.
@Suite struct ContentHTMLRenderingTests {
    static let markup = #"<h2>Fog</h2><p>The <em>ferry</em> hit <a href="https://gazette.example/tug">a tug</a>.</p>"#

    private func document(contentHTML: String?) -> FeedDocument {
        var document = FeedDocumentSamples.small
        document.stories[0].article = nil
        document.stories[0].content = "Fog\n\nThe ferry hit a tug."
        document.stories[0].contentHTML = contentHTML
        return document
    }

    @Test func everyFormatWritesItAndTheRSSHistoryKeepsIt() throws {
        let document = document(contentHTML: Self.markup)
        let rss = try RSSRenderer().render(document)
        #expect(
            FeedRulesChecker.violations(
                in: rss, selfURL: FeedDocumentSamples.selfURL, now: FeedDocumentSamples.buildTime)
                == [])
        let read = try RSSReader().read(rss, path: "health.rss")
        #expect(read.stories[0].contentHTML == Self.markup)
        #expect(read.stories[0].content?.hasSuffix("The ferry hit a tug.") == true)
        let atom = String(decoding: try AtomRenderer().render(document), as: UTF8.self)
        #expect(atom.contains("&lt;em&gt;ferry&lt;/em&gt;"))
        let json = try JSONFeedRenderer().render(document)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect((items[0]["content_html"] as? String)?.hasPrefix(Self.markup) == true)
    }

    @Test func paragraphsOfPlainTextReadBackAsPlainText() throws {
        let rss = try RSSRenderer().render(document(contentHTML: nil))
        let read = try RSSReader().read(rss, path: "health.rss")
        #expect(read.stories[0].contentHTML == nil)
        #expect(read.stories[0].content == "Fog\n\nThe ferry hit a tug.")
    }
}
