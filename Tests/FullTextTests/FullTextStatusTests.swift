import FeedBuild
import FeedServe
import Foundation
import NewsModel
import TestSupport
import Testing

/// Full text in `status`, `status --json` and `/metrics`.
@Suite struct FullTextStatusTests {
    @Test func statusCountsTheItemsWithTheArticleAndTheFailuresByCause() async throws {
        try await withPublisher { _, base in
            let health = [
                FullTextBuildTests.article(base, "/story/1"), FullTextBuildTests.article(base, "/story/2"),
                FullTextBuildTests.article(base, "/legal"), FullTextBuildTests.article(base, "/forbidden"),
                FullTextBuildTests.article(base, "/json"),
            ]
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(),
                answers: FullTextBuildTests.answers(health, technology: [FullTextBuildTests.article(base, "/story/3")])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let status = await workspace.run(["status"])
                #expect(status.status == 0, "\(status.standardError)")
                #expect(
                    status.outputLines.contains(
                        "us/health full text: 2 of 5 items with the article; failures: 2 HTTP error, 1 not HTML"))
                #expect(!status.outputLines.contains { $0.hasPrefix("us/technology full text") })
                #expect(
                    status.outputLines.contains(
                        "full text pages: 5 fetched, 2 extracted, 3 failed (2 HTTP error, 1 not HTML)"))

                let json = await workspace.run(["status", "--json"])
                let document = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
                let feeds = try #require(document["feeds"] as? [[String: Any]])
                let healthObject = try #require(feeds.first { $0["path"] as? String == "us/health" })
                let fullText = try #require(healthObject["fullText"] as? [String: Any])
                #expect(fullText["items"] as? Int == 5)
                #expect(fullText["withArticle"] as? Int == 2)
                #expect(fullText["failures"] as? [String: Int] == ["http": 2, "not-html": 1])
                #expect(feeds.first { $0["path"] as? String == "us/technology" }?["fullText"] == nil)
                let counters = try #require(document["fullText"] as? [String: Any])
                #expect(counters["fetched"] as? Int == 5)

                let config = try ConfigLoader.load(path: "newsfeed.json", workingDirectory: workspace.folder.url)
                let report = StatusReport(
                    config: config, state: try workspace.state(), now: workspace.clock.now)
                let metrics = MetricsDocument.render(report: report, requests: [:], bytes: 0)
                #expect(metrics.contains("newsfeed_feed_fulltext_items{feed=\"us/health\"} 2\n"))
                #expect(metrics.contains("newsfeed_fulltext_pages_fetched_total 5\n"))
                #expect(metrics.contains("newsfeed_fulltext_pages_extracted_total 2\n"))
                #expect(metrics.contains("newsfeed_fulltext_pages_failed_total{cause=\"http\"} 2\n"))
                #expect(metrics.contains("newsfeed_fulltext_pages_failed_total{cause=\"timeout\"} 0\n"))
                #expect(metrics.contains("# TYPE newsfeed_fulltext_pages_failed_total counter\n"))
            }
        }
    }

    @Test func withoutFullTextStatusAndMetricsSayNothingOfIt() async throws {
        try await BuildWorkspace.with(
            config: FullTextBuildTests.config(healthFullText: nil),
            answers: ["us/health": .articles([.story("a")]), "us/technology": .articles([.story("b")])]
        ) { workspace in
            #expect(await workspace.build().status == 0)
            let status = await workspace.run(["status"])
            #expect(!status.standardOutput.contains("full text"))
            let json = await workspace.run(["status", "--json"])
            #expect(!json.standardOutput.contains("fullText"))
            let config = try ConfigLoader.load(path: "newsfeed.json", workingDirectory: workspace.folder.url)
            let report = StatusReport(config: config, state: try workspace.state(), now: workspace.clock.now)
            #expect(!MetricsDocument.render(report: report, requests: [:], bytes: 0).contains("fulltext"))
        }
    }
}
