import Foundation
import NewsModel
import Testing
import Upstreams

/// Stories written as items where they are made (``ParallelWrittenItems``) must come out as the stories
/// ``ParallelNormalizedStories`` gives, in the same order, first of each URL only, each item whole.
@Suite struct ParallelWrittenItemsTests {
    /// Writes each story as a line of its own fields (and fails on a title asking for it).
    final class LineWriter: StoryItemWriter {
        private var bytes: [UInt8] = []
        private(set) var failure: (any Error)?

        struct Refused: Error {}

        func write(_ story: Story) {
            if story.title.hasPrefix("Refuse") { failure = failure ?? Refused() }
            bytes += Array(Self.line(story).utf8)
        }

        var byteCount: Int { bytes.count }

        func takeBytes() -> Data {
            defer { bytes = [] }
            return Data(bytes)
        }

        static func line(_ story: Story) -> String {
            "\(story.link.text)|\(story.title)|\(story.summary)|\(story.category ?? "-")\n"
        }
    }

    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The items' lines, in order.
    private func lines(_ items: ParallelWrittenItems<NewsAPIArticles, LineWriter>) -> [String] {
        var lines: [String] = []
        for written in items {
            #expect(written.failure == nil)
            for range in written.ranges { lines.append(String(decoding: written.bytes[range], as: UTF8.self)) }
        }
        return lines
    }

    @Test(arguments: [1, 2, 3])
    func writesTheStoriesInOrderFirstOfEachURL(workers: Int) {
        let normalizer = NewsAPINormalizer()
        let articles = NewsAPIArticles(ParallelNormalizedStoriesTests.articles)
        let finishing: @Sendable (inout Story) -> Void = { $0.category = "finished " + $0.title }
        let stories = Array(
            ParallelNormalizedStories(
                articles: articles, normalizer: normalizer, seenAt: now, workers: 1, finishing: finishing))
        let written = lines(
            ParallelWrittenItems(
                articles: articles, normalizer: normalizer, seenAt: now, workers: workers, finishing: finishing
            ) { LineWriter() })
        #expect(written == stories.map(LineWriter.line))
        #expect(written.count < ParallelNormalizedStoriesTests.articles.count)
    }

    @Test func anItemThatCannotBeWrittenIsReported() {
        var articles = ParallelNormalizedStoriesTests.articles
        articles[700].title = "Refuse me"
        articles[700].url = "https://news.example.com/refused"
        let items = ParallelWrittenItems(
            articles: NewsAPIArticles(articles), normalizer: NewsAPINormalizer(), seenAt: now, workers: 2
        ) { LineWriter() }
        #expect(items.contains { $0.failure is LineWriter.Refused })
    }

    @Test func noArticlesNoItems() {
        let items = ParallelWrittenItems(
            articles: NewsAPIArticles([]), normalizer: NewsAPINormalizer(), seenAt: now, workers: 2
        ) { LineWriter() }
        #expect(Array(items).isEmpty)
    }
}
