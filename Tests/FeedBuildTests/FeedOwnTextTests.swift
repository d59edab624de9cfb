import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// A publisher's feed that carries more text than its page gave keeps its own (issue 27, point 7), also in the builds
/// after the one that fetched the page, where the article comes from the cache.
@Suite struct FeedOwnTextTests {
    static let site = URL(string: "https://feeds.example.com/") ?? URL(fileURLWithPath: "/")
    static let url = "https://news.example.com/story/1"

    func story(content: String) throws -> Story {
        Story(
            url: try #require(URL(string: Self.url)), title: "Story", sourceName: "Example",
            sourceURL: try #require(URL(string: "https://news.example.com/")), summary: "What happened.",
            content: content, firstSeen: Date(timeIntervalSince1970: 0))
    }

    func restored(_ story: Story, articleText: String, feedKind: Bool) throws -> Story {
        let folder = TemporaryFolder()
        let store = ArticleStore(folder: folder.url)
        let article = StoryArticle(
            key: ArticleStore.key(for: Self.url), html: "<p>\(articleText)</p>", text: articleText)
        try store.save(ArticleRecord(url: Self.url, article: article, fetchedAt: Date(timeIntervalSince1970: 0)))
        var written = WrittenStories(site: Self.site, defaultImage: nil, items: [:], cached: [:], articleStore: store)
        written.keepsLongerOwnText = feedKind
        return try #require(written.restore([story], now: Date(timeIntervalSince1970: 100)).stories.first)
    }

    @Test func aCachedArticleShorterThanTheFeedsOwnTextIsNotAttached() throws {
        let own = String(repeating: "The feed's whole story goes on. ", count: 20)
        let kept = try restored(try story(content: own), articleText: "Subscribe to read.", feedKind: true)
        #expect(kept.article == nil)
        #expect(kept.content == own)
    }

    @Test func aLongerArticleIsAttachedAndOtherKindsAlwaysTakeTheirs() throws {
        let long = String(repeating: "The page's full article. ", count: 40)
        #expect(try restored(try story(content: "Teaser."), articleText: long, feedKind: true).article != nil)
        let own = String(repeating: "Words. ", count: 50)
        #expect(try restored(try story(content: own), articleText: "Short.", feedKind: false).article != nil)
    }
}
