import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

@Suite struct RSSReaderTests {
    private let reader = RSSReader()
    private let renderer = RSSRenderer()

    /// What a story looks like after a render and read: the fields a feed cannot carry replaced.
    private func comparable(_ story: Story, firstSeen: Date) -> Story {
        var story = story
        story.publishedAt = story.displayDate
        story.firstSeen = firstSeen
        story.originalImageURL = nil
        return story
    }

    private func roundTrip(_ document: FeedDocument) throws -> RSSFeedSnapshot {
        try reader.read(try renderer.render(document), path: "memory.rss")
    }

    @Test func readsBackChannelAndStoriesOfTheGoldenDocument() throws {
        let document = FeedDocumentSamples.small
        let snapshot = try roundTrip(document)
        #expect(snapshot.title == document.title)
        #expect(snapshot.link == document.link)
        #expect(snapshot.description == document.description)
        #expect(snapshot.language == "en-us")
        #expect(snapshot.selfURL == document.selfURL)
        #expect(snapshot.lastBuildDate == document.updated)
        #expect(snapshot.ttlMinutes == 60)
        #expect(snapshot.generator == "newsfeed 1.0.0")
        #expect(snapshot.skippedItemCount == 0)
        let expected = document.stories.map { comparable($0, firstSeen: $0.displayDate) }
        #expect(snapshot.stories == expected)
    }

