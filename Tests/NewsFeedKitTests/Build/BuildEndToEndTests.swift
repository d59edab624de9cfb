import Foundation
import Testing

@testable import NewsFeedKit

/// `newsfeed build` run in-process against a loopback NewsAPI stub: what a cron user gets.
@Suite struct BuildEndToEndTests {
    static let healthAnswer = NewsAPIStub.Answer.articles([
        .story("health-1", image: "https://img.example.com/health-1.jpg"),
        .story("health-2", publishedAt: "2024-05-02T09:30:00.123+02:00"),
    ])
    static let technologyAnswer = NewsAPIStub.Answer.articles([.story("tech-1"), .story("tech-2"), .story("tech-3")])
    static let bothFeeds = ["us/health": healthAnswer, "us/technology": technologyAnswer]

    @Test func writesEveryConfiguredFeedAsAValidFeed() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            let run = await workspace.build()

            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.outputLines == [
                    "us/health: written, 2 items (2 new)", "us/technology: written, 3 items (3 new)",
                    "2 feeds: 2 written, 0 unchanged, 0 failed",
                ])
            #expect(run.standardError.isEmpty)
            for feedID in ["us/health", "us/technology"] {
                #expect(try workspace.violations(feedID) == [], "\(feedID)")
            }
            let health = try workspace.snapshot("us/health")
            #expect(health.title == "Health — United States · Top headlines")
            #expect(health.selfURL?.absoluteString == "https://feeds.example.com/us/health.rss")
            #expect(health.link?.absoluteString == BuildWorkspace.site)
            #expect(health.lastBuildDate == testNow)
            #expect(health.ttlMinutes == 60)
            #expect(health.stories.map(\.url.absoluteString) == ["health-1", "health-2"].map(Self.articleURL))
            #expect(health.stories.map(\.title) == ["Story health-1", "Story health-2"])
            #expect(try workspace.snapshot("us/technology").ttlMinutes == 30)
            #expect(workspace.stub.requests.map(\.feedID) == ["us/health", "us/technology"])
        }
    }

    @Test func storiesWithoutAnImageCarryTheBundledImageUnderSite() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            #expect(await workspace.build().status == 0)

            let asset = try Data(contentsOf: workspace.output.appending(path: "assets/default-image.png"))
            #expect(asset == DefaultImageAsset.data)
            let stories = try workspace.snapshot("us/health").stories
            let own = try #require(stories.first?.image)
            #expect(own.url.absoluteString == "https://img.example.com/health-1.jpg")
            let fallback = try #require(stories.last?.image)
            #expect(fallback.url.absoluteString == "https://feeds.example.com/assets/default-image.png")
            #expect(fallback.mimeType == "image/png")
            #expect(fallback.length == asset.count)
        }
    }

    @Test func aSecondBuildWithTheSameAnswerLeavesFilesUntouched() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            #expect(await workspace.build().status == 0)
            let bytes = workspace.feedData("us/health")
            let modified = try workspace.modificationDate("us/health")
            let asset = workspace.output.appending(path: DefaultImageAsset.relativePath).path
            let assetModified = try FileManager.default.attributesOfItem(atPath: asset)[.modificationDate] as? Date
            // A rewrite within the file system's timestamp resolution could hide behind an equal time.
            try await Task.sleep(for: .milliseconds(20))
            workspace.clock.advance(by: 3600)

            let second = await workspace.build()

            #expect(second.status == 0)
            #expect(
                second.outputLines == [
                    "us/health: unchanged, 2 items", "us/technology: unchanged, 3 items",
                    "2 feeds: 0 written, 2 unchanged, 0 failed",
                ])
            #expect(workspace.feedData("us/health") == bytes)
            #expect(try workspace.modificationDate("us/health") == modified)
            #expect(
                try FileManager.default.attributesOfItem(atPath: asset)[.modificationDate] as? Date == assetModified)
            let record = try #require(try workspace.state().feeds["us/health"])
            #expect(record.lastSuccess == workspace.clock.now)
        }
    }

    @Test func aStoryWithoutADateKeepsItsFirstSeenDateAcrossBuilds() async throws {
        let answer = NewsAPIStub.Answer.articles([.story("undated", publishedAt: nil)])
        try await BuildWorkspace.with(answers: ["us/health": answer, "us/technology": answer]) { workspace in
            #expect(await workspace.build(["--only", "us/health"]).status == 0)
            let dated = try workspace.snapshot("us/health").stories.first?.publishedAt
            #expect(dated == testNow)
            workspace.clock.advance(by: 3 * 3600)

            let second = await workspace.build(["--only", "us/health"])

            #expect(second.outputLines.first == "us/health: unchanged, 1 items")
            let stillDated = try workspace.snapshot("us/health").stories.first?.publishedAt
            #expect(stillDated == testNow)
        }
    }

    @Test func historyKeepsEarlierStoriesUntilTheyAreTooOld() async throws {
        let config = """
            {"site": "\(BuildWorkspace.site)", "output": "Feeds", "maxAgeDays": 2,
             "feeds": [{"country": "us", "category": "health"}]}
            """
        let day: TimeInterval = 86_400
        try await BuildWorkspace.with(config: config) { workspace in
            let stub = workspace.stub
            stub.answer("us/health", with: .articles([.story("a"), .story("b", publishedAt: nil)]))
            #expect(await workspace.build().status == 0)
            let firstSeenOfA = try #require(try workspace.state().items[Self.articleURL("a")]?.firstSeen)
            #expect(firstSeenOfA == testNow)

            workspace.clock.advance(by: day)
            stub.answer("us/health", with: .articles([.story("c", publishedAt: "2024-05-03T11:00:00Z")]))
            #expect(await workspace.build().outputLines.first == "us/health: written, 3 items (1 new)")
            let second = try workspace.snapshot("us/health")
            #expect(second.stories.map(\.url.absoluteString) == ["c", "a", "b"].map(Self.articleURL))
            #expect(second.stories.last?.publishedAt == testNow, "the undated story keeps its first-seen date")
            #expect(try workspace.state().items[Self.articleURL("a")]?.firstSeen == firstSeenOfA)
            #expect(try workspace.violations("us/health") == [])

            workspace.clock.advance(by: day + 3600)
            stub.answer("us/health", with: .articles([.story("d", publishedAt: "2024-05-04T12:30:00Z")]))
            #expect(await workspace.build().status == 0)
            let third = try workspace.snapshot("us/health")
            #expect(third.stories.map(\.url.absoluteString) == ["d", "c"].map(Self.articleURL))
            #expect(try workspace.violations("us/health") == [])
        }
    }

    @Test func maxItemsCapsTheFeedNewestFirst() async throws {
        let config = """
            {"site": "\(BuildWorkspace.site)", "output": "Feeds", "maxItems": 3,
             "feeds": [{"country": "us", "category": "health"}]}
            """
        try await BuildWorkspace.with(config: config) { workspace in
            let stub = workspace.stub
            stub.answer("us/health", with: .articles(["a", "b", "c", "d"].map { .story($0) }))
            #expect(await workspace.build().outputLines.first == "us/health: written, 3 items (3 new)")
            #expect(try workspace.snapshot("us/health").stories.count == 3)

            workspace.clock.advance(by: 3600)
            stub.answer("us/health", with: .articles([.story("e"), .story("f")]))
            #expect(await workspace.build().status == 0)
            let urls = try workspace.snapshot("us/health").stories.map(\.url.absoluteString)
            #expect(urls == ["e", "f", "a"].map(Self.articleURL))
        }
    }

    @Test func onlyBuildsTheNamedFeed() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            let run = await workspace.build(["--only", "US/Health"])

            #expect(run.status == 0)
            #expect(
                run.outputLines == ["us/health: written, 2 items (2 new)", "1 feed: 1 written, 0 unchanged, 0 failed"])
            #expect(workspace.stub.requests.map(\.feedID) == ["us/health"])
            #expect(workspace.feedData("us/technology") == nil)
        }
    }

    @Test func onlyAnUnconfiguredFeedIsAUsageError() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            let run = await workspace.build(["--only", "xx/yy"])

            #expect(run.status == 64)
            #expect(run.errorLines.count == 1)
            #expect(run.standardError.contains("xx/yy"))
            #expect(run.standardError.contains("us/health, us/technology"))
            #expect(run.standardOutput.isEmpty)
            #expect(workspace.stub.requests.isEmpty)
        }
    }

    @Test func quietPrintsNothingWhenAllIsWell() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            let run = await workspace.build(["--quiet"])

            #expect(run.status == 0)
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.isEmpty)
            #expect(workspace.feedData("us/health") != nil)
        }
    }

    @Test func quietPrintsOnlyTheProblems() async throws {
        var answers = Self.bothFeeds
        answers["us/health"] = .error(500, code: "unexpectedError", message: "Try again shortly.")
        try await BuildWorkspace.with(answers: answers) { workspace in
            let run = await workspace.build(["--quiet"])

            #expect(run.status == 1)
            #expect(run.standardOutput.isEmpty)
            #expect(
                run.errorLines == [
                    "us/health: NewsAPI unexpectedError (HTTP 500): Try again shortly.; kept the previous feed"
                ])
        }
    }

    @Test func aRelativeOutputIsResolvedFromTheConfigFolder() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            let elsewhere = TemporaryFolder("newsfeed-cron-cwd")
            let configPath = workspace.folder.url.appending(path: ConfigLoader.defaultFileName).path

            let run = await workspace.run(["build", "--config", configPath], workingDirectory: elsewhere.url)

            #expect(run.status == 0, "\(run.standardError)")
            #expect(workspace.feedData("us/health") != nil)
            #expect(elsewhere.allFiles() == [])
        }
    }

    @Test func theKeyTravelsOnlyInTheHeader() async throws {
        var answers = Self.bothFeeds
        // An endpoint that echoes the key back must not get it printed.
        answers["us/technology"] = .error(
            500, code: "unexpectedError", message: "request with key \(BuildWorkspace.apiKey) failed")
        try await BuildWorkspace.with(answers: answers) { workspace in
            let run = await workspace.build()

            #expect(run.status == 1)
            let requests = workspace.stub.requests
            #expect(requests.count == 2)
            for request in requests {
                #expect(request.headers["X-Api-Key"] == BuildWorkspace.apiKey)
                #expect(!request.target.contains(BuildWorkspace.apiKey))
                #expect(!request.target.lowercased().contains("apikey"))
                let otherHeaders = request.headers.filter { $0.name.lowercased() != "x-api-key" }
                #expect(!otherHeaders.contains { $0.value.contains(BuildWorkspace.apiKey) })
            }
            #expect(!run.standardOutput.contains(BuildWorkspace.apiKey))
            #expect(!run.standardError.contains(BuildWorkspace.apiKey))
            #expect(run.standardError.contains("us/technology: NewsAPI unexpectedError (HTTP 500)"))
            let state = String(decoding: try #require(workspace.stateData), as: UTF8.self)
            #expect(state.contains("unexpectedError"))
            #expect(!state.contains(BuildWorkspace.apiKey))
            let feed = String(decoding: try #require(workspace.feedData("us/health")), as: UTF8.self)
            #expect(!feed.contains(BuildWorkspace.apiKey))
        }
    }

    static func articleURL(_ slug: String) -> String { "https://news.example.com/\(slug)" }
}
