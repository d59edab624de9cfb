import Foundation
import NewsModel
import TestSupport
import Testing

/// `feeds` entries told apart by their keys: headlines, search and ddg, each with name, title,
/// ttl, include and exclude; their paths; and what is refused.
@Suite struct FeedKindsConfigTests {
    func parse(_ feeds: String) throws(ConfigError) -> NewsFeedConfig {
        try ConfigLoader.parse(
            Data(#"{"feeds": [\#(feeds)]}"#.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
    }

    func message(_ feeds: String) -> String {
        do {
            _ = try parse(feeds)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func eachKindHasItsPath() throws {
        let config = try parse(
            #"""
            {"country": "us", "category": "health"}, {"country": "gb"},
            {"search": "climate change"}, {"search": "Café Müller — Ärzte!"}, {"search": "气候", "name": "qihou"},
            {"ddg": "apple"}, {"ddg": "Rust programming", "name": "rust", "title": "Rust, from DuckDuckGo"}
            """#)
        #expect(
            config.feeds.map(\.id) == [
                "us/health", "gb/all", "search/climate-change", "search/cafe-muller-arzte", "search/qihou",
                "ddg/apple", "ddg/rust",
            ])
        #expect(config.feeds.map(\.relativePath).last == "ddg/rust.rss")
        #expect(config.feeds.last?.title == "Rust, from DuckDuckGo")
        #expect(
            config.feeds.map(\.upstream) == [
                .newsAPI, .newsAPI, .newsAPI, .newsAPI, .newsAPI, .duckDuckGo, .duckDuckGo,
            ])
    }

    @Test func searchKeysAndTheirDefaults() throws {
        let plain = try parse(#"{"search": "climate change"}"#).feeds[0]
        #expect(plain.kind == .search(NewsAPISearch(query: "climate change")))
        let full = try parse(
            #"""
            {"search": "\"climate change\" AND +policy", "language": "EN", "sortBy": "relevancy", "from": "2026-11-28",
             "searchIn": "title, description", "domains": "bbc.co.uk, TechCrunch.com", "excludeDomains": "example.com",
             "name": "climate-policy", "ttl": 120, "include": ["Paris", "net zero"], "exclude": ["opinion"]}
            """#
        ).feeds[0]
        #expect(
            full.kind
                == .search(
                    NewsAPISearch(
                        query: "\"climate change\" AND +policy", language: "en", sortBy: .relevancy,
                        from: .date("2026-11-28"), searchIn: ["title", "description"],
                        domains: "bbc.co.uk,techcrunch.com", excludeDomains: "example.com")))
        #expect(full.id == "search/climate-policy")
        #expect(full.ttl == 120)
        #expect(full.filter == StoryFilter(include: ["Paris", "net zero"], exclude: ["opinion"]))
    }

    @Test(arguments: [("36h", 36 * 3600), ("2d", 2 * 86_400), ("1w", 7 * 86_400)])
    func fromTakesAnAge(text: String, seconds: Int) throws {
        #expect(
            try parse(#"{"search": "x", "from": "\#(text)"}"#).feeds[0].kind
                == .search(NewsAPISearch(query: "x", from: .age(seconds: seconds))))
    }

    @Test func anAgeIsResolvedAgainstTheBuildsClock() {
        #expect(SearchStart.age(seconds: 2 * 86_400).parameter(now: testNow) == "2024-04-30T12:00:00Z")
        #expect(SearchStart.date("2026-11-28").parameter(now: testNow) == "2026-11-28")
    }

    @Test(arguments: [
        (
            #"{"country": "us", "search": "x"}"#,
            #"feeds[0]: give one of "country", "search", "ddg" or "feed", not "country" and "search""#
        ),
        (#"{"category": "health"}"#, #"feeds[0]: a feed needs "country" (top headlines)"#),
        (#"{"search": "x", "category": "health"}"#, #"unknown key "feeds[0].category""#),
        (#"{"ddg": "x", "language": "en"}"#, #"unknown key "feeds[0].language""#),
        (#"{"search": "  "}"#, "feeds[0].search: must not be blank"),
        (
            #"{"search": "x", "sortBy": "newest"}"#,
            #"feeds[0].sortBy: "newest" is not one of relevancy, popularity, publishedAt"#
        ),
        (#"{"search": "x", "language": "xx"}"#, #"feeds[0].language: "xx" is not one of NewsAPI's languages"#),
        (#"{"search": "x", "from": "yesterday"}"#, #"feeds[0].from: "yesterday" is neither a date"#),
        (#"{"search": "x", "from": "2026-02-30"}"#, "feeds[0].from"),
        (
            #"{"search": "x", "searchIn": "title,body"}"#,
            #"feeds[0].searchIn: "body" is not one of title, description, content"#
        ),
        (#"{"search": "x", "domains": "bbc"}"#, "feeds[0].domains"),
        (
            #"{"search": "气候"}"#,
            #"feeds[0]: the query has no ASCII letters or digits to name its file: give it a "name""#
        ),
        (#"{"ddg": "apple", "name": "My Apple"}"#, #"feeds[0].name: "My Apple" is not a file name"#),
        (#"{"ddg": "apple", "include": ["--"]}"#, #"feeds[0].include[0]: "--" holds no word to match"#),
        (#"{"ddg": "apple", "exclude": "pie"}"#, "feeds[0].exclude: expected a list"),
        (#"{"ddg": "apple", "title": " "}"#, "feeds[0].title: must not be blank"),
        (#"{"ddg": "apple"}, {"search": "x"}, {"ddg": "Apple!"}"#, "feeds[2]: writes ddg/apple.rss like feeds[0]"),
        (
            #"{"country": "us", "category": "health"}, {"search": "y", "name": "health"}, {"country": "us", "name": "health"}"#,
            "feeds[2]: writes us/health.rss like feeds[0]"
        ),
    ])
    func refusalsNameTheKeyAndTheCause(feeds: String, expected: String) {
        let text = message(feeds)
        #expect(text.contains(expected), "\(text)")
        #expect(text.hasPrefix("newsfeed.json: "))
    }
}
