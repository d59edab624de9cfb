import FeedBuild
import FeedOutput
import FeedServe
import Foundation
import HTTPServing
import NewsModel
import TestSupport
import Testing

/// One source of truth for a feed's condition: the state is put through every condition, and the
/// index page, `/status`, `/status.json`, `/healthz`, `/metrics`, `status` and `status --json` must
/// all name the same one (and agree on what follows from it: failing, paused, next due).
@Suite struct FeedConditionAgreementTests {
    static let now = Date(timeIntervalSince1970: 1_714_651_200)  // 2024-05-02 12:00 UTC
    static let feed = "us/health"
    static let config = """
        {"site": "\(BuildWorkspace.site)", "output": "Feeds",
         "feeds": [{"country": "us", "category": "health"}],
         "quota": {"requestsPerDay": 4, "reserve": 0}}
        """

    /// A state that puts us/health in one condition at ``now``.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var state: BridgeState
        /// When `status` must say it is next due (nil: no time to check).
        var nextDue: Date?
        /// The config and the feed it puts in the condition (a publisher's feed for `gone`).
        var config: String = FeedConditionAgreementTests.config
        var feed: String = FeedConditionAgreementTests.feed
        var testDescription: String { name }
    }

    static func hours(_ count: Double) -> Date { now.addingTimeInterval(count * 3600) }

    static let cases: [Case] = {
        let succeeded = FeedRecord(lastSuccess: hours(-48), lastAttempt: hours(-48), firstConfigured: hours(-72))
        let refused429 = "NewsAPI rateLimited (HTTP 429): You have made too many requests."
        let refusedKey = "NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid."
        func failed(_ reason: String, failures: Int = 1) -> FeedRecord {
            FeedRecord(
                lastSuccess: hours(-48), lastAttempt: hours(-1), lastError: reason, lastErrorTime: hours(-1),
                consecutiveFailures: failures, firstConfigured: hours(-72))
        }
        let fullDay = (1...4).map { RequestRecord(time: hours(-Double($0)), feed: "us/other") }
        var gone = failed("HTTP 410 from https://gone.example/rss.xml")
        var goneSource = SourcePollRecord(time: hours(-1), answer: "HTTP 410")
        goneSource.goneSince = hours(-1)
        gone.sources["https://gone.example/rss.xml"] = goneSource
        return [
            Case(
                name: "gone", state: BridgeState(feeds: ["feed/gone": gone]),
                config: """
                    {"site": "\(BuildWorkspace.site)", "output": "Feeds",
                     "feeds": [{"feed": "https://gone.example/rss.xml", "name": "gone"}]}
                    """, feed: "feed/gone"),
            Case(name: "never-built", state: BridgeState()),
            Case(name: "ok", state: BridgeState(feeds: [feed: succeeded])),
            Case(
                name: "failing",
                state: BridgeState(
                    feeds: [feed: failed("NewsAPI answered HTTP 500", failures: 2)],
                    requests: [RequestRecord(time: hours(-1), feed: feed)]),
                nextDue: hours(-1).addingTimeInterval(1200)),
            Case(
                name: "paused-by-rate-limit",
                state: BridgeState(
                    feeds: [feed: failed(refused429)],
                    requests: [RequestRecord(time: hours(-1), feed: feed, refused: true)],
                    pause: PauseRecord(cause: .rateLimited, reason: refused429, since: hours(-1), until: hours(2))),
                nextDue: hours(2)),
            Case(
                name: "paused-by-key",
                state: BridgeState(
                    feeds: [feed: failed(refusedKey)],
                    requests: [RequestRecord(time: hours(-1), feed: feed, refused: true)],
                    pause: PauseRecord(cause: .badKey, reason: refusedKey, since: hours(-1)))),
            Case(
                name: "out-of-quota", state: BridgeState(feeds: [feed: succeeded], requests: fullDay),
                nextDue: hours(20)),
            Case(
                name: "not-due",
                state: BridgeState(
                    feeds: [
                        feed: FeedRecord(
                            lastSuccess: hours(-0.5), lastAttempt: hours(-0.5), firstConfigured: hours(-72))
                    ], requests: [RequestRecord(time: hours(-0.5), feed: feed)])),
        ]
    }()

    /// `status`'s words for each condition name.
    static let labels = [
        "paused-by-key": "paused by the key", "paused-by-rate-limit": "paused by a rate limit", "gone": "gone",
        "failing": "failing",
        "out-of-quota": "out of quota", "never-built": "never built", "not-due": "not due", "ok": "ok",
    ]

    @Test func theCasesCoverEveryCondition() {
        #expect(Set(Self.cases.map(\.name)) == Set(FeedCondition.names))
        #expect(Set(Self.labels.keys) == Set(FeedCondition.names))
    }

    @Test(arguments: cases)
    func everyViewNamesTheSameCondition(_ entry: Case) async throws {
        let folder = TemporaryFolder("newsfeed-conditions")
        try folder.write(entry.config, to: ConfigLoader.defaultFileName)
        let config = try ConfigLoader.load(path: ConfigLoader.defaultFileName, workingDirectory: folder.url)
        let output = OutputFolder(root: config.output)
        try output.prepare()
        try output.stateStore.save(entry.state)
        var seen: [String: String] = [:]

        // The index page `build` writes.
        try FeedIndexWriter(config: config).write(to: output, state: entry.state, now: Self.now, apiKey: nil)
        let index = try String(contentsOf: output.fileURL(relativePath: "index.html"), encoding: .utf8)
        seen["index"] = Self.marks(in: index).first

        // `status` and `status --json`.
        let json = await CLIRun.newsfeed(["status", "--json"], in: folder.url, clock: Self.now)
        #expect(json.status == 0, "\(json.standardError)")
        let statusFeed = try Self.firstFeed(of: json.standardOutput)
        seen["status --json"] = statusFeed["condition"] as? String
        let text = await CLIRun.newsfeed(["status"], in: folder.url, clock: Self.now)
        let words = text.standardOutput.split(separator: "\n").first?.components(separatedBy: ", ")
        seen["status"] = words.flatMap { words in Self.labels.first { $0.value == words[1] }?.key }

        // What `serve` answers for the same config and folder.
        var configuration = StaticFileHandler.Configuration(
            baseURL: try #require(URL(string: BuildWorkspace.site)), now: { Self.now })
        configuration.status = StatusEndpoints(config: config, apiKey: nil, metrics: ServerMetrics())
        let handler = try StaticFileHandler(root: config.output.path, configuration: configuration)
        func body(_ path: String) -> String {
            let response = handler.response(to: HTTPRequest(method: "GET", target: path))
            #expect(response.status == 200 || path == "/healthz", "\(path): \(response.status)")
            return response.bodyText
        }
        seen["/status"] = Self.marks(in: body("/status")).first
        let servedFeed = try Self.firstFeed(of: body("/status.json"))
        seen["/status.json"] = servedFeed["condition"] as? String
        let health = try #require(
            try JSONSerialization.jsonObject(with: Data(body("/healthz").utf8)) as? [String: Any])
        seen["/healthz"] = (health["conditions"] as? [String: String])?[entry.feed]
        let metrics = body("/metrics").split(separator: "\n").filter {
            $0.hasPrefix("newsfeed_feed_condition{") && $0.hasSuffix(" 1")
        }
        #expect(metrics.count == 1, "\(metrics)")
        seen["/metrics"] = metrics.first.flatMap { line in
            FeedCondition.names.first { line.contains("condition=\"\($0)\"") }
        }

        let views = ["index", "status", "status --json", "/status", "/status.json", "/healthz", "/metrics"]
        for view in views {
            #expect(seen[view] == entry.name, "\(view) says \(seen[view] ?? "nothing") for \(entry.name)")
        }

        // What follows from the condition agrees too.
        let failing = entry.name == "failing"
        let paused = entry.name.hasPrefix("paused")
        #expect(statusFeed["failing"] as? Bool == failing)
        #expect(statusFeed["paused"] as? Bool == paused)
        let healthFailing = (health["failing"] as? [[String: Any]])?.compactMap { $0["feed"] as? String }
        #expect(healthFailing == (failing ? [entry.feed] : []))
        #expect((health["paused"] is NSNull) == !paused)
        #expect(index.contains("1 failing") == failing)
        #expect(body("/status").contains("1 failing") == failing)
        #expect(index.contains("1 paused") == paused)
        #expect(body("/status").contains("1 paused") == paused)
        if let nextDue = entry.nextDue {
            #expect(statusFeed["nextDue"] as? String == nextDue.formatted(.iso8601))
        }
        if entry.name == "gone" {
            #expect(statusFeed["nextDue"] is NSNull)
            #expect(index.contains("1 gone") && body("/status").contains("1 gone"))
            #expect(text.standardOutput.contains("problem: feed/gone: gone: it answered HTTP 410"))
        }
        if entry.name == "paused-by-key" {
            #expect(statusFeed["nextDue"] is NSNull)
            #expect(text.standardOutput.contains("next due when the NewsAPI key changes"))
        }
    }

    /// The `data-condition` names of the page, in order.
    static func marks(in page: String) -> [String] {
        page.components(separatedBy: "data-condition=\"").dropFirst().compactMap {
            $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
    }

    /// The first feed object of a status JSON document.
    static func firstFeed(of json: String) throws -> [String: Any] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let feeds = try #require(document["feeds"] as? [[String: Any]])
        return try #require(feeds.first)
    }
}
