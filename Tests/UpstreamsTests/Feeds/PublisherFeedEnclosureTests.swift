import Foundation
import NewsModel
import Testing
import Upstreams

/// Every enclosure of an item reaches its story: a podcast feed stays a podcast, in any of the formats read.
@Suite struct PublisherFeedEnclosureTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func stories(_ text: String, url: String) throws -> [Story] {
        let feedURL = try #require(URL(string: url))
        let feed = try PublisherFeedReader.read(Data(text.utf8), url: feedURL)
        return PublisherFeedNormalizer().stories(from: feed, feedURL: feedURL, seenAt: now).stories
    }

    @Test func aPodcastEpisodeKeepsItsAudioAndTakesItsITunesPicture() throws {
        let stories = try stories(
            """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Cast</title>
            <item><title>Episode 1</title><guid isPermaLink="false">ep-1</guid><link>https://cast.example/1</link>
              <enclosure url="/media/ep1.mp3" length="1234" type="audio/mpeg"/>
              <itunes:image href="https://cast.example/ep1.jpg"/></item>
            </channel></rss>
            """, url: "https://cast.example/feed.xml")
        let story = try #require(stories.first)
        #expect(
            story.enclosures == [
                StoryEnclosure(
                    url: URL(string: "https://cast.example/media/ep1.mp3")!, mimeType: "audio/mpeg", length: 1234)
            ])
        #expect(story.image?.url.absoluteString == "https://cast.example/ep1.jpg")
    }

    @Test func atomEnclosuresResolveAgainstXMLBaseAndAnUntypedOneTakesItsExtensionsType() throws {
        let stories = try stories(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://video.example/shows/"><title>Shows</title>
            <entry xml:base="s1/"><id>tag:video.example,2024:1</id><title>One</title>
              <link rel="alternate" href="one.html"/>
              <link rel="enclosure" href="one.webm" length="10"/>
              <link rel="enclosure" type="audio/ogg" href="/audio/one.ogg"/>
              <link rel="enclosure" type="image/png" href="one.png"/></entry>
            </feed>
            """, url: "https://video.example/atom.xml")
        let story = try #require(stories.first)
        #expect(story.url.absoluteString == "https://video.example/shows/s1/one.html")
        #expect(
            story.enclosures.map(\.url.absoluteString) == [
                "https://video.example/shows/s1/one.webm", "https://video.example/audio/one.ogg",
            ])
        #expect(story.enclosures.map(\.mimeType) == ["video/webm", "audio/ogg"])
        #expect(story.image?.url.absoluteString == "https://video.example/shows/s1/one.png")
    }

    @Test func jsonFeedAttachmentsBecomeEnclosuresAndItsImageThePicture() throws {
        let stories = try stories(
            """
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [
              {"id": "1", "url": "https://j.example/1", "title": "One", "image": "https://j.example/1.jpg",
               "attachments": [{"url": "https://j.example/1.m4a", "mime_type": "audio/x-m4a", "size_in_bytes": 99},
                               {"url": 7}, {"url": "https://j.example/1.m4a", "mime_type": "audio/x-m4a"}]}]}
            """, url: "https://j.example/feed.json")
        let story = try #require(stories.first)
        #expect(story.enclosures.map(\.url.absoluteString) == ["https://j.example/1.m4a"])
        #expect(story.enclosures.first?.length == 99)
        #expect(story.image?.url.absoluteString == "https://j.example/1.jpg")
    }
}

/// The bad inputs of issue 27 at the normalizer: each item is one story once, with a date that can be believed.
@Suite struct PublisherFeedBadItemTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aDateFarInTheFutureLeavesTheStoryDatedWhenFirstSeen() throws {
        let url = try #require(URL(string: "https://f.example/rss"))
        let feed = try PublisherFeedReader.read(
            Data(
                """
                <rss version="2.0"><channel><title>F</title>
                <item><title>Later</title><link>https://f.example/a</link><pubDate>Sat, 01 Jan 2101 00:00:00 GMT</pubDate></item>
                </channel></rss>
                """.utf8), url: url)
        let story = try #require(PublisherFeedNormalizer().stories(from: feed, feedURL: url, seenAt: now).stories.first)
        #expect(story.publishedAt == nil)
        #expect(story.displayDate == now)
    }

    @Test func repeatedGuidsAndLinklessItemsAreCountedNotRepeated() throws {
        let url = try #require(URL(string: "https://f.example/rss"))
        let feed = try PublisherFeedReader.read(
            Data(
                """
                <rss version="2.0"><channel><title>F</title>
                <item><title>One</title><guid>https://f.example/1</guid></item>
                <item><title>One again</title><guid>https://f.example/1</guid></item>
                <item><title>Same link, other guid</title><guid isPermaLink="false">x</guid><link>https://f.example/1</link></item>
                <item><title>Nowhere</title><guid isPermaLink="false">tag:f,1</guid></item>
                </channel></rss>
                """.utf8), url: url)
        let result = PublisherFeedNormalizer().stories(from: feed, feedURL: url, seenAt: now)
        #expect(result.stories.map(\.title) == ["One"])
        #expect(result.stories.first?.url.absoluteString == "https://f.example/1")
        #expect(result.repeated == 2)
        #expect(result.dropped == 1)
    }
}

/// The feed normalizer's fast answers to "does the content say more than the summary" agree with NewsAPI's rule.
@Suite struct PublisherFeedSaysMoreTests {
    @Test(arguments: [
        ("Zürich council votes. Then more", "Zürich council votes.", true),
        ("Zürich council votes.", "Zürich council votes.", false),
        ("Zürich council votes…", "Zürich council votes. And the rest", false),
        ("Zürich Council", "zürich council", false),
        ("Zürich council votes", "Zürich council sings", true),
        ("Zürich, café", "Zürich, cafe", true),
    ])
    func agreesWithTheNewsAPIRule(content: String, summary: String, more: Bool) {
        #expect(PublisherFeedNormalizer.saysMore(content, than: summary) == more)
        #expect(NewsAPINormalizer.saysMore(content, than: summary) == more)
    }
}
