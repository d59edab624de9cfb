import FeedOutput
import FeedWatch
import Foundation
import NewsModel
import Testing

@Suite struct EnclosureHealerTests {
    private static let site = URL(string: "https://feeds.example.com/")
    private static let defaultImageURL = URL(string: "https://feeds.example.com/assets/default.png")
    private static let photoURL = URL(string: "https://cdn.news.example/photo.jpg")

    private func story(image: URL?, original: URL? = nil, article: String = "https://news.example/a") throws -> Story {
        Story(
            url: try #require(URL(string: article)), title: "T", sourceName: "S",
            sourceURL: try #require(URL(string: "https://news.example/")), summary: "Sum",
            image: image.map { StoryImage(url: $0, mimeType: "image/jpeg", length: 0) },
            originalImageURL: original, firstSeen: Date(timeIntervalSince1970: 0))
    }

    private func healer(_ images: [String: ImageRecord], items: [String: ItemRecord] = [:], withDefault: Bool = true)
        throws -> EnclosureHealer
    {
        EnclosureHealer(
            images: images, items: items,
            defaultImage: withDefault
                ? StoryImage(url: try #require(Self.defaultImageURL), mimeType: "image/png", length: 4321) : nil,
            site: try #require(Self.site))
    }

    @Test func deadOriginalIsReplacedByTheDefaultImage() throws {
        let photo = try #require(Self.photoURL)
        let healed = try healer([photo.absoluteString: ImageRecord(status: .dead)]).heal(try story(image: photo))
        #expect(healed.image?.url == Self.defaultImageURL)
        #expect(healed.image?.length == 4321)
        #expect(healed.originalImageURL == photo)
    }

    @Test func deadOriginalIsDroppedWhenThereIsNoDefaultImage() throws {
        let photo = try #require(Self.photoURL)
        let healed = try healer([photo.absoluteString: ImageRecord(status: .dead)], withDefault: false)
            .heal(try story(image: photo))
        #expect(healed.image == nil)
        #expect(healed.originalImageURL == photo)
    }

    @Test func aliveOriginalIsRestoredFromTheStateWithItsRealLengthAndType() throws {
        let photo = try #require(Self.photoURL)
        let readBack = try story(image: Self.defaultImageURL)
        let healed = try healer(
            [photo.absoluteString: ImageRecord(status: .alive, length: 98765, mimeType: "image/webp")],
            items: ["https://news.example/a": ItemRecord(firstSeen: Date(), originalImage: photo.absoluteString)]
        ).heal(readBack)
        #expect(healed.image == StoryImage(url: photo, mimeType: "image/webp", length: 98765))
        #expect(healed.originalImageURL == photo)
    }

    @Test func aliveImageGetsItsRealLengthAndType() throws {
        let photo = try #require(Self.photoURL)
        let healed = try healer([photo.absoluteString: ImageRecord(status: .alive, length: 5, mimeType: "image/gif")])
            .heal(try story(image: photo))
        #expect(healed.image == StoryImage(url: photo, mimeType: "image/gif", length: 5))
    }

    @Test(arguments: [ImageRecord.Status.blocked, .failing, .unknown])
    func undecidedImagesStayAsTheyAre(status: ImageRecord.Status) throws {
        let photo = try #require(Self.photoURL)
        let original = try story(image: photo)
        let healed = try healer([photo.absoluteString: ImageRecord(status: status)]).heal(original)
        #expect(healed.image == original.image)
    }

    @Test func uncheckedImageStaysAsItIs() throws {
        let original = try story(image: Self.photoURL)
        #expect(try healer([:]).heal(original).image == original.image)
    }

    @Test func bridgeOwnImagesAreNeverTouched() throws {
        let own = try #require(URL(string: "https://feeds.example.com/assets/other.png"))
        let original = try story(image: own)
        // Even a record saying dead does not make the bridge replace its own files.
        let healed = try healer([own.absoluteString: ImageRecord(status: .dead)]).heal(original)
        #expect(healed == original)
        let defaultOnly = try story(image: Self.defaultImageURL)
        #expect(try healer([:]).heal(defaultOnly) == defaultOnly)
    }

    @Test func externalDefaultImageIsNotMistakenForAnOriginal() throws {
        let external = try #require(URL(string: "https://images.example.org/placeholder.png"))
        let healer = EnclosureHealer(
            images: [external.absoluteString: ImageRecord(status: .dead)], items: [:],
            defaultImage: StoryImage(url: external, mimeType: "image/png"), site: try #require(Self.site))
        let original = try story(image: external)
        #expect(healer.heal(original) == original)
    }

    @Test func ownOriginalOnTheStoryWinsOverTheState() throws {
        let photo = try #require(Self.photoURL)
        let other = try #require(URL(string: "https://cdn.news.example/other.jpg"))
        let healer = try healer(
            [photo.absoluteString: ImageRecord(status: .dead), other.absoluteString: ImageRecord(status: .alive)],
            items: ["https://news.example/a": ItemRecord(firstSeen: Date(), originalImage: other.absoluteString)])
        #expect(healer.originalImage(of: try story(image: photo, original: photo)) == photo)
        #expect(healer.heal(try story(image: photo, original: photo)).image?.url == Self.defaultImageURL)
    }

    /// The state's record is keyed by article URL and shared by every feed holding the story: another feed's
    /// picture of it never replaces the one this feed's file shows.
    @Test func theImageTheFileShowsWinsOverTheRecordEveryFeedShares() throws {
        let photo = try #require(Self.photoURL)
        let other = try #require(URL(string: "https://cdn.news.example/other-feed.jpg"))
        let healer = try healer(
            [photo.absoluteString: ImageRecord(status: .alive), other.absoluteString: ImageRecord(status: .alive)],
            items: ["https://news.example/a": ItemRecord(firstSeen: Date(), originalImage: other.absoluteString)])
        #expect(healer.originalImage(of: try story(image: photo)) == photo)
        #expect(healer.heal(try story(image: photo)).image?.url == photo)
    }

    @Test func siteScopeComparesSchemeHostPortAndPath() throws {
        let site = try #require(URL(string: "https://feeds.example.com/news/"))
        #expect(try #require(URL(string: "https://FEEDS.example.com/news/assets/a.png")).isUnder(site: site))
        #expect(try #require(URL(string: "https://feeds.example.com/news")).isUnder(site: site))
        #expect(!(try #require(URL(string: "https://feeds.example.com/newsroom/a.png")).isUnder(site: site)))
        #expect(!(try #require(URL(string: "http://feeds.example.com/news/a.png")).isUnder(site: site)))
        #expect(!(try #require(URL(string: "https://feeds.example.com:8443/news/a.png")).isUnder(site: site)))
    }
}
