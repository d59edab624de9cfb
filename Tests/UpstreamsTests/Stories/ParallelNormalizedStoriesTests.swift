import Foundation
import NewsModel
import Testing
import Upstreams

@Suite struct ParallelNormalizedStoriesTests {
    /// 1,300 articles (three batches), with repeated URLs across batch and slice boundaries
    /// and articles that make no story.
    static let articles: [NewsAPIArticle] = (0..<1300).map { index in
        NewsAPIArticle(
            sourceID: nil, sourceName: "Example News", author: nil, title: "Story \(index % 997) - Example News",
            description: "Summary \(index).",
            url: index % 50 == 0 ? nil : "https://news.example.com/\(index % 997)", urlToImage: nil,
            publishedAt: "2024-05-02T10:00:00Z", content: nil)
    }

    @Test(arguments: [1, 2, 3])
    func makesTheSameStoriesInTheSameOrderAsOneThread(workers: Int) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let normalizer = NewsAPINormalizer()
        // One story per article, in order, first of each URL: the rule written out plainly.
        var seen = Set<URL>()
        let sequential = Self.articles.compactMap { normalizer.story(from: $0, seenAt: now) }
            .filter { seen.insert($0.url).inserted }
        let parallel = Array(
            ParallelNormalizedStories(
                articles: NewsAPIArticles(Self.articles), normalizer: normalizer, seenAt: now, workers: workers))
        #expect(parallel == sequential)
        #expect(parallel.count == Set(parallel.map(\.url)).count)
        #expect(parallel.count < Self.articles.count)
    }

    @Test(arguments: [1, 2])
    func finishesEveryStoryItYieldsInPlace(workers: Int) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let normalizer = NewsAPINormalizer()
        let plain = Array(
            ParallelNormalizedStories(
                articles: NewsAPIArticles(Self.articles), normalizer: normalizer, seenAt: now, workers: workers))
        let finished = Array(
            ParallelNormalizedStories(
                articles: NewsAPIArticles(Self.articles), normalizer: normalizer, seenAt: now, workers: workers
            ) { $0.category = "finished " + $0.title })
        #expect(finished.map(\.url) == plain.map(\.url))
        #expect(finished.allSatisfy { $0.category == "finished " + $0.title })
    }
}
