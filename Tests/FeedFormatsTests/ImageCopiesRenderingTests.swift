import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// How every format carries an image the cache made copies of: the widest copy as the enclosure with its
/// true length and type, its size on `media:content`, the narrowest as `media:thumbnail`, and every copy in the
/// page's `srcset`. Without copies the formats are as before (the golden files pin that).
@Suite struct ImageCopiesRenderingTests {
    static let folder = "https://feeds.example.com/images/"

    static var cached: FeedDocument {
        var document = FeedDocumentSamples.small
        let copies = [
            StoryImageCopy(
                url: FeedDocumentSamples.url(folder + "aa-640.jpg"), width: 640, height: 360, length: 51_000,
                mimeType: "image/jpeg"),
            StoryImageCopy(
                url: FeedDocumentSamples.url(folder + "bb-320.jpg"), width: 320, height: 180, length: 14_000,
                mimeType: "image/jpeg"),
        ]
        document.stories[0].image = StoryImage(copies: copies)
        return document
    }

    @Test func rssPointsTheEnclosureAtTheWidestCopyAndTheThumbnailAtTheNarrowest() throws {
        let data = try RSSRenderer().render(Self.cached)
        let item = try #require(ItemImageAttributes.read(data)[FeedDocumentSamples.complete.url.absoluteString])
        #expect(item.enclosure == ["url": Self.folder + "aa-640.jpg", "length": "51000", "type": "image/jpeg"])
        #expect(item.mediaContent?["url"] == Self.folder + "aa-640.jpg")
        #expect(item.mediaContent?["width"] == "640")
        #expect(item.mediaContent?["height"] == "360")
        #expect(item.mediaContent?["fileSize"] == "51000")
        #expect(item.mediaThumbnail == ["url": Self.folder + "bb-320.jpg", "width": "320", "height": "180"])
    }

    @Test func anOriginalImageHasNoSizeAttributes() throws {
        let data = try RSSRenderer().render(FeedDocumentSamples.small)
        let item = try #require(ItemImageAttributes.read(data)[FeedDocumentSamples.complete.url.absoluteString])
        #expect(item.mediaContent?["width"] == nil)
        #expect(item.mediaThumbnail == ["url": "https://img.publisher.example/flu.jpg"])
    }

    @Test func atomDoesTheSame() throws {
        let text = String(decoding: try AtomRenderer().render(Self.cached), as: UTF8.self)
        #expect(
            text.contains(
                #"<link rel="enclosure" type="image/jpeg" length="51000" href="\#(Self.folder)aa-640.jpg"/>"#))
        #expect(text.contains(#"fileSize="51000" width="640" height="360"/>"#))
        #expect(text.contains(#"<media:thumbnail url="\#(Self.folder)bb-320.jpg" width="320" height="180"/>"#))
    }

    @Test func jsonFeedCarriesTheWidestCopyAsImageAndAttachment() throws {
        let text = String(decoding: try JSONFeedRenderer().render(Self.cached), as: UTF8.self)
        #expect(text.contains(#""image": "\#(Self.folder)aa-640.jpg""#))
        #expect(
            text.contains(
                #""attachments": [{"url": "\#(Self.folder)aa-640.jpg", "mime_type": "image/jpeg", "size_in_bytes": 51000}]"#
            ))
    }

    @Test func thePageOffersEveryCopyInSrcset() throws {
        let text = String(decoding: try FeedPageRenderer().render(Self.cached), as: UTF8.self)
        #expect(
            text.contains(
                #"src="../images/bb-320.jpg" srcset="../images/bb-320.jpg 320w, ../images/aa-640.jpg 640w" "#
                    + #"sizes="(max-width: 480px) 80px, 160px" alt="""#), "\(text)")
    }
}
