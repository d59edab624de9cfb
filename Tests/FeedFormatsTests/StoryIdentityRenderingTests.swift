import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// A publisher's item keeps its own guid in every format, and the feed's RSS gives it back (issue 27, point 6).
@Suite struct StoryIdentityRenderingTests {
    func document(guid: String?) -> FeedDocument {
        var story = FeedDocumentSamples.complete
        story.guid = guid
        var document = FeedDocumentSamples.small
        document.stories = [story]
        return document
    }

    @Test func theGuidIsWrittenAsNoPermalinkAndReadBack() throws {
        let data = try RSSRenderer().render(document(guid: "g-1"))
        let rss = String(decoding: data, as: UTF8.self)
        #expect(rss.contains(#"<guid isPermaLink="false">g-1</guid>"#))
        let read = try RSSReader().read(data, path: "us/health.rss")
        #expect(read.stories.first?.guid == "g-1")
        #expect(read.stories.first?.url == FeedDocumentSamples.complete.url)
        #expect(
            FeedRulesChecker.violations(in: data, now: FeedDocumentSamples.buildTime).filter { $0.hasPrefix("error") }
                == [])
    }

    @Test func withoutAGuidTheLinkIsThePermalinkGuidAsBefore() throws {
        let data = try RSSRenderer().render(document(guid: nil))
        let link = FeedDocumentSamples.complete.url.absoluteString
        #expect(String(decoding: data, as: UTF8.self).contains(#"<guid isPermaLink="true">\#(link)</guid>"#))
        #expect(try RSSReader().read(data, path: "us/health.rss").stories.first?.guid == nil)
    }

    @Test func jsonFeedIdIsTheGuid() throws {
        let data = try JSONFeedRenderer().render(document(guid: "g-1"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        #expect(item["id"] as? String == "g-1")
        #expect(item["url"] as? String == FeedDocumentSamples.complete.url.absoluteString)
    }

    @Test(arguments: [
        ("tag:gazette.example,2024:ferry", "tag:gazette.example,2024:ferry"),
        ("urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427", "urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427"),
        ("g-1", "https://publisher.example/health/2025/01/06/flu-season"),
        ("123", "https://publisher.example/health/2025/01/06/flu-season"),
        ("not an iri: spaces", "https://publisher.example/health/2025/01/06/flu-season"),
    ])
    func atomIdIsTheGuidWhenItIsAnIRI(guid: String, id: String) throws {
        let data = try AtomRenderer().render(document(guid: guid))
        let atom = String(decoding: data, as: UTF8.self)
        #expect(atom.contains("<id>\(id)</id>"), "\(atom)")
        #expect(
            AtomRulesChecker.violations(in: data, now: FeedDocumentSamples.buildTime).filter { $0.hasPrefix("error") }
                == [])
    }
}
