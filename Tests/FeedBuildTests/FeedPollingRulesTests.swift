import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// The polling rules of publishers' feeds (issue 27, points 5 and 11): a feed is never polled more often than its
/// `ttl`, `sy:updatePeriod`, `Cache-Control: max-age` or `Retry-After` ask; a 429 or 503 backs its host off; a
/// 301 or 308 is remembered and said; a 410 is `gone`; `--force` overrides none of these, `--only` lifts a 410.
@Suite struct FeedPollingRulesTests {
    static func rss(ttl: String = "", items: String = "a") -> String {
        """
        <?xml version="1.0"?><rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
        <channel><title>Polled</title><link>https://polled.example/</link>\(ttl)
        <item><title>Story \(items)</title><link>https://polled.example/\(items)</link>
        <pubDate>Thu, 02 May 2024 09:30:00 GMT</pubDate></item></channel></rss>
        """
    }

    static func config(_ base: String) -> String {
        """
        {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true,
         "feeds": [{"feed": "\(base)/one.xml", "name": "one"}, {"feed": "\(base)/two.xml", "name": "two"}]}
        """
    }

    static func with(
        _ answers: [String: FeedHostStub.Answer], _ body: (BuildWorkspace, FeedHostStub, String) async throws -> Void
    ) async throws {
        let host = FeedHostStub(answers)
        try await withLoopbackHost(host) { base in
            try await BuildWorkspace.with(config: config(base)) { workspace in
                try await body(workspace, host, base)
            }
        }
    }

    static func requests(_ host: FeedHostStub, _ path: String) -> Int { host.paths.filter { $0 == path }.count }

