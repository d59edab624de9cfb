import FeedFormats
import Foundation
import TestSupport
import Testing

/// A channel picture (a publisher's feed's logo, issue 27 point 1) is written in every format, passes the rule
/// checkers, and is read back from the RSS history, so every later writer of the feed keeps it.
@Suite struct ChannelImageTests {
    static let logo = FeedDocumentSamples.url("https://gazette.example/logo.png")

    private func document(image: URL?) -> FeedDocument {
        var document = FeedDocumentSamples.small
        document.image = image
        return document
    }

    @Test func rssWritesAnImageWithTheChannelsTitleAndLinkAndReadsItBack() throws {
        let document = document(image: Self.logo)
        let data = try RSSRenderer().render(document)
        let rss = String(decoding: data, as: UTF8.self)
        let image = rss.components(separatedBy: .whitespacesAndNewlines).joined()
        #expect(image.contains("<image><url>https://gazette.example/logo.png</url>"))
        #expect(
            rss.contains(
                "<title>\(document.title)</title>\n      <link>\(document.link.absoluteString)</link>\n    </image>"))
        #expect(
            FeedRulesChecker.violations(
                in: data, selfURL: FeedDocumentSamples.selfURL, now: FeedDocumentSamples.buildTime)
                == [])
        let snapshot = try RSSReader().read(data, path: "health.rss")
        #expect(snapshot.image == Self.logo)
        // The image's own <title> and <link> are not taken for the channel's.
        #expect(snapshot.title == document.title)
        #expect(snapshot.stories.count == document.stories.count)
    }

    @Test func atomWritesALogoAndJSONFeedAnIcon() throws {
        let atom = try AtomRenderer().render(document(image: Self.logo))
        #expect(String(decoding: atom, as: UTF8.self).contains("<logo>https://gazette.example/logo.png</logo>"))
        let atomURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.atom")
        #expect(AtomRulesChecker.violations(in: atom, selfURL: atomURL, now: FeedDocumentSamples.buildTime) == [])
        let json = try JSONFeedRenderer().render(document(image: Self.logo))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["icon"] as? String == "https://gazette.example/logo.png")
        let feedURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.json")
        #expect(JSONFeedRulesChecker.violations(in: json, feedURL: feedURL, now: FeedDocumentSamples.buildTime) == [])
    }

    @Test func withoutAnImageNoFormatWritesOne() throws {
        let rss = String(decoding: try RSSRenderer().render(document(image: nil)), as: UTF8.self)
        #expect(!rss.contains("<image>"))
        #expect(try RSSReader().read(Data(rss.utf8), path: "health.rss").image == nil)
        #expect(!String(decoding: try AtomRenderer().render(document(image: nil)), as: UTF8.self).contains("<logo>"))
        #expect(!String(decoding: try JSONFeedRenderer().render(document(image: nil)), as: UTF8.self).contains("icon"))
    }

    @Test func theRuleCheckerWarnsOfAnImageWhoseTitleDiffersFromTheChannels() throws {
        let rss = String(decoding: try RSSRenderer().render(document(image: Self.logo)), as: UTF8.self)
        let title = FeedDocumentSamples.small.title
        let changed = rss.replacingOccurrences(
            of: "</url>\n      <title>\(title)</title>", with: "</url>\n      <title>Other</title>")
        #expect(changed != rss)
        let violations = FeedRulesChecker.violations(
            in: Data(changed.utf8), selfURL: FeedDocumentSamples.selfURL, now: FeedDocumentSamples.buildTime)
        #expect(violations.contains { $0.contains("image-title") }, "\(violations)")
    }
}
