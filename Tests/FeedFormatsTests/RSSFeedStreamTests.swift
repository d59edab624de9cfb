import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `convert` writes RSS items on the threads that make the stories (``RSSItemWriter``) and puts them in the feed
/// on another (``RSSFeedStream``): the feed must be the renderer's, byte for byte and piece for piece, however the
/// items are shared among writers.
@Suite struct RSSFeedStreamTests {
    /// Stories with every kind of item the renderer writes: enclosures and media groups, whole articles, a paywall,
    /// a publisher's HTML and guid, languages, categories, texts to escape and characters XML forbids.
    static var stories: [Story] {
        var stories: [Story] = []
        for number in 0..<40 {
            var story = number % 2 == 0 ? FeedDocumentSamples.complete : FeedDocumentSamples.minimal
            story.title += " \(number) <b>&amp;</b> \"quoted\"\r\n" + (number % 5 == 0 ? "\u{1}\u{FFFE}" : "")
            story.summary = number % 7 == 0 ? "" : story.summary + " — naïve café ✓ \(number)\t"
            if number % 3 == 0 { story.guid = "tag:publisher.example,2025:\(number)" }
            if number % 4 == 1 { story.contentHTML = "<p>Publisher's <em>own</em> HTML \(number)</p>" }
            if number % 6 == 2 {
                story.article = StoryArticle(key: "k\(number)", html: "<p>Whole article</p>", text: "Whole article")
            }
            if number % 9 == 4 {
                var article = StoryArticle(key: "p\(number)", html: "<p>Teaser</p>", text: "Teaser")
                article.paywall = "metered"
                story.article = article
            }
            if number % 8 == 3 { story.language = "pt" }
            if number % 10 == 5 { story.category = "Science & Health" }
            if number % 11 == 6 {
                story.enclosures = [
                    StoryEnclosure(
                        url: FeedDocumentSamples.url("https://cdn.example/\(number).mp3"), mimeType: "audio/mpeg",
                        length: 1_234),
                    StoryEnclosure(
                        url: FeedDocumentSamples.url("https://cdn.example/\(number).mp4"), mimeType: "video/mp4"),
                ]
            }
            if number % 13 == 7 { story.author = "Zoë \"Z\" O'Neil\u{7}" }
            stories.append(story)
        }
        return stories
    }

    /// The renderer's pieces for `document` followed by `stories`.
    private func rendered(_ document: FeedDocument, _ stories: [Story], itemsPerPiece: Int) throws -> [Data] {
        var pieces: [Data] = []
        try RSSRenderer().render(document, followedBy: stories, itemsPerPiece: itemsPerPiece) { pieces.append($0) }
        return pieces
    }

    /// The same feed with the items written by writers of `groups` stories each, taking turns, then put in a stream.
    private func streamed(
        _ document: FeedDocument, _ stories: [Story], itemsPerPiece: Int, groups: Int
    ) throws -> [Data] {
        var pieces: [Data] = []
        var feed = try RSSFeedStream(document, itemsPerPiece: itemsPerPiece)
        let writers = [RSSItemWriter(), RSSItemWriter()]
        for (turn, start) in stride(from: 0, to: stories.count, by: groups).enumerated() {
            let writer = writers[turn % writers.count]
            var ranges: [Range<Int>] = []
            for story in stories[start..<min(start + groups, stories.count)] {
                let before = writer.byteCount
                writer.write(story)
                ranges.append(before..<writer.byteCount)
            }
            #expect(writer.failure == nil)
            try feed.append(items: writer.takeBytes(), at: ranges) { pieces.append($0) }
        }
        pieces.append(try feed.finish())
        return pieces
    }

    @Test(arguments: [1, 3, 32], [1, 7, 100])
    func itemsWrittenApartMakeTheRenderersFeed(groups: Int, itemsPerPiece: Int) throws {
        var document = FeedDocumentSamples.small
        document.stories = []
        document.hubs = [FeedDocumentSamples.url("https://hub.example/")]
        let stories = Self.stories
        let expected = try rendered(document, stories, itemsPerPiece: itemsPerPiece)
        let pieces = try streamed(document, stories, itemsPerPiece: itemsPerPiece, groups: groups)
        #expect(pieces == expected)
        #expect(pieces.count == stories.count / itemsPerPiece + 1)
    }

    /// A document's own stories come first, as the renderer writes them; joined, the bytes are the same.
    @Test func theDocumentsOwnStoriesComeFirst() throws {
        let document = FeedDocumentSamples.small
        let expected = try rendered(document, Self.stories, itemsPerPiece: 5).reduce(Data(), +)
        let pieces = try streamed(document, Self.stories, itemsPerPiece: 5, groups: 4)
        #expect(pieces.reduce(Data(), +) == expected)
    }

    /// With no items, the channel alone.
    @Test func noItemsIsTheChannelAlone() throws {
        var document = FeedDocumentSamples.small
        document.stories = []
        #expect(try streamed(document, [], itemsPerPiece: 100, groups: 1) == rendered(document, [], itemsPerPiece: 100))
    }
}
