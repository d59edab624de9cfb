import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// What a corrupt state, a killed run's leftovers and a feed written in several formats leave:
/// the request log and the pause survive, nothing is overwritten, nothing stale is published.
@Suite struct StateIntegrityTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let pause = PauseRecord(
        cause: .badKey, reason: "NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid", since: now)

    static func savedState(in folder: TemporaryFolder) throws -> StateStore {
        let store = StateStore(url: folder.url.appending(path: ".newsfeed/state.json"))
        var state = BridgeState()
        state.requests = [RequestRecord(time: now, feed: "us/health"), RequestRecord(time: now, feed: "us/science")]
        state.pause = pause
        state.feeds["us/health"] = FeedRecord(lastSuccess: now)
        try store.save(state)
        return store
    }

    @Test func aCorruptStateKeepsTheRequestLogAndThePause() throws {
        let folder = TemporaryFolder("state-integrity")
        let store = try Self.savedState(in: folder)
        try Data("{\"version\": 1, \"feeds\": {".utf8).write(to: store.url)

        let loaded = try store.load(now: Self.now)

        #expect(loaded.state.requests.map(\.feed) == ["us/health", "us/science"])
        #expect(loaded.state.pause == Self.pause, "a bad-key pause is not forgotten")
        #expect(loaded.state.ledgerLostAt == nil)
        #expect(loaded.state.feeds.isEmpty)
        let warning = try #require(loaded.warning)
        #expect(warning.contains("unreadable state moved to state.json.corrupt-"))
        #expect(warning.contains("the request log and pause are kept from quota.json"))
    }

    @Test func withNoLedgerLeftTheWindowsCountAsFullUntilTheyWouldHaveEmptied() throws {
        let folder = TemporaryFolder("state-integrity")
        let store = try Self.savedState(in: folder)
        try Data("garbage".utf8).write(to: store.url)
        try Data("garbage".utf8).write(to: store.ledgerURL)

        let state = try store.load(now: Self.now).state

        #expect(state.ledgerLostAt == Self.now)
        let config = NewsFeedConfig(
            site: URL(string: "https://feeds.example.com/")!, output: folder.url,
            feeds: [FeedSpec(country: "us", category: "health")])
        let scheduler = FeedScheduler(config: config)
        let later = Self.now.addingTimeInterval(3600)
        #expect(scheduler.quotaBlockedUntil(state: state, now: later, mayUseReserve: true) == Self.now + 86_400)
        #expect(scheduler.usage(state: state, now: later).map(\.remaining) == [0, 0])
        // Once the longest window has passed, the mark is gone and the quota is whole again.
        let dayLater = Self.now.addingTimeInterval(86_401)
        #expect(scheduler.quotaBlockedUntil(state: state, now: dayLater, mayUseReserve: true) == nil)
        #expect(scheduler.refreshed(state, now: dayLater).ledgerLostAt == nil)
    }

    @Test func twoCorruptionsInOneSecondKeepBothCopies() throws {
        let folder = TemporaryFolder("state-integrity")
        let store = StateStore(url: folder.url.appending(path: ".newsfeed/state.json"))
        try FileManager.default.createDirectory(
            at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var names: [String] = []
        for copy in ["first", "second", "third"] {
            try Data(copy.utf8).write(to: store.url)
            let warning = try #require(try store.load(now: Self.now).warning)
            names.append(warning)
        }
        let aside = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("state.json.corrupt-") }.sorted()
        #expect(aside.count == 3, "\(aside)")
        let kept = try aside.map {
            try String(contentsOf: store.url.deletingLastPathComponent().appending(path: $0), encoding: .utf8)
        }
        #expect(Set(kept) == ["first", "second", "third"])
    }

    @Test func aRunRemovesTheTemporaryFilesOfKilledRuns() async throws {
        try await BuildWorkspace.with { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("health-1")]))
            workspace.stub.answer("us/technology", with: .articles([.story("tech-1")]))
            #expect(await workspace.build().status == 0)
            let leftovers = [
                "us/.health.rss.0A1B2C3D.tmp", ".newsfeed/.state.json.DEADBEEF.tmp", ".index.html.12345678.tmp",
            ]
            for name in leftovers {
                try Data("half".utf8).write(to: workspace.output.appending(path: name))
            }
            // Only our own naming is removed.
            #expect(
                !AtomicFileWriter.isTemporaryName(".notes.tmp") && !AtomicFileWriter.isTemporaryName("a.1234ABCD.tmp"))
            workspace.clock.advance(by: 60)

            let run = await workspace.build()

            #expect(run.status == 0, "\(run.standardError)")
            for name in leftovers {
                #expect(!FileManager.default.fileExists(atPath: workspace.output.appending(path: name).path), "\(name)")
            }
        }
    }

    @Test func aFormatThatCannotBeWrittenLeavesEveryFormatOfTheFeedAsItWas() async throws {
        let config = """
            {"site": "\(BuildWorkspace.site)", "output": "Feeds", "formats": ["atom", "json", "rss"],
             "feeds": [{"country": "us", "category": "health"}]}
            """
        try await BuildWorkspace.with(config: config) { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("health-1")]))
            #expect(await workspace.build().status == 0)
            let atom = workspace.output.appending(path: "us/health.atom")
            let before = try Data(contentsOf: atom)
            let json = workspace.output.appending(path: "us/health.json")
            try FileManager.default.removeItem(at: json)
            try FileManager.default.createDirectory(at: json, withIntermediateDirectories: false)
            workspace.clock.advance(by: 86_400)
            workspace.stub.answer("us/health", with: .articles([.story("health-2"), .story("health-1")]))

            let run = await workspace.build(["--force"])

            // Its only feed could not be written where it belongs: the location refused, exit 78.
            #expect(run.status == 78)
            #expect(
                run.standardError.contains("us/health.json: cannot write: is a folder, not a file"),
                "\(run.standardError)")
            #expect(try Data(contentsOf: atom) == before, "no format moved ahead of the others")
            #expect(try workspace.snapshot("us/health").stories.count == 1)
            try FileManager.default.removeItem(at: json)
        }
    }

    @Test func aRunForgetsFeedsNoLongerConfigured() {
        let config = NewsFeedConfig(
            site: URL(string: "https://feeds.example.com/")!, output: URL(fileURLWithPath: "/tmp/unused"),
            feeds: [FeedSpec(country: "us", category: "health")])
        var state = BridgeState()
        state.feeds["us/health"] = FeedRecord(lastSuccess: Self.now)
        state.feeds["gb/sports"] = FeedRecord(lastSuccess: Self.now)
        let refreshed = FeedScheduler(config: config).refreshed(state, now: Self.now)
        #expect(Set(refreshed.feeds.keys) == ["us/health"])
    }
}

/// `build` meeting a corrupt `bookmarks.json`: said once, moved aside as the `bookmark` commands do.
@Suite struct BuildCorruptBookmarksTests {
    @Test func aCorruptBookmarkListIsSaidOnceAndMovedAside() async throws {
        try await BuildWorkspace.with(answers: ["us/health": .articles([.story("health-1")])]) { workspace in
            let store = OutputFolder(root: workspace.output).bookmarkStore
            try FileManager.default.createDirectory(
                at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{\"bookmarks\": [".utf8).write(to: store.url)

            let run = await workspace.build(["--only", "us/health"])

            let warnings = run.errorLines.filter { $0.contains("bookmarks") }
            #expect(warnings.count == 1, "\(run.standardError)")
            #expect(warnings.first?.contains("unreadable bookmarks moved to bookmarks.json.corrupt-") == true)
            #expect(!FileManager.default.fileExists(atPath: store.url.path))
            let folder = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
            #expect(folder.contains { $0.hasPrefix("bookmarks.json.corrupt-") })
            workspace.clock.advance(by: 60)
            let again = await workspace.build(["--only", "us/health"])
            #expect(!again.standardError.contains("bookmarks"), "said once")
        }
    }
}
