import Foundation
import TestSupport
import Testing

/// `newsfeed status`, `status --json` and `status --check`, after real scheduled builds against the stub.
@Suite struct StatusCommandTests {
    typealias S = ScheduleFixtures

    /// `status --json` decoded.
    static func document(_ run: CommandRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    @Test func jsonSaysWhatEveryFeedAndTheQuotaAreDoing() async throws {
        try await BuildWorkspace.with(config: S.config(quota: #"{"requestsPerDay": 4}"#), answers: S.answers()) {
            workspace in
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 600)
            let run = await workspace.run(["status", "--json"], environment: ["NEWSAPI_KEY": nil])
            #expect(run.status == 0, "no key needed: \(run.standardError)")
            let document = try Self.document(run)
            let feeds = try #require(document["feeds"] as? [[String: Any]])
            #expect(feeds.map { $0["path"] as? String } == S.sixFeeds)
            let health = try #require(feeds.first { $0["path"] as? String == "us/health" })
            #expect(health["kind"] as? String == "headlines")
            #expect(health["lastSuccess"] as? String == "2024-05-02T12:00:00Z")
            #expect(health["items"] as? Int == 1)
            #expect(health["newItems"] as? Int == 1)
            #expect(health["deadImages"] as? Int == 0)
            #expect(health["nextDue"] as? String == "2024-05-04T00:01:00Z")
            #expect(health["lastError"] is NSNull)
            let sports = try #require(feeds.first { $0["path"] as? String == "us/sports" })
            #expect(sports["lastSuccess"] is NSNull)
            #expect(sports["items"] is NSNull)
            let quota = try #require(document["quota"] as? [String: Any])
            #expect(quota["used"] as? [String: Int] == ["24h": 4, "12h": 4])
            #expect(quota["remaining"] as? [String: Int] == ["24h": 0, "12h": 46])
            #expect(quota["limits"] as? [String: Int] == ["24h": 4, "12h": 50])
            #expect(quota["paused"] is NSNull)
            #expect(await workspace.run(["status", "--check"]).standardOutput.isEmpty)

            let text = await workspace.run(["status"])
            #expect(text.status == 0)
            #expect(text.outputLines.count == 8)
            #expect(
                text.outputLines[3]
                    == "us/health (headlines), not due, last success 2024-05-02 12:00 UTC, next due 2024-05-04 00:01 UTC, every 1d12h1m, 1 item (1 new in the last build), 0 dead images"
            )
            #expect(
                text.outputLines[6]
                    == "quota: 4 of 4 requests used in the last 24 h, 4 of 50 in the last 12 h; scheduled builds may spend 0 more in the 24 h window, 46 in the 12 h window; reserve 0 for build --only"
            )
            #expect(text.outputLines[7] == "paused: no")
        }
    }

    /// Without `rss` among the formats, items are counted from the history in `.newsfeed/history/`.
    @Test(arguments: [#"["atom", "json"]"#, #"["html"]"#])
    func itemsAreCountedFromTheHistoryWhenRSSIsNotWritten(formats: String) async throws {
        try await BuildWorkspace.with(config: BuildFormatsTests.config(formats: formats)) { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("a"), .story("b")]))
            #expect(await workspace.build().status == 0)
            #expect(!FileManager.default.fileExists(atPath: BuildFormatsTests.file(workspace, .rss).path))
            let run = await workspace.run(["status", "--json"], environment: ["NEWSAPI_KEY": nil])
            #expect(run.status == 0, "\(run.standardError)")
            let feeds = try #require(try Self.document(run)["feeds"] as? [[String: Any]])
            #expect(feeds.first?["items"] as? Int == 2)
            #expect(await workspace.run(["status"]).outputLines.first?.contains(", 2 items (2 new") == true)
        }
    }

    @Test func aRateLimitShowsAsAPauseButIsNoProblemUntilFeedsGoStale() async throws {
        var answers = S.answers(["us/health", "us/science"])
        answers["us/science"] = S.rateLimited
        try await BuildWorkspace.with(config: S.config(["us/health", "us/science"]), answers: answers) { workspace in
            #expect(await workspace.build().status == 1)
            let json = await workspace.run(["status", "--json"])
            let quota = try #require(try Self.document(json)["quota"] as? [String: Any])
            let paused = try #require(quota["paused"] as? [String: Any])
            #expect(paused["cause"] as? String == "rateLimited")
            #expect(paused["until"] as? String == "2024-05-02T13:00:00Z")
            #expect(paused["untilKeyChanges"] as? Bool == false)
            let check = await workspace.run(["status", "--check"])
            #expect(check.status == 0, "\(check.standardOutput)")
            #expect(check.standardOutput.isEmpty)
            let lines = await workspace.run(["status"]).outputLines
            #expect(lines.contains { $0.hasPrefix("paused: since 2024-05-02 12:00 UTC until 2024-05-02 13:00 UTC") })
            // Listed among the problems every view shows, as /status does (`status --check` does not alert on it).
            #expect(lines.last?.hasPrefix("problem: NewsAPI: paused since 2024-05-02 12:00 UTC") == true, "\(lines)")

            // Past twice the interval without a success the feeds are stale: a problem.
            workspace.clock.advance(by: 2 * 3600 + 60)
            let stale = await workspace.run(["status", "--check"])
            #expect(stale.status == 1)
            #expect(
                stale.outputLines == [
                    "us/health: stale: no success since 2024-05-02 12:00 UTC, over twice its 1h interval",
                    "us/science: stale: no success ever, over twice its 1h interval",
                ])
        }
    }

    @Test func aBadKeyIsAProblemUntilTheKeyChanges() async throws {
        var answers = S.answers(["us/health", "us/science"])
        answers["us/health"] = S.badKey
        try await BuildWorkspace.with(config: S.config(["us/health", "us/science"]), answers: answers) { workspace in
            #expect(await workspace.build().status == 1)
            let check = await workspace.run(["status", "--check"])
            #expect(check.status == 1)
            #expect(
                check.outputLines == [
                    "NewsAPI: paused until the key changes (NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid.)"
                ])
            let same = await workspace.run(["status", "--json"])
            let paused = try #require((try Self.document(same)["quota"] as? [String: Any])?["paused"] as? [String: Any])
            #expect(paused["untilKeyChanges"] as? Bool == true)
            #expect(paused["keyStillRefused"] as? Bool == true)
            #expect(paused["until"] is NSNull)
            let unknown = await workspace.run(["status", "--json"], environment: ["NEWSAPI_KEY": nil])
            let unknownPause = (try Self.document(unknown)["quota"] as? [String: Any])?["paused"] as? [String: Any]
            #expect(unknownPause?["keyStillRefused"] is NSNull, "without a key, status cannot tell")
            let changed = await workspace.run(["status", "--check"], environment: ["NEWSAPI_KEY": "a-new-key"])
            #expect(changed.status == 0, "\(changed.standardOutput)")
            let text = await workspace.run(["status"], environment: ["NEWSAPI_KEY": "a-new-key"])
            #expect(text.outputLines.last?.hasSuffix("NEWSAPI_KEY has changed: the next build resumes") == true)
        }
    }

    @Test func twoFailedAttemptsInARowAreFailing() async throws {
        var answers = S.answers(["us/health"])
        answers["us/health"] = .respond(status: 500, headers: [:], body: Data("oops".utf8))
        try await BuildWorkspace.with(config: S.config(["us/health"]), answers: answers) { workspace in
            #expect(await workspace.build().status == 1)
            #expect(await workspace.run(["status", "--check"]).status == 0, "one failure is not yet failing")
            // A failure is retried after a 10-minute backoff, not a whole (36 h) interval.
            let afterOne = try #require(
                (try Self.document(await workspace.run(["status", "--json"]))["feeds"] as? [[String: Any]])?.first)
            #expect(afterOne["nextDue"] as? String == "2024-05-02T12:10:00Z")
            #expect(
                await workspace.run(["status"]).outputLines.first?.contains("next due 2024-05-02 12:10 UTC") == true)
            workspace.clock.advance(by: 3600)
            #expect(await workspace.build().status == 1)
            #expect(workspace.stub.requests.count == 2, "retried")
            let afterTwo = try #require(
                (try Self.document(await workspace.run(["status", "--json"]))["feeds"] as? [[String: Any]])?.first)
            #expect(afterTwo["nextDue"] as? String == "2024-05-02T13:20:00Z", "then 20 minutes")
            let check = await workspace.run(["status", "--check"])
            #expect(check.status == 1)
            #expect(
                check.outputLines.first?.hasPrefix(
                    "us/health: failing: its last attempts failed (NewsAPI answered HTTP 500") == true)
            let feed = try #require(
                (try Self.document(await workspace.run(["status", "--json"]))["feeds"] as? [[String: Any]])?.first)
            #expect(feed["failing"] as? Bool == true)
            #expect(feed["lastErrorAt"] as? String == "2024-05-02T13:00:00Z")
        }
    }

    /// A feed paused on a refused key is due when the key changes, not "now"; the failed feed's reason
    /// loses its own full stop before the line goes on; JSON says the same (`nextDue` null, `paused`).
    @Test func aFeedPausedOnABadKeyIsDueWhenTheKeyChanges() async throws {
        var answers = S.answers(["us/health", "us/science"])
        answers["us/health"] = S.badKey
        try await BuildWorkspace.with(config: S.config(["us/health", "us/science"]), answers: answers) { workspace in
            #expect(await workspace.build().status == 1)
            let text = await workspace.run(["status"])
            #expect(
                text.outputLines[0]
                    == "us/health (headlines), paused by the key, last success never, last error 2024-05-02 12:00 UTC: NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid, next due when the NewsAPI key changes, every 1h, 0 items (0 new in the last build), 0 dead images"
            )
            #expect(text.outputLines[1].contains(", next due when the NewsAPI key changes, "), "\(text.outputLines[1])")
            #expect(!text.standardOutput.contains("next due now"))
            let feeds = try #require(
                try Self.document(await workspace.run(["status", "--json"]))["feeds"] as? [[String: Any]])
            for feed in feeds {
                #expect(feed["nextDue"] is NSNull)
                #expect(feed["paused"] as? Bool == true)
            }
            // A key that is not the refused one resumes at the next build: the feeds are due as scheduled.
            let fixed = await workspace.run(["status", "--json"], environment: ["NEWSAPI_KEY": "another-key"])
            let fixedFeeds = try #require(try Self.document(fixed)["feeds"] as? [[String: Any]])
            #expect(fixedFeeds.allSatisfy { $0["paused"] as? Bool == false })
            #expect(
                !(await workspace.run(["status"], environment: ["NEWSAPI_KEY": "another-key"]).standardOutput
                    .contains("when the NewsAPI key changes,")))
        }
    }

    /// During a rate-limit pause a feed is next due when the pause ends, even when its interval ends sooner.
    @Test func aFeedPausedOnARateLimitIsDueAtThePausesEnd() async throws {
        var answers = S.answers(["us/health", "us/science"])
        answers["us/science"] = .error(
            429, code: "rateLimited", message: "You have made too many requests!", headers: ["Retry-After": "7200"])
        try await BuildWorkspace.with(config: S.config(["us/health", "us/science"]), answers: answers) { workspace in
            #expect(await workspace.build().status == 1)
            let feeds = try #require(
                try Self.document(await workspace.run(["status", "--json"]))["feeds"] as? [[String: Any]])
            #expect(feeds.map { $0["nextDue"] as? String } == ["2024-05-02T14:00:00Z", "2024-05-02T14:00:00Z"])
            #expect(feeds.allSatisfy { $0["paused"] as? Bool == true })
            let text = await workspace.run(["status"])
            #expect(text.outputLines[0].contains(", next due 2024-05-02 14:00 UTC, "), "\(text.outputLines[0])")
            #expect(
                text.outputLines[1].contains(
                    "last error 2024-05-02 12:00 UTC: NewsAPI rateLimited (HTTP 429): You have made too many requests, retry after 7200 s, next due 2024-05-02 14:00 UTC"
                ), "\(text.outputLines[1])")
            // Once the pause is over, no feed says paused.
            workspace.clock.advance(by: 7200)
            let after = try #require(
                try Self.document(await workspace.run(["status", "--json"]))["feeds"] as? [[String: Any]])
            #expect(after.allSatisfy { $0["paused"] as? Bool == false })
        }
    }

    /// Past moments are rounded down (a success at 12:00:46 was at 12:00, not 12:01 still to come),
    /// moments to come up (due at 13:00:46 is due at 13:01).
    @Test func pastTimesRoundDownAndTimesToComeRoundUp() async throws {
        try await BuildWorkspace.with(config: S.config(["us/health"]), answers: S.answers(["us/health"])) {
            workspace in
            workspace.clock.advance(by: 46)
            #expect(await workspace.build().status == 0)
            let line = try #require(await workspace.run(["status"]).outputLines.first)
            #expect(line.contains("last success 2024-05-02 12:00 UTC, next due 2024-05-02 13:01 UTC"), "\(line)")
            workspace.clock.advance(by: 3 * 3600)
            let stale = await workspace.run(["status", "--check"])
            #expect(
                stale.outputLines == [
                    "us/health: stale: no success since 2024-05-02 12:00 UTC, over twice its 1h interval"
                ])
        }
    }

    /// "New" is new to this feed: a story another feed showed first in the same run is new here too.
    @Test func newItemsAreCountedPerFeed() async throws {
        let config =
            #"{"site": "\#(BuildWorkspace.site)", "feeds": [{"country": "us", "category": "health"}, {"country": "us"}]}"#
        try await BuildWorkspace.with(config: config) { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("a"), .story("b")]))
            workspace.stub.answer("us/", with: .articles([.story("a"), .story("b"), .story("c")]))
            let first = await workspace.build()
            #expect(
                first.outputLines == [
                    "us/health: written, 2 items (2 new)", "us/all: written, 3 items (3 new)",
                    "2 feeds: 2 written, 0 unchanged, 0 failed",
                ], "\(first.standardError)")
            let feeds = try #require(
                try Self.document(await workspace.run(["status", "--json"]))["feeds"] as? [[String: Any]])
            #expect(feeds.map { $0["newItems"] as? Int } == [2, 3])
            // Later: `d` was seen by us/all first, and is still new to us/health.
            workspace.stub.answer("us/", with: .articles([.story("d"), .story("a"), .story("b"), .story("c")]))
            workspace.stub.answer("us/health", with: .articles([.story("d"), .story("a"), .story("b")]))
            let second = await workspace.build(["--force", "--only", "us/all", "--only", "us/health"])
            #expect(
                second.outputLines.prefix(2) == [
                    "us/health: written, 3 items (1 new)", "us/all: written, 4 items (1 new)",
                ])
        }
    }

    @Test func statusAndCheckAreUsageErrorsTogether() async throws {
        try await BuildWorkspace.with { workspace in
            let run = await workspace.run(["status", "--json", "--check"])
            #expect(run.status == 64)
            let noConfig = await workspace.run(["status", "--config", "missing.json"])
            #expect(noConfig.status == 78)
        }
    }
}
