import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// One order rule for every format, stated on the page; the index in config order, rewritten
/// when the set of feeds changes; the bookmarks row says when the list last changed.
@Suite struct OrderAndIndexTests {
    static func config(_ feeds: String) -> String {
        #"{"site": "\#(BuildWorkspace.site)", "output": "Feeds", "feeds": [\#(feeds)]}"#
    }

    static func page(_ workspace: BuildWorkspace, _ path: String) throws -> String {
        try String(contentsOf: workspace.output.appending(path: path), encoding: .utf8)
    }

    @Test func headlinesAreNewestFirstInEveryFormatAndThePageSaysSo() async throws {
        let answer = NewsAPIStub.Answer.articles([
            .story("seven", publishedAt: "2024-05-02T07:00:00Z"), .story("ten", publishedAt: "2024-05-02T10:00:00Z"),
            .story("nine", publishedAt: "2024-05-02T09:00:00Z"),
        ])
        let config = Self.config(#"{"country": "us", "category": "health"}"#)
        try await BuildWorkspace.with(config: config, answers: ["us/health": answer]) { workspace in
            #expect(await workspace.build().status == 0)
            let slugs = try workspace.snapshot("us/health").stories.map(\.url.lastPathComponent)
            #expect(slugs == ["ten", "nine", "seven"])
            let html = try Self.page(workspace, "us/health.html")
            #expect(FeedPageRows.rows(in: html).map { URL(string: $0.href)?.lastPathComponent } == slugs)
            #expect(html.contains("UTC</time> · newest first</p>"))
        }
    }

    @Test func aRelevancySearchKeepsNewsAPIsRankingAndSaysMostRelevantFirst() async throws {
        let answer = NewsAPIStub.Answer.articles([
            .story("seven", publishedAt: "2024-05-02T07:00:00Z"), .story("ten", publishedAt: "2024-05-02T10:00:00Z"),
        ])
        let config = Self.config(#"{"search": "climate", "sortBy": "relevancy"}"#)
        try await BuildWorkspace.with(config: config, answers: ["search:climate": answer]) { workspace in
            #expect(await workspace.build().status == 0)
            let slugs = try workspace.snapshot("search/climate").stories.map(\.url.lastPathComponent)
            #expect(slugs == ["seven", "ten"])
            let page = try Self.page(workspace, "search/climate.html")
            #expect(page.contains(" · most relevant first</p>"))
        }
    }

    @Test func theIndexFollowsTheConfigAndForgetsARemovedFeedOnTheNextBuild() async throws {
        let feeds = #"{"country": "us", "category": "technology"}, {"country": "us", "category": "health"}"#
        let answers: [String: NewsAPIStub.Answer] = [
            "us/health": .articles([.story("h")]), "us/technology": .articles([.story("t")]),
        ]
        try await BuildWorkspace.with(config: Self.config(feeds), answers: answers) { workspace in
            #expect(await workspace.build().status == 0)
            let index = try Self.page(workspace, "index.html")
            let technology = try #require(index.range(of: "us/technology"))
            let health = try #require(index.range(of: "us/health"))
            #expect(technology.lowerBound < health.lowerBound, "config order, not alphabetical")

            // No feed is due on the next build; the set of feeds changed all the same.
            _ = try workspace.folder.write(
                Self.config(#"{"country": "us", "category": "health"}"#), to: ConfigLoader.defaultFileName)
            let second = await workspace.build()
            #expect(second.status == 0, "\(second.standardError)")
            let (newIndex, opml) = (try Self.page(workspace, "index.html"), try Self.page(workspace, "feeds.opml"))
            #expect(!newIndex.contains("us/technology"))
            #expect(!opml.contains("us/technology") && opml.contains("us/health"))
        }
    }

    @Test func theBookmarksRowSaysWhenTheListLastChanged() async throws {
        let config = Self.config(#"{"country": "us", "category": "health"}"#)
        try await BuildWorkspace.with(config: config, answers: ["us/health": .articles([.story("h")])]) { workspace in
            #expect(await workspace.build().status == 0)
            let add = await workspace.run(["bookmark", "add", "https://news.example.com/h"])
            #expect(add.status == 0, "\(add.standardError)")
            let index = try Self.page(workspace, "index.html")
            let row = try #require(
                index.components(separatedBy: "<span class=\"path\">bookmarks</span>").dropFirst().first)
            let meta = row.prefix { $0 != "\n" }
            #expect(meta.contains(" · last changed <time datetime="), "\(meta)")
            #expect(!meta.contains("fetch"))
        }
    }
}