    static func statusJSON(_ workspace: BuildWorkspace) async throws -> [String: Any] {
        let run = await workspace.run(["status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    static func source(_ status: [String: Any], feed: String) throws -> [String: Any] {
        let feeds = try #require(status["feeds"] as? [[String: Any]])
        let entry = try #require(feeds.first { $0["path"] as? String == feed })
        let sources = try #require(entry["sources"] as? [[String: Any]])
        return try #require(sources.first)
    }

    // MARK: - The feed's own interval

    @Test(arguments: [
        ("<ttl>120</ttl>", 7200.0, "ttl"),
        (
            "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency>", 21_600,
            "sy:updatePeriod"
        ),
        ("<sy:updatePeriod>yearly</sy:updatePeriod>", 86_400, "sy:updatePeriod"),
    ])
    func aFeedIsNeverPolledMoreOftenThanItAsks(element: String, seconds: Double, by: String) async throws {
        try await Self.with(["/one.xml": .init(Self.rss(ttl: element)), "/two.xml": .init(Self.rss())]) {
            workspace, host, _ in
            #expect(await workspace.build().status == 0)
            let start = workspace.clock.reading()
            let source = try Self.source(try await Self.statusJSON(workspace), feed: "feed/one")
            #expect(source["nextPollSetBy"] as? String == by)
            #expect(source["lastAnswer"] as? String == "200")
            #expect(source["itemsRead"] as? Int == 1)
            let next = try #require((source["nextPoll"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
            #expect(next == start.addingTimeInterval(seconds))
            // Past `every` (30 minutes) but before what the feed asked: not polled, even with --force.
            workspace.clock.advance(by: 3600)
            #expect(await workspace.build().status == 0)
            #expect(Self.requests(host, "/one.xml") == 1)
            #expect(Self.requests(host, "/two.xml") == 2, "the other feed keeps its own 30 minutes")
            workspace.clock.advance(by: seconds)
            #expect(await workspace.build().status == 0)
            #expect(Self.requests(host, "/one.xml") == 2)
        }
    }

    @Test func cacheControlMaxAgeStretchesTheInterval() async throws {
        var answer = FeedHostStub.Answer(Self.rss())
        answer.headers = ["Cache-Control": "public, max-age=5400"]
        try await Self.with(["/one.xml": answer, "/two.xml": .init(Self.rss())]) { workspace, host, _ in
            #expect(await workspace.build().status == 0)
            let source = try Self.source(try await Self.statusJSON(workspace), feed: "feed/one")
            #expect(source["nextPollSetBy"] as? String == "Cache-Control: max-age")
            workspace.clock.advance(by: 3600)
            #expect(await workspace.build().status == 0)
            #expect(Self.requests(host, "/one.xml") == 1)
            workspace.clock.advance(by: 3700)
            #expect(await workspace.build().status == 0)
            #expect(Self.requests(host, "/one.xml") == 2)
        }
    }

    // MARK: - Retry-After and host back-off

    @Test func aTooManyRequestsAnswerBacksOffTheWholeHostAndForceDoesNotOverrideIt() async throws {
        var busy = FeedHostStub.Answer(status: 429, contentType: "text/plain", "slow down")
        busy.headers = ["Retry-After": "7200"]
        try await Self.with(["/one.xml": busy, "/two.xml": .init(Self.rss())]) { workspace, host, base in
            let first = await workspace.build()
            #expect(first.status == 1)
            #expect(first.outputLines.first { $0.hasPrefix("feed/one:") }?.contains("HTTP 429") == true)
            // `two` on the same host went before `one` failed, or was held: either way one request at most.
            let twoBefore = Self.requests(host, "/two.xml")
            workspace.clock.advance(by: 1800)
            let forced = await workspace.build(["--force"])
            #expect(Self.requests(host, "/one.xml") == 1, "no request to a host backing off, even with --force")
            #expect(Self.requests(host, "/two.xml") == twoBefore)
            let held = try #require(forced.outputLines.first { $0.hasPrefix("feed/one:") })
            #expect(held.contains("not polled") && held.contains("backed off until"), "\(held)")
            let source = try Self.source(try await Self.statusJSON(workspace), feed: "feed/two")
            #expect(source["nextPollSetBy"] as? String == "back-off")
            let status = await workspace.run(["status"])
            #expect(status.standardOutput.contains("source \(base)/one.xml, last answer HTTP 429"))
            // The back-off over, the host is polled again, and a good answer ends it.
            host.set("/one.xml", .init(Self.rss()))
            workspace.clock.advance(by: 5500)
            #expect(await workspace.build().status == 0)
            #expect(Self.requests(host, "/one.xml") == 2)
            #expect(try workspace.state().hostHolds.isEmpty)
        }
    }

    @Test func aServiceUnavailableWithoutRetryAfterBacksOffTenMinutesThenLonger() async throws {
        let busy = FeedHostStub.Answer(status: 503, contentType: "text/plain", "down")
        try await Self.with(["/one.xml": busy, "/two.xml": busy]) { workspace, host, _ in
            _ = await workspace.build(["--only", "feed/one"])
            let start = workspace.clock.reading()
            var hold = try #require(try workspace.state().hostHolds.values.first)
            #expect(hold.until == start.addingTimeInterval(600))
            workspace.clock.advance(by: 601)
            _ = await workspace.build(["--only", "feed/one"])
            hold = try #require(try workspace.state().hostHolds.values.first)
            #expect(hold.count == 2)
            #expect(hold.until == workspace.clock.reading().addingTimeInterval(1200))
            #expect(Self.requests(host, "/two.xml") == 0)
        }
    }

    @Test func aFeedNamedByOnlyThatWaitsAsAskedIsNoFailure() async throws {
        var answer = FeedHostStub.Answer(Self.rss())
        answer.headers = ["Retry-After": "5000"]
        try await Self.with(["/one.xml": answer, "/two.xml": .init(Self.rss())]) { workspace, host, _ in
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 60)
            let named = await workspace.build(["--only", "feed/one"])
            #expect(named.status == 0, "\(named.outputLines)")
            #expect(named.outputLines.contains { $0.hasPrefix("feed/one: not polled: its server asked to wait") })
            #expect(named.outputLines.last?.contains("0 failed; 1 waiting as asked") == true, "\(named.outputLines)")
            #expect(Self.requests(host, "/one.xml") == 1)
        }
    }

    @Test func retryAfterOnAGoodAnswerIsHonouredToo() async throws {
        var answer = FeedHostStub.Answer(Self.rss())
        answer.headers = ["Retry-After": "5000"]
        try await Self.with(["/one.xml": answer, "/two.xml": .init(Self.rss())]) { workspace, host, _ in
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 3700)
            _ = await workspace.build(["--force"])
            #expect(Self.requests(host, "/one.xml") == 1)
            #expect(Self.requests(host, "/two.xml") == 2)
        }
    }

    // MARK: - Moved and gone

