import FeedFormats
import Foundation
import TestSupport
import Testing

/// A document with hubs names them in every format (W3C WebSub §4, issue 29 point 1): RSS and Atom as
/// `rel="hub"` links beside exactly one `rel="self"`, JSON Feed as `hubs`; without hubs nothing is added; and
/// the feeds still pass the rule checkers.
@Suite struct WebSubHubLinkTests {
    static let hubs = [
        FeedDocumentSamples.url("https://feeds.example.com/websub"), FeedDocumentSamples.url("https://hub.example/"),
    ]

    private func document(hubs: [URL]) -> FeedDocument {
        var document = FeedDocumentSamples.small
        document.hubs = hubs
        return document
    }

    private func text(_ renderer: some FeedRenderer, hubs: [URL] = WebSubHubLinkTests.hubs) throws -> String {
        String(decoding: try renderer.render(document(hubs: hubs)), as: UTF8.self)
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func rssNamesEveryHubBesideOneSelfAndPassesTheRules() throws {
        let rss = try text(RSSRenderer())
        #expect(rss.contains(#"<atom:link rel="hub" href="https://feeds.example.com/websub"/>"#))
        #expect(rss.contains(#"<atom:link rel="hub" href="https://hub.example/"/>"#))
        #expect(count(#"rel="self""#, in: rss) == 1)
        let data = Data(rss.utf8)
        #expect(
            FeedRulesChecker.violations(
                in: data, selfURL: FeedDocumentSamples.selfURL, now: FeedDocumentSamples.buildTime)
                == [])
    }

    @Test func atomNamesEveryHubBesideOneSelfAndPassesTheRules() throws {
        let atom = try text(AtomRenderer())
        #expect(atom.contains(#"<link rel="hub" href="https://feeds.example.com/websub"/>"#))
        #expect(count(#"rel="self""#, in: atom) == 1)
        let atomURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.atom")
        #expect(
            AtomRulesChecker.violations(in: Data(atom.utf8), selfURL: atomURL, now: FeedDocumentSamples.buildTime)
                == [])
    }

    @Test func jsonFeedListsTheHubsAsWebSubAndPassesTheRules() throws {
        let data = try JSONFeedRenderer().render(document(hubs: Self.hubs))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let hubs = try #require(object["hubs"] as? [[String: String]])
        #expect(
            hubs == [
                ["type": "WebSub", "url": "https://feeds.example.com/websub"],
                ["type": "WebSub", "url": "https://hub.example/"],
            ])
        let feedURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.json")
        #expect(JSONFeedRulesChecker.violations(in: data, feedURL: feedURL, now: FeedDocumentSamples.buildTime) == [])
    }

    @Test func withoutHubsNoFormatNamesOne() throws {
        #expect(!(try text(RSSRenderer(), hubs: [])).contains("hub"))
        #expect(!(try text(AtomRenderer(), hubs: [])).contains(#"rel="hub""#))
        #expect(!(try text(JSONFeedRenderer(), hubs: [])).contains("hubs"))
    }

    @Test func theCheckersCatchAHubWithoutOneSelf() {
        let rss = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>t</title>\
            <link>https://a.example/</link><description>d</description>\
            <atom:link rel="self" type="application/rss+xml" href="https://a.example/f.rss"/>\
            <atom:link rel="self" type="application/rss+xml" href="https://a.example/g.rss"/>\
            <atom:link rel="hub" href="https://a.example/websub"/></channel></rss>
            """
        #expect(
            FeedRulesChecker.violations(in: Data(rss.utf8), now: FeedDocumentSamples.buildTime).contains {
                $0.contains("websub-self")
            })
        let json =
            #"{"version": "https://jsonfeed.org/version/1.1", "title": "t", "hubs": [{"type": "WebSub"}], "items": []}"#
        #expect(
            JSONFeedRulesChecker.violations(in: Data(json.utf8), feedURL: nil, now: FeedDocumentSamples.buildTime)
                .contains { $0.contains("hubs") })
    }
}
