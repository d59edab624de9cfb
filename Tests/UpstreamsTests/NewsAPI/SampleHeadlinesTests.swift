import Foundation
import NewsModel
import Testing
import Upstreams

@Suite struct SampleHeadlinesTests {
    /// 2025-03-15T00:00:00Z, just after the samples' newest story.
    let sampleNow = Date(timeIntervalSince1970: 1_741_996_800)

    @Test func offersThreeFeeds() {
        #expect(SampleHeadlines.feeds.map(\.id) == ["us/health", "us/technology", "gb/science"])
        #expect(SampleHeadlines.response(for: FeedSpec(country: "fr", category: "sports")) == nil)
    }

    @Test(arguments: [("us/health", 10, 9), ("us/technology", 10, 9), ("gb/science", 9, 8)])
    func eachFeedDecodesAndNormalizes(id: String, articles: Int, stories: Int) throws {
        let spec = try #require(SampleHeadlines.feeds.first { $0.id == id })
        let data = try #require(SampleHeadlines.response(for: spec))
        let response = try NewsAPIResponse.decode(data: data)
        #expect(response.articles.count == articles)
        #expect((8...12).contains(response.articles.count))
        let normalized = NewsAPINormalizer().stories(from: response.articles, seenAt: sampleNow)
        #expect(normalized.count == stories)
        for story in normalized {
            #expect(!story.title.contains(" - \(story.sourceName)"))
            #expect(!story.summary.contains("[+"))
            #expect(!(story.content ?? "").contains("<"))
            #expect(story.publishedAt != nil)
        }
    }

    @Test func theSamplesCarryNewsAPIsRealQuirks() throws {
        let articles = try SampleHeadlines.feeds.flatMap { spec in
            try NewsAPIResponse.decode(data: try #require(SampleHeadlines.response(for: spec))).articles
        }
        #expect(articles.contains { $0.title?.hasSuffix(" ") == true })
        #expect(articles.contains { $0.urlToImage == nil })
        #expect(articles.contains { $0.description == nil })
        #expect(articles.contains { $0.title == "[Removed]" })
        #expect(articles.contains { $0.content?.hasSuffix(" chars]") == true })
        #expect(articles.contains { $0.publishedAt?.contains(".5821493Z") == true })
        #expect(articles.contains { $0.content?.contains("<p>") == true })
        #expect(articles.contains { $0.urlToImage?.hasPrefix("//") == true })
        #expect(articles.contains { $0.publishedAt?.hasSuffix("+00:00") == true })
    }
}
