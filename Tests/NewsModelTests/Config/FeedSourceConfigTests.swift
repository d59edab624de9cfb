import Foundation
import NewsModel
import Testing

/// The `feed` kind (a publisher's own feed) and `sources.maxFeedBytes`.
@Suite struct FeedSourceConfigTests {
    func parse(_ json: String) throws(ConfigError) -> NewsFeedConfig {
        try ConfigLoader.parse(Data(json.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
    }

    func message(_ json: String) -> String {
        do {
            _ = try parse(json)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func aFeedEntryIsNamedAfterItsHostAndPath() throws {
        let config = try parse(
            #"""
            {"feeds": [{"feed": "https://feeds.bbci.co.uk/news/world/rss.xml"},
                       {"feed": "https://www.example.com/blog/feed/", "name": "blog", "title": "My blog", "every": "15m",
                        "fullText": true, "include": ["rust"]},
                       {"feed": "http://news.example.org/atom.xml"}]}
            """#)
        #expect(config.feeds.map(\.id) == ["feed/feeds-bbci-co-uk-news-world", "feed/blog", "feed/news-example-org"])
        #expect(config.feeds[0].kind == .feed(url: URL(string: "https://feeds.bbci.co.uk/news/world/rss.xml")!))
        #expect(config.feeds[0].relativePath == "feed/feeds-bbci-co-uk-news-world.rss")
        #expect(config.feeds[1].title == "My blog")
        #expect(config.feeds[1].fullText == true)
        #expect(config.feeds.allSatisfy { $0.upstream == .feed && !$0.isMetered })
        #expect(config.maxFeedBytes == .megabytes(16))
    }

    @Test func theSlugDropsWhatOnlySaysFeed() {
        #expect(FeedSlug.make(feedURL: URL(string: "https://www.theverge.com/rss/index.xml")!) == "theverge-com-rss")
        #expect(FeedSlug.make(feedURL: URL(string: "https://example.com/feed.json")!) == "example-com")
        #expect(
            FeedSlug.make(feedURL: URL(string: "https://example.com/world/posts.xml")!) == "example-com-world-posts")
    }

    @Test func maxFeedBytesTakesASize() throws {
        let config = try parse(#"{"feeds": [{"feed": "https://a.example/rss"}], "sources": {"maxFeedBytes": "2MB"}}"#)
        #expect(config.maxFeedBytes == .megabytes(2))
    }

    @Test(arguments: [
        (
            #"{"feeds": [{"feed": "ftp://a.example/rss"}]}"#,
            #"feeds[0].feed: "ftp://a.example/rss" is not an http(s) URL"#
        ),
        (#"{"feeds": [{"feed": "rss.xml"}]}"#, "feeds[0].feed"),
        (#"{"feeds": [{"feed": "https://a.example/rss", "region": "us-en"}]}"#, #"unknown key "feeds[0].region""#),
        (
            #"{"feeds": [{"feed": "https://a.example/rss", "ddg": "x"}]}"#,
            #"give one of "country", "search", "ddg" or "feed", not "ddg" and "feed""#
        ),
        (
            #"{"feeds": [{"feed": "https://a.example/rss", "every": "4m"}]}"#,
            "feeds[0].every: must be at least 5m for a publisher's feed, not 4m"
        ),
        (
            #"{"feeds": [{"feed": "https://a.example/rss"}], "sources": {"maxFeedBytes": "lots"}}"#,
            #"sources.maxFeedBytes: "lots" is not a size"#
        ),
        (#"{"feeds": [{"feed": "https://a.example/rss"}], "sources": {"max": 1}}"#, #"unknown key "sources.max""#),
    ])
    func refusalsNameTheKeyAndTheCause(json: String, expected: String) {
        let text = message(json)
        #expect(text.contains(expected), "\(text)")
    }
}
