import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import Testing

/// What an RSS file cannot carry comes back to the stories read from it as the build had them, and a story's own
/// image is read from what its feed shows before the state's record, which every feed shares.
@Suite struct WrittenStoriesTests {
    static let site = URL(string: "https://feeds.example.com/") ?? URL(fileURLWithPath: "/")
    static let defaultImage = DefaultImageAsset.storyImage(site: site)
    static let article = "https://news.example.com/story/1"
    static let photo = "https://img.example.com/photo.jpg"
    static let other = "https://img.example.com/other-feed.jpg"

    func story(image: String?) throws -> Story {
        Story(
            url: try #require(URL(string: Self.article)), title: "Story", sourceName: "Example",
            sourceURL: try #require(URL(string: "https://news.example.com/")), summary: "What happened.",
            image: try image.map { StoryImage(url: try #require(URL(string: $0)), mimeType: "image/jpeg", length: 0) },
            firstSeen: Date(timeIntervalSince1970: 0))
    }

    func written(items: [String: ItemRecord] = [:], cached: [String: CachedImageRecord] = [:], feedID: String? = nil)
        -> WrittenStories
    {
        WrittenStories(
            site: Self.site, defaultImage: Self.defaultImage, items: items, cached: cached, feedID: feedID)
    }

    @Test func theForeignImageAFeedShowsIsTheStorysOriginalWhateverTheStateSays() throws {
        let items = [Self.article: ItemRecord(firstSeen: Date(), originalImage: Self.other)]
        #expect(written(items: items).originalImage(of: try story(image: Self.photo))?.absoluteString == Self.photo)
    }

    @Test func aFeedShowingTheDefaultImageTakesTheImageKeptForItBeforeTheSharedOne() throws {
        let shown = Self.defaultImage.url.absoluteString
        let shared = [Self.article: ItemRecord(firstSeen: Date(), originalImage: Self.other)]
        #expect(
            written(items: shared, feedID: "us/health").originalImage(of: try story(image: shown))?.absoluteString
                == Self.other)
        let kept = [
            Self.article: ItemRecord(
                firstSeen: Date(), originalImage: Self.other, hiddenImages: ["us/health": Self.photo, "us/tech": ""])
        ]
        #expect(
            written(items: kept, feedID: "us/health").originalImage(of: try story(image: shown))?.absoluteString
                == Self.photo)
        #expect(written(items: kept, feedID: "us/tech").originalImage(of: try story(image: shown)) == nil)
    }

    @Test func theImageKeptForAFeedIsNotedWhileItsFileHidesItAndForgottenOnceItShowsIt() throws {
        var items = [Self.article: ItemRecord(firstSeen: Date(), originalImage: Self.other)]
        var hidden = try story(image: Self.defaultImage.url.absoluteString)
        hidden.originalImageURL = URL(string: Self.photo)
        WrittenStories.noteHiddenImages(of: [hidden], feed: "us/health", defaultImage: Self.defaultImage, in: &items)
        #expect(items[Self.article]?.hiddenImages == ["us/health": Self.photo])
        #expect(items[Self.article]?.originalImage == Self.other, "the shared record stays")
        var shown = try story(image: Self.photo)
        shown.originalImageURL = URL(string: Self.photo)
        WrittenStories.noteHiddenImages(of: [shown], feed: "us/health", defaultImage: Self.defaultImage, in: &items)
        #expect(items[Self.article]?.hiddenImages == nil)
    }

    @Test func aCachedCopyLeadsToItsOriginalAndGetsAllItsCopiesBack() throws {
        let files = [
            CachedImageRecord.File(name: "abc-320.jpg", width: 320, height: 180, length: 900, mimeType: "image/jpeg"),
            CachedImageRecord.File(name: "abc-960.jpg", width: 960, height: 540, length: 5000, mimeType: "image/jpeg"),
        ]
        let cached = [Self.photo: CachedImageRecord(files: files, time: Date())]
        let items = [Self.article: ItemRecord(firstSeen: Date(timeIntervalSince1970: 42), originalImage: Self.other)]
        var readBack = try story(image: "https://feeds.example.com/images/abc-960.jpg")
        readBack.image?.length = 5000
        let written = written(items: items, cached: cached)
        #expect(written.originalImage(of: readBack)?.absoluteString == Self.photo)
        let restored = written.restore([readBack], now: Date()).stories[0]
        #expect(restored.image?.copies.map(\.width) == [320, 960], "the srcset and the thumbnail come back")
        #expect(restored.image?.url == readBack.image?.url)
        #expect(restored.originalImageURL?.absoluteString == Self.photo)
        #expect(restored.firstSeen == Date(timeIntervalSince1970: 42))
    }
}
