import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// A story's audio and video files (a podcast's episode) reach every format, the feeds stay valid, and the RSS a
/// later build reads its history from gives them back.
@Suite struct StoryEnclosureRenderingTests {
    static let episode = StoryEnclosure(
        url: FeedDocumentSamples.url("https://cdn.podcast.example/ep1.mp3"), mimeType: "audio/mpeg", length: 12_345)
    static let video = StoryEnclosure(
        url: FeedDocumentSamples.url("https://cdn.podcast.example/ep1.mp4"), mimeType: "video/mp4")

    static var document: FeedDocument {
        var document = FeedDocumentSamples.small
        document.stories[0].enclosures = [episode, video]
        document.stories[1].enclosures = [episode]
        return document
    }

    @Test func rssCarriesTheFirstFileAsItsOneEnclosureAndTheRestAsMediaContent() throws {
        let data = try RSSRenderer().render(Self.document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.contains(
                "<enclosure url=\"https://cdn.podcast.example/ep1.mp3\" length=\"12345\" type=\"audio/mpeg\"/>"))
        #expect(!text.contains("<enclosure url=\"https://img.publisher.example/flu.jpg\""))
        #expect(text.contains("<media:group>"))
        #expect(text.contains("<media:content url=\"https://cdn.podcast.example/ep1.mp4\" medium=\"video\""))
        #expect(
            FeedRulesChecker.violations(in: data, selfURL: Self.document.selfURL, now: FeedDocumentSamples.buildTime)
                == [])
    }

    @Test func rssHistoryReadsBackTheFilesAndThePicture() throws {
        let data = try RSSRenderer().render(Self.document)
        let read = try RSSReader().read(data, path: "us/health.rss")
        #expect(read.stories.map(\.enclosures) == [[Self.episode, Self.video], [Self.episode]])
        #expect(read.stories[0].image?.url == FeedDocumentSamples.complete.image?.url)
        #expect(read.stories[1].image == nil)
    }

    @Test func anImageOnlyStoryReadsBackWithoutFiles() throws {
        let read = try RSSReader().read(try RSSRenderer().render(FeedDocumentSamples.small), path: "us/health.rss")
        #expect(read.stories.allSatisfy { $0.enclosures.isEmpty })
        #expect(read.stories[0].image?.mimeType == "image/jpeg")
    }

    @Test func atomHasALinkRelEnclosurePerFile() throws {
        let data = try AtomRenderer().render(Self.document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.components(separatedBy: "href=\"https://cdn.podcast.example/ep1.mp3\"").count == 3)
        #expect(text.contains("href=\"https://cdn.podcast.example/ep1.mp4\""))
        #expect(
            AtomRulesChecker.violations(in: data, now: FeedDocumentSamples.buildTime)
                == [])
    }

    @Test func jsonFeedListsEveryFileThenThePictureAsAttachments() throws {
        let data = try JSONFeedRenderer().render(Self.document)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(root["items"] as? [[String: Any]])
        let urls = (items[0]["attachments"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
        #expect(
            urls == [
                "https://cdn.podcast.example/ep1.mp3", "https://cdn.podcast.example/ep1.mp4",
                "https://img.publisher.example/flu.jpg",
            ])
        #expect(JSONFeedRulesChecker.violations(in: data, now: FeedDocumentSamples.buildTime) == [])
    }

    @Test func theFeedsPageLinksEachFileByWhatItIs() throws {
        let page = String(decoding: try FeedPageRenderer().render(Self.document), as: UTF8.self)
        #expect(
            page.contains(
                "<p class=\"files\"><a href=\"https://cdn.podcast.example/ep1.mp3\" type=\"audio/mpeg\" rel=\"noopener\">Listen</a> · "
                    + "<a href=\"https://cdn.podcast.example/ep1.mp4\" type=\"video/mp4\" rel=\"noopener\">Watch</a></p>"
            ))
        #expect(HTMLPageChecker.violations(in: page) == [])
    }

    @Test func storedHistoryWithoutEnclosuresStillDecodes() throws {
        let old = Data(
            #"{"url":"https://a.example/x","title":"T","sourceName":"A","sourceURL":"https://a.example/","summary":"S","firstSeen":0}"#
                .utf8)
        let story = try JSONDecoder().decode(Story.self, from: old)
        #expect(story.enclosures == [])
        var podcast = story
        podcast.enclosures = [Self.episode]
        #expect(try JSONDecoder().decode(Story.self, from: JSONEncoder().encode(podcast)) == podcast)
    }
}