    @Test(arguments: [301, 308])
    func aPermanentRedirectIsFollowedAndSaid(status: Int) async throws {
        try await Self.with([:]) { workspace, host, base in
            host.set("/one.xml", .redirect(status, to: "\(base)/new/one.xml"))
            host.set("/new/one.xml", .init(Self.rss()))
            host.set("/two.xml", .init(Self.rss()))
            #expect(await workspace.build().status == 0)
            #expect(try workspace.snapshot("feed/one").stories.count == 1)
            let status = await workspace.run(["status"])
            #expect(
                status.standardOutput.contains(
                    "feed/one: moved permanently to \(base)/new/one.xml; update the config"), "\(status.standardOutput)"
            )
            let source = try Self.source(try await Self.statusJSON(workspace), feed: "feed/one")
            #expect(source["movedTo"] as? String == "\(base)/new/one.xml")
            // Remembered: the next polls ask the new address directly, and status still says to update the config.
            workspace.clock.advance(by: 3700)
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 3700)
            #expect(await workspace.build().status == 0)
            #expect(Self.requests(host, "/one.xml") == 1)
            #expect(Self.requests(host, "/new/one.xml") == 3)
            let after = try Self.source(try await Self.statusJSON(workspace), feed: "feed/one")
            #expect(after["movedTo"] as? String == "\(base)/new/one.xml")
        }
    }

    @Test func aTemporaryRedirectIsNoMove() async throws {
        try await Self.with([:]) { workspace, host, base in
            host.set("/one.xml", .redirect(302, to: "\(base)/new/one.xml"))
            host.set("/new/one.xml", .init(Self.rss()))
            host.set("/two.xml", .init(Self.rss()))
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 3700)
            #expect(await workspace.build().status == 0)
            #expect(Self.requests(host, "/one.xml") == 2)
            let source = try Self.source(try await Self.statusJSON(workspace), feed: "feed/one")
            #expect(source["movedTo"] is NSNull)
        }
    }

    @Test func aGoneFeedIsNotPolledUntilOnlyNamesIt() async throws {
        try await Self.with([
            "/one.xml": .init(Self.rss()), "/two.xml": .init(Self.rss()),
        ]) { workspace, host, _ in
            #expect(await workspace.build().status == 0)
            host.set("/one.xml", .init(status: 410, contentType: "text/plain", "gone"))
            workspace.clock.advance(by: 3700)
            _ = await workspace.build()
            let json = try await Self.statusJSON(workspace)
            let feeds = try #require(json["feeds"] as? [[String: Any]])
            #expect(feeds.first { $0["path"] as? String == "feed/one" }?["condition"] as? String == "gone")
            #expect(try Self.source(json, feed: "feed/one")["goneSince"] is String)
            #expect(try workspace.snapshot("feed/one").stories.count == 1, "the last good output stays")
            // Neither schedule nor --force polls it again.
            workspace.clock.advance(by: 7200)
            let forced = await workspace.build(["--force"])
            #expect(forced.status == 0, "a gone feed does not fail every run: \(forced.outputLines)")
            #expect(Self.requests(host, "/one.xml") == 2)
            #expect(forced.outputLines.contains { $0.hasPrefix("feed/one: not polled: gone (HTTP 410)") })
            let status = await workspace.run(["status"])
            #expect(status.standardOutput.contains("feed/one (feed), gone"))
            #expect(status.standardOutput.contains("next due not while gone"), "\(status.standardOutput)")
            #expect(
                try Self.source(try await Self.statusJSON(workspace), feed: "feed/one")["nextPollSetBy"] as? String
                    == "gone")
            #expect(status.standardOutput.contains("feed/one: gone: it answered HTTP 410"))
            // Named by --only, it is asked again; back, it is no longer gone.
            host.set("/one.xml", .init(Self.rss(items: "b")))
            #expect(await workspace.build(["--only", "feed/one"]).status == 0)
            #expect(Self.requests(host, "/one.xml") == 3)
            #expect(try workspace.snapshot("feed/one").stories.count == 2)
        }
    }

    @Test func aChangedURLForgetsWhatTheOldOneSaid() throws {
        let old = try ConfigLoader.parse(
            Data(#"{"feeds": [{"feed": "https://a.example/old.xml", "name": "a"}]}"#.utf8), path: "newsfeed.json",
            folder: URL(fileURLWithPath: "/srv"))
        let new = try ConfigLoader.parse(
            Data(#"{"feeds": [{"feed": "https://a.example/new.xml", "name": "a"}]}"#.utf8), path: "newsfeed.json",
            folder: URL(fileURLWithPath: "/srv"))
        let now = Date(timeIntervalSince1970: 1_714_651_200)
        var state = BridgeState()
        var record = SourcePollRecord(time: now, answer: "HTTP 410")
        record.goneSince = now
        state.feeds["feed/a"] = FeedRecord(lastAttempt: now, lastError: "HTTP 410", consecutiveFailures: 1)
        state.feeds["feed/a"]?.sources["https://a.example/old.xml"] = record
        let oldSpec = try #require(old.feeds.first)
        let newSpec = try #require(new.feeds.first)
        #expect(FeedScheduler(config: old).politeHold(for: oldSpec, state: state, now: now) == .gone(since: now))
        #expect(FeedScheduler(config: new).politeHold(for: newSpec, state: state, now: now) == nil)
        #expect(
            FeedScheduler(config: new).condition(for: newSpec, state: state, now: now, apiKey: nil) != .gone(since: now)
        )
    }

    // MARK: - Every view

    @Test func everyStatusViewShowsTheSourceRow() async throws {
        var answer = FeedHostStub.Answer(Self.rss(ttl: "<ttl>90</ttl>"))
        answer.etag = "\"v1\""
        try await Self.with(["/one.xml": answer, "/two.xml": .init(Self.rss())]) { workspace, _, base in
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 6000)
            #expect(await workspace.build().status == 0)
            let source = try Self.source(try await Self.statusJSON(workspace), feed: "feed/one")
            #expect(source["lastAnswer"] as? String == "304")
            #expect(source["bytes"] as? Int == 0)
            let text = await workspace.run(["status"]).standardOutput
            #expect(text.contains("  source \(base)/one.xml, last answer 304 "), "\(text)")
            #expect(text.contains("(set by ttl)"))
        }
    }
}
