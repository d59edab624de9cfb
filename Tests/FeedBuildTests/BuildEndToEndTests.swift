import Foundation
import NewsModel
import TestSupport
import Testing

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
            #expect(
                BuildWorkspace.allFiles(in: workspace.output) == [
                    ".newsfeed/lock", ".newsfeed/quota.json", ".newsfeed/state.json", "assets/default-image.png",
                    "assets/favicon.svg",
                    "assets/newsfeed.css", "assets/newsfeed.js", "feeds.opml", "index.html", "us/health.atom",
                    "us/health.html", "us/health.json", "us/health.rss", "us/technology.atom", "us/technology.html",
                    "us/technology.json", "us/technology.rss",
                ])
            for feedID in ["us/health", "us/technology"] {
                #expect(try workspace.violations(feedID) == [], "\(feedID)")
            }
            let health = try workspace.snapshot("us/health")
            #expect(health.title == "Health — United States · Top headlines")
            #expect(health.selfURL?.absoluteString == "https://feeds.example.com/us/health.rss")
            #expect(health.link?.absoluteString == BuildWorkspace.site + "us/health.html", "the feed's page")
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

            #expect(second.outputLines.first == "us/health: unchanged, 1 item")
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
            // Newest first by the story's date (StoryOrder): the undated b is as old as its first sighting.
            #expect(second.stories.map(\.url.absoluteString) == ["c", "b", "a"].map(Self.articleURL))
            #expect(second.stories[1].publishedAt == testNow, "the undated story keeps its first-seen date")
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
                    "us/health: NewsAPI unexpectedError (HTTP 500): Try again shortly; no feed written yet"
                ])
        }
    }

    @Test func progressShowsOnATerminalOnly() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            let onTerminal = await workspace.run(["build"], terminal: true)
            #expect(onTerminal.status == 0)
            #expect(onTerminal.standardError.contains("[1/2] fetching us/health"))
            #expect(onTerminal.standardError.contains("[2/2] fetching us/technology"))
            #expect(!onTerminal.standardOutput.contains("fetching"))

            let quiet = await workspace.run(["build", "--quiet"], terminal: true)
            #expect(quiet.standardError.isEmpty)
            #expect(quiet.standardOutput.isEmpty)
        }
    }

    @Test func concurrentBuildsNeverLoseEachOthersState() async throws {
        let feeds = ["us/health", "us/technology", "us/science", "us/sports", "gb/health", "gb/science"]
        let list = feeds.map { id -> String in
            let parts = id.split(separator: "/")
            return #"{"country": "\#(parts[0])", "category": "\#(parts[1])"}"#
        }
        let config = #"{"site": "\#(BuildWorkspace.site)", "feeds": [\#(list.joined(separator: ", "))]}"#
        let answers = Dictionary(uniqueKeysWithValues: feeds.map { ($0, NewsAPIStub.Answer.articles([.story($0)])) })
        try await BuildWorkspace.with(config: config, answers: answers) { workspace in
            // Straight through CommandRun: the per-run leftover check would see the other builds' writes in flight.
            let statuses = await withTaskGroup(of: Int32.self) { group in
                for feedID in feeds {
                    group.addTask {
                        await CommandRun.run(
                            ["build", "--only", feedID], environment: workspace.environment,
                            workingDirectory: workspace.folder.url, clock: workspace.clock.reading
                        ).status
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }

            #expect(statuses == Array(repeating: 0, count: feeds.count))
            #expect(BuildWorkspace.temporaryFiles(in: workspace.output) == [])
            let state = try workspace.state()
            #expect(state.feeds.keys.sorted() == feeds.sorted())
            #expect(state.items.count == feeds.count)
            for feedID in feeds {
                let violations = try workspace.violations(feedID)
                #expect(violations == [], "\(feedID)")
            }
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

    /// Everything nasty NewsAPI has been seen to send, in one answer.
    static let hostileAnswer = NewsAPIStub.Answer.articles([
        StubArticle(
            title: "<b>Bold</b> &amp; \u{0001}control <script>alert(1)</script> - Example Times",
            url: "https://news.example.com/a path/ünï?q=1&r=2", author: "<i>Ann</i> & Bob",
            description: "<p onclick=\"x()\">Tags &lt;and&gt; ]]> entities &eacute; \u{FFFE}</p>",
            urlToImage: "//img.example.com/a.webp", publishedAt: "2099-01-01T00:00:00Z",
            content:
                "<p>The full text, longer than the summary, with a <a href=\"javascript:x()\">link</a>.</p>… [+1234 chars]"
        ),
        StubArticle(title: "[Removed]", url: "https://removed.com", description: "[Removed]"),
        StubArticle(title: "No URL", url: "not a url"),
        StubArticle(
            title: "", url: "https://news.example.com/untitled", sourceName: nil, author: nil, description: nil,
            publishedAt: "1970-01-01T00:00:00Z"),
        StubArticle(title: "Duplicate", url: "https://news.example.com/untitled"),
    ])

    @Test func aHostileAnswerBuildsAValidFeedThatReadsBackUnchanged() async throws {
        try await BuildWorkspace.with(answers: ["us/health": Self.hostileAnswer]) { workspace in
            let first = await workspace.build(["--only", "us/health"])
            #expect(first.outputLines.first == "us/health: written, 2 items (2 new)", "\(first.standardError)")
            let violations = try workspace.violations("us/health")
            #expect(violations == [])
            let bytes = workspace.feedData("us/health")
            workspace.clock.advance(by: 3600)

            let second = await workspace.build(["--only", "us/health"])

            #expect(second.outputLines.first == "us/health: unchanged, 2 items")
            #expect(workspace.feedData("us/health") == bytes)
        }
    }

    @Test(.needsSharedData) func realNewsAPIAnswersBuildValidFeedsThatReadBackUnchanged() async throws {
        let answers: [String: NewsAPIStub.Answer] = [
            "us/health": .json(200, try SharedData.capture(.usTopHeadlines)),
            "us/technology": .json(200, try SharedData.capture(.inHealthHeadlines)),
        ]
        try await BuildWorkspace.with(answers: answers) { workspace in
            #expect(await workspace.build().status == 0)
            for feedID in ["us/health", "us/technology"] {
                let violations = try workspace.violations(feedID)
                #expect(violations == [], "\(feedID)")
            }
            workspace.clock.advance(by: 3600)

            let second = await workspace.build()

            #expect(second.outputLines.last == "2 feeds: 0 written, 2 unchanged, 0 failed", "\(second.standardOutput)")
        }
    }

    @Test func anUnreadableExistingFeedIsReplacedWithAWarning() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            try workspace.folder.write("<rss><channel><title>cut off", to: "Feeds/us/health.rss")

            let run = await workspace.build()

            #expect(run.status == 0)
            #expect(run.errorLines.count == 1)
            #expect(
                run.standardError.hasPrefix(
                    "newsfeed build: warning: us/health: the existing feed could not be read back"))
            #expect(try workspace.violations("us/health") == [])
        }
    }

    @Test func aCorruptStateFileIsMovedAsideAndTheBuildGoesOn() async throws {
        try await BuildWorkspace.with(answers: Self.bothFeeds) { workspace in
            try workspace.folder.write("{\"version\": 1, \"feeds\": ", to: "Feeds/.newsfeed/state.json")

            let run = await workspace.build()

            #expect(run.status == 0)
            #expect(run.errorLines.count == 1)
            #expect(run.standardError.contains("unreadable state moved to state.json.corrupt-"))
            #expect(try workspace.state().feeds.keys.sorted() == ["us/health", "us/technology"])
        }
    }

    @Test func noDefaultImageMeansNoEnclosureAndNoAsset() async throws {
        let config = """
            {"site": "\(BuildWorkspace.site)", "feeds": [{"country": "us", "category": "health"}],
             "defaults": {"image": null}, "formats": ["rss", "atom", "json"]}
            """
        try await BuildWorkspace.with(config: config, answers: ["us/health": Self.healthAnswer]) { workspace in
            #expect(await workspace.build().status == 0)
            let images = try workspace.snapshot("us/health").stories.map(\.image?.url.absoluteString)
            #expect(images == ["https://img.example.com/health-1.jpg", nil])
            #expect(try workspace.violations("us/health") == [])
            // The pages' stylesheet and script are there; without HTML pages no placeholder image is.
            let image = workspace.output.appending(path: DefaultImageAsset.relativePath).path
            #expect(!FileManager.default.fileExists(atPath: image))
        }
    }

    static func articleURL(_ slug: String) -> String { "https://news.example.com/\(slug)" }
}
