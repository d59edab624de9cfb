import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `convert` writes RSS items on the threads that make the stories (``RSSItemWriter``) and hands them on from
/// another (``RSSFeedStream``): the feed must be the renderer's, byte for byte, however the items are shared among
/// writers and whichever are left out.
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

    /// The renderer's bytes for `document` followed by `stories`.
    private func rendered(_ document: FeedDocument, _ stories: [Story]) throws -> Data {
        var bytes = Data()
        try RSSRenderer().render(document, followedBy: stories, itemsPerPiece: 7) { bytes.append($0) }
        return bytes
    }

    /// The same feed with the items written by writers of `groups` stories each, taking turns, then put in a stream;
    /// the items of each group whose number is in `dropped` are left out, as `convert` leaves repeated URLs out.
    private func streamed(
        _ document: FeedDocument, _ stories: [Story], groups: Int, dropped: Set<Int> = []
    ) throws -> (bytes: Data, pieces: Int) {
        var bytes = Data()
        var pieces = 0
        var feed = try RSSFeedStream(document)
        let writers = [RSSItemWriter(), RSSItemWriter()]
        for (turn, start) in stride(from: 0, to: stories.count, by: groups).enumerated() {
            let writer = writers[turn % writers.count]
            var ranges: [Range<Int>] = []
            for (number, story) in stories[start..<min(start + groups, stories.count)].enumerated() {
                let before = writer.byteCount
                writer.write(story)
                if !dropped.contains(number) { ranges.append(before..<writer.byteCount) }
            }
            #expect(writer.failure == nil)
            try feed.append(items: writer.takeBytes(), at: ranges) {
                bytes.append($0)
                pieces += 1
            }
        }
        bytes.append(try feed.finish())
        return (bytes, pieces + 1)
    }

    @Test(arguments: [1, 3, 32])
    func itemsWrittenApartMakeTheRenderersFeed(groups: Int) throws {
        var document = FeedDocumentSamples.small
        document.stories = []
        document.hubs = [FeedDocumentSamples.url("https://hub.example/")]
        let stories = Self.stories
        let (bytes, pieces) = try streamed(document, stories, groups: groups)
        #expect(bytes == (try rendered(document, stories)))
        // The channel, one piece per group (its items are next to each other), the end.
        #expect(pieces == 1 + (stories.count + groups - 1) / groups + 1)
    }

    /// Items left out of a group (a story already written under its URL) leave the rest as the renderer writes them.
    @Test(arguments: [[0], [1, 2], [0, 4, 5], [7]])
    func itemsLeftOutOfAGroup(dropped: [Int]) throws {
        var document = FeedDocumentSamples.small
        document.stories = []
        let stories = Self.stories
        let kept = stories.enumerated().filter { !dropped.contains($0.offset % 8) }.map(\.element)
        let (bytes, _) = try streamed(document, stories, groups: 8, dropped: Set(dropped))
        #expect(bytes == (try rendered(document, kept)))
    }

    /// A document's own stories come first, as the renderer writes them.
    @Test func theDocumentsOwnStoriesComeFirst() throws {
        let document = FeedDocumentSamples.small
        #expect(try streamed(document, Self.stories, groups: 4).bytes == rendered(document, Self.stories))
    }

    /// With no items, the channel alone.
    @Test func noItemsIsTheChannelAlone() throws {
        var document = FeedDocumentSamples.small
        document.stories = []
        #expect(try streamed(document, [], groups: 1).bytes == rendered(document, []))
    }
}
