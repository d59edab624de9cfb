import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// A story without a description (an empty `defaults.description`, a DuckDuckGo topic, a
/// bookmark) carries no description element in any format, and the feeds still pass their rules.
@Suite struct EmptyDescriptionTests {
    private static var document: FeedDocument {
        var document = FeedDocumentSamples.small
        document.stories[1].summary = ""
        return document
    }

    @Test func rssHasNoDescriptionElementAndReadsBackEmpty() throws {
        let data = try RSSRenderer().render(Self.document)
        let xml = String(decoding: data, as: UTF8.self)
        #expect(xml.components(separatedBy: "<description>").count == 3, "the channel's and the first item's")
        #expect(
            FeedRulesChecker.violations(
                in: data, selfURL: FeedDocumentSamples.selfURL, now: FeedDocumentSamples.buildTime) == [])
        let read = try RSSReader().read(data, path: "us/health.rss")
        #expect(read.stories.map(\.summary) == [Self.document.stories[0].summary, ""])
    }

    @Test func atomHasNoSummaryAndJSONFeedNoSummary() throws {
        let atom = String(decoding: try AtomRenderer().render(Self.document), as: UTF8.self)
        #expect(atom.components(separatedBy: "<summary").count == 2)
        let json = try JSONFeedRenderer().render(Self.document)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items[0]["summary"] != nil && items[1]["summary"] == nil)
        #expect(items[1]["content_text"] as? String == "", "JSON Feed needs content_text or content_html")
    }
}
