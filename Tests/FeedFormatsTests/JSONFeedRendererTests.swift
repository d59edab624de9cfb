import FeedFormats
import Foundation
import TestSupport
import Testing

@Suite struct JSONFeedRendererTests {
    private let renderer = JSONFeedRenderer()
    static let jsonURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.json")

    private func object(_ document: FeedDocument) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try renderer.render(document)) as? [String: Any])
    }

    @Test func matchesGoldenFile() throws {
        try GoldenFile.expectMatches(try renderer.render(FeedDocumentSamples.small), name: "small-feed.json")
    }

    @Test func passesEveryJSONFeedRule() throws {
        let data = try renderer.render(FeedDocumentSamples.small)
        #expect(
            JSONFeedRulesChecker.violations(in: data, feedURL: Self.jsonURL, now: FeedDocumentSamples.buildTime) == [])
    }

    @Test func namesItsFormat() {
        #expect(renderer.fileExtension == "json")
        #expect(renderer.mediaType == "application/feed+json")
    }

    /// Parsed back with Foundation: the same items in the same order, every field where it belongs,
    /// absent fields left out (never null).
    @Test func readsBackWithFoundation() throws {
        let document = FeedDocumentSamples.small
        let feed = try object(document)
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["title"] as? String == document.title)
        #expect(feed["feed_url"] as? String == Self.jsonURL.absoluteString)
        #expect(feed["home_page_url"] as? String == document.link.absoluteString)
        #expect(feed["language"] as? String == "en-us")
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == 2)
        let complete = items[0]
        let story = FeedDocumentSamples.complete
        #expect(complete["id"] as? String == story.url.absoluteString)
        #expect(complete["url"] as? String == story.url.absoluteString)
        #expect(complete["title"] as? String == story.title)
        #expect(complete["summary"] as? String == story.summary)
        #expect(complete["content_html"] as? String == FeedHTML.paragraphs(story.content ?? ""))
        #expect(complete["content_text"] == nil)
        #expect(complete["image"] as? String == story.image?.url.absoluteString)
        #expect(complete["date_published"] as? String == "2025-01-06T08:00:00Z")
        #expect((complete["authors"] as? [[String: String]]) == [["name": "Ana Müller"]])
        let attachment = try #require((complete["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["mime_type"] as? String == "image/jpeg")
        #expect(attachment["size_in_bytes"] as? Int == 48_213)
        let source = (complete["_newsfeed"] as? [String: Any])?["source"] as? [String: String]
        #expect(source == ["name": "Publisher News", "url": "https://publisher.example/"])
        let minimal = items[1]
        #expect(minimal["content_text"] as? String == "No description")
        for absent in ["content_html", "image", "attachments"] {
            #expect(minimal[absent] == nil, "\(absent)")
        }
        #expect((minimal["authors"] as? [[String: String]]) == [["name": "other.example"]])
    }

    @Test func escapesEveryStringSoTheJSONStaysValid() throws {
        var document = FeedDocumentSamples.small
        let hostile = "quote \" backslash \\ newline \n tab \t bell \u{7} line-sep \u{2028} <script>é😀"
        document.stories[0].title = hostile
        let data = try renderer.render(document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"\u0007"#))
        #expect(text.contains(#"\u2028"#))
        let items = try #require(try object(document)["items"] as? [[String: Any]])
        #expect(items[0]["title"] as? String == hostile)
    }

    @Test func anEmptyFeedIsValid() throws {
        var document = FeedDocumentSamples.small
        document.stories = []
        let data = try renderer.render(document)
        #expect(JSONFeedRulesChecker.violations(in: data, now: FeedDocumentSamples.buildTime) == [])
        #expect((try object(document)["items"] as? [Any])?.isEmpty == true)
    }

    /// No build date in a JSON Feed: the same stories give the same bytes at any time.
    @Test func theBuildDateDoesNotChangeTheBytes() throws {
        var later = FeedDocumentSamples.small
        later.updated = later.updated.addingTimeInterval(3600)
        #expect(try renderer.render(later) == (try renderer.render(FeedDocumentSamples.small)))
    }

    @Test(arguments: [1, 2, 100])
    func piecesJoinToTheWholeFeed(itemsPerPiece: Int) throws {
        var document = FeedDocumentSamples.small
        let more = (0..<5).flatMap { _ in document.stories }
        var pieces: [Data] = []
        try renderer.render(document, followedBy: more, itemsPerPiece: itemsPerPiece) { pieces.append($0) }
        document.stories += more
        #expect(pieces.reduce(Data(), +) == (try renderer.render(document)))
    }
}
