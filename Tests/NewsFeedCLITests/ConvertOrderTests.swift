import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `convert` writes a feed's items in the order `build` gives the same feed: newest first for headlines and
/// `publishedAt` searches, although it streams the answer.
@Suite struct ConvertOrderTests {
    /// A real capture with its articles shuffled (NewsAPI's own answers happen to come sorted): the feed is newest
    /// first all the same, every article once.
    @Test(.needsSharedData, arguments: SharedData.Capture.newsAPI)
    func aShuffledRealAnswerComesOutNewestFirst(fixture: SharedData.Capture) async throws {
        var answer = try #require(
            try JSONSerialization.jsonObject(with: NewsAPIFixtures.data(fixture)) as? [String: Any])
        let articles = try #require(answer["articles"] as? [Any])
        // A fixed shuffle: odd positions reversed, then the even ones.
        answer["articles"] =
            articles.indices.filter { $0 % 2 == 1 }.reversed().map { articles[$0] }
            + articles.indices.filter { $0 % 2 == 0 }.map { articles[$0] }
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "general"], workingDirectory: TemporaryFolder().url,
            standardInput: try JSONSerialization.data(withJSONObject: answer))
        #expect(run.status == 0, "\(run.standardError)")
        let stories = try RSSReader().read(Data(run.standardOutput.utf8), path: "stdout").stories
        let dates = stories.map(\.displayDate)
        #expect(dates == dates.sorted(by: >), "pubDates newest first")
        #expect(stories.count == articles.count)
    }

    /// More articles than one batch of the parallel normalizer (512), dates scattered, some missing: every story
    /// once, newest first, the undated ones (dated when seen: now) on top in the answer's order.
    @Test func aBigScatteredAnswerIsSortedAcrossBatches() async throws {
        let count = 1_300
        var articles: [String] = []
        for index in 0..<count {
            let minutes = (index * 7_919) % count
            let published = Date(timeIntervalSince1970: 1_714_000_000 + Double(minutes) * 60)
            let date = index % 97 == 0 ? "null" : "\"\(ISO8601DateFormatter().string(from: published))\""
            articles.append(
                #"{"source": {"id": null, "name": "Example"}, "author": null, "title": "Story \#(index)", "#
                    + #""description": "About \#(index).", "url": "https://news.example.com/\#(index)", "#
                    + #""urlToImage": null, "publishedAt": \#(date), "content": null}"#)
        }
        let answer = #"{"status": "ok", "totalResults": \#(count), "articles": [\#(articles.joined(separator: ","))]}"#
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "general", "--format", "json"],
            workingDirectory: TemporaryFolder().url, standardInput: Data(answer.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let feed = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == count)
        let published = items.compactMap { $0["date_published"] as? String }
        #expect(published.count == count, "undated stories carry the time they were seen")
        #expect(published == published.sorted(by: >), "newest first across batches")
        let undated = items.prefix(count / 97 + 1).compactMap { $0["title"] as? String }
        #expect(undated == stride(from: 0, to: count, by: 97).map { "Story \($0)" })
    }

    @Test(.needsSharedData) func theStandalonePageSaysNewestFirst() async throws {
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "general", "--format", "html"],
            workingDirectory: TemporaryFolder().url,
            standardInput: try SharedData.capture(.usTopHeadlines))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("· newest first</p>"))
    }
}