    @Test func aCategorySurvivesTheRoundTripSoHistoryKeepsIt() throws {
        var document = FeedDocumentSamples.small
        document.stories[0].category = "Businesses & people"
        let snapshot = try roundTrip(document)
        #expect(
            snapshot.stories.map(\.category) == [document.stories[0].category]
                + Array(repeating: nil, count: document.stories.count - 1))
    }

    static let hostileTexts = [
        "Tom & Jerry &amp; friends",
        "<b>bold</b> <script>alert('x')</script> as text",
        #"Quotes "double" and 'single'"#,
        "Emoji 🎉👩🏽‍⚕️ and accents é ñ ü",
        "RTL: مرحبا بالعالم · שלום עולם",
        "CDATA end ]]> and ]] > and ]]&gt;",
        "Entity-like &lt; &#60; &#x3C; &copy; &",
        "  leading and trailing spaces  ",
        "Line\nbreaks\n\nand paragraphs\n\n\nthree\r\nwith CR",
        "<p>already html</p><br/>",
        "",
    ]

    @Test(arguments: hostileTexts)
    func roundTripsHostileText(text: String) throws {
        var document = FeedDocumentSamples.small
        var story = FeedDocumentSamples.complete
        story.title = "Title: " + text
        story.summary = "Summary: " + text
        story.content = text
        story.author = "Author " + text
        story.sourceName = "Source " + text
        document.stories = [story]
        let snapshot = try roundTrip(document)
        #expect(snapshot.stories == [comparable(story, firstSeen: story.displayDate)])
    }

    @Test func roundTripsWithForbiddenCharactersRemoved() throws {
        var document = FeedDocumentSamples.small
        var story = FeedDocumentSamples.complete
        story.title = "Bell\u{7} and null\u{0}"
        story.summary = "Escape\u{1B} \u{FFFE}\u{FFFF}done"
        story.content = "Form\u{C}feed"
        document.stories = [story]
        let snapshot = try roundTrip(document)
        var expected = comparable(story, firstSeen: story.displayDate)
        expected.title = "Bell and null"
        expected.summary = "Escape done"
        expected.content = "Formfeed"
        #expect(snapshot.stories == [expected])
    }

    @Test func firstSeenFallsBackToLastBuildDateWithoutPubDate() throws {
        let xml = """
            <rss version="2.0"><channel><title>t</title><lastBuildDate>Mon, 06 Jan 2025 09:30:00 GMT</lastBuildDate>
            <item><title>a</title><description>d</description><link>https://x.example/a</link></item>
            </channel></rss>
            """
        let snapshot = try reader.read(Data(xml.utf8), path: "x.rss")
        let story = try #require(snapshot.stories.first)
        #expect(story.publishedAt == nil)
        #expect(story.firstSeen == FeedDocumentSamples.buildTime)
        #expect(story.sourceName == "x.example")
        #expect(story.sourceURL == FeedDocumentSamples.url("https://x.example/"))
    }

    @Test func skipsItemsItCannotTurnIntoStories() throws {
        let xml = """
            <rss version="2.0"><channel><title>t</title>
            <item><title>no url</title><description>d</description><pubDate>Mon, 06 Jan 2025 09:30:00 GMT</pubDate></item>
            <item><title>relative</title><description>d</description><link>/a</link>
              <pubDate>Mon, 06 Jan 2025 09:30:00 GMT</pubDate></item>
            <item><description>no title</description><link>https://x.example/b</link>
              <pubDate>Mon, 06 Jan 2025 09:30:00 GMT</pubDate></item>
            <item><title>no date</title><description>d</description><link>https://x.example/c</link></item>
            <item><title>ok</title><description>d</description><guid isPermaLink="false">id-1</guid>
              <link>https://x.example/d</link><pubDate>Mon, 06 Jan 2025 09:30:00 GMT</pubDate></item>
            </channel></rss>
            """
        let snapshot = try reader.read(Data(xml.utf8), path: "x.rss")
        #expect(snapshot.stories.map(\.url) == [FeedDocumentSamples.url("https://x.example/d")])
        #expect(snapshot.skippedItemCount == 4)
    }

    @Test func readsManyItems() throws {
        var document = FeedDocumentSamples.small
        document.stories = (0..<2_000).map { index in
            var story = FeedDocumentSamples.complete
            story.url = FeedDocumentSamples.url("https://publisher.example/story/\(index)")
            return story
        }
        let snapshot = try roundTrip(document)
        #expect(snapshot.stories.count == 2_000)
        #expect(snapshot.stories.last?.url == document.stories.last?.url)
    }

    static let unreadableInputs: [(name: String, text: String, cause: String)] = [
        ("empty", "", "empty"),
        ("garbage", "\u{1}\u{2}not xml at all", "line 1"),
        ("html", "<html><body>502 Bad Gateway</body></html>", "root element is <html>"),
        ("atom", #"<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title></feed>"#, "root element is <feed>"),
        ("no channel", #"<rss version="2.0"></rss>"#, "no <channel>"),
        ("two channels", #"<rss version="2.0"><channel/><channel/></rss>"#, "more than one <channel>"),
        ("truncated", #"<rss version="2.0"><channel><title>cut he"#, "does not end with </rss> (truncated"),
        ("mismatched", #"<rss version="2.0"><channel></item></rss>"#, "mismatch"),
        ("trailing garbage", #"<rss version="2.0"><channel/></rss><rss/>"#, "Extra content"),
        ("control character", "<rss version=\"2.0\"><channel><title>a\u{1}</title></channel></rss>", "line 1"),
        (
            "undefined entity", #"<rss version="2.0"><channel><title>&nope;</title></channel></rss>"#,
            "'nope' not defined"
        ),
    ]

    /// A hostile history file must not make newsfeed read local files or reach the network.
    @Test func neverExpandsExternalEntities() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd"><!ENTITY remote SYSTEM "http://127.0.0.1:9/x">]>
            <rss version="2.0"><channel><title>[&secret;][&remote;]</title></channel></rss>
            """
        let snapshot = try reader.read(Data(xml.utf8), path: "hostile.rss")
        #expect(snapshot.title == "[][]")
    }

    @Test(arguments: unreadableInputs)
    func refusesUnreadableInput(name: String, text: String, cause: String) {
        #expect {
            _ = try reader.read(Data(text.utf8), path: "Feeds/us/health.rss")
        } throws: { error in
            guard case .unreadable(let path, let detail) = error as? FeedError else { return false }
            return path == "Feeds/us/health.rss" && detail.localizedCaseInsensitiveContains(cause)
        }
    }

    @Test func refusesTruncatedRenderedFeed() throws {
        let data = try renderer.render(FeedDocumentSamples.small)
        #expect {
            _ = try reader.read(data.prefix(data.count / 2), path: "half.rss")
        } throws: { error in
            guard case .unreadable(_, let detail) = error as? FeedError else { return false }
            return detail.hasPrefix("it does not end with </rss> (truncated, or not RSS); libxml2: line ")
        }
    }

    @Test func namesFileAndCauseInItsMessage() {
        let error = FeedError.unreadable(path: "Feeds/us/health.rss", detail: "line 1, column 2: oops")
        #expect(error.description == "Feeds/us/health.rss: not a readable RSS feed: line 1, column 2: oops")
    }
}
