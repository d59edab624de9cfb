import Foundation
import TestSupport
import Testing

/// `newsfeed build` under the scheduler, in-process against the NewsAPI stub with a moving clock.
@Suite struct ScheduledBuildTests {
    typealias S = ScheduleFixtures

    @Test func fourRequestsADayForSixFeedsAreNeverExceeded() async throws {
        try await BuildWorkspace.with(config: S.config(quota: #"{"requestsPerDay": 4}"#), answers: S.answers()) {
            workspace in
            let first = await workspace.build()
            #expect(first.status == 0, "\(first.standardError)")
            #expect(
                first.outputLines == [
                    "us/business: written, 1 item (1 new)", "us/entertainment: written, 1 item (1 new)",
                    "us/general: written, 1 item (1 new)", "us/health: written, 1 item (1 new)",
                    "us/science: quota left for 0 requests until 2024-05-03 12:00 UTC",
                    "us/sports: quota left for 0 requests until 2024-05-03 12:00 UTC",
                    "6 feeds: 4 written, 0 unchanged, 0 failed; 2 out of quota",
                ])
            for _ in 0..<11 {
                workspace.clock.advance(by: 2 * 3600)
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                #expect(run.outputLines.first == "us/business: not due, next at 2024-05-04 00:01 UTC")
                #expect(run.outputLines.contains("us/sports: quota left for 0 requests until 2024-05-03 12:00 UTC"))
            }
            #expect(workspace.stub.requests.count == 4, "at most 4 requests in any 24 hours")
            // The first requests age out of the window: the two feeds left over go first.
            workspace.clock.advance(by: 2 * 3600)
            let nextDay = await workspace.build()
            #expect(nextDay.status == 0)
            #expect(nextDay.outputLines.contains("us/science: written, 1 item (1 new)"))
            #expect(nextDay.outputLines.contains("us/sports: written, 1 item (1 new)"))
            #expect(workspace.stub.requests.count == 6)
            let state = try workspace.state()
            #expect(state.requests.count == 2, "the log forgets requests older than the longest window")
        }
    }

    /// A 401 to the first feed: that feed failed (exit 1), the feeds never attempted are paused, not failed,
    /// in their lines and in the summary; the next cron run exits 0 (a pause alone is no failure).
    @Test func feedsLeftByABadKeyArePausedNotFailed() async throws {
        var answers = S.answers(["us/health", "us/sports"])
        answers["us/health"] = S.badKey
        try await BuildWorkspace.with(config: S.config(["us/health", "us/sports"]), answers: answers) { workspace in
            let first = await workspace.build()
            #expect(first.status == 1, "the attempted feed failed")
            #expect(
                first.outputLines == [
                    "us/health: NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid; no feed written yet",
                    "us/sports: paused until the NewsAPI key changes",
                    "2 feeds: 0 written, 0 unchanged, 1 failed; 1 paused",
                ])
            #expect(!first.standardError.contains("us/sports"), "no failure line for a feed never attempted")
            workspace.clock.advance(by: 600)
            let next = await workspace.build(["--quiet"])
            #expect(next.status == 0, "\(next.standardError)")
            #expect(workspace.stub.requests.count == 1)
        }
    }

    /// Feeds named by `--only` that the pause leaves unfetched fail the run, and count as failed.
    @Test func requestedFeedsLeftByABadKeyAreFailures() async throws {
        var answers = S.answers(["us/health", "us/sports"])
        answers["us/health"] = S.badKey
        try await BuildWorkspace.with(config: S.config(["us/health", "us/sports"]), answers: answers) { workspace in
            let run = await workspace.build(["--only", "us/health", "--only", "us/sports"])
            #expect(run.status == 1)
            #expect(run.outputLines.last == "2 feeds: 0 written, 0 unchanged, 2 failed")
            #expect(run.errorLines.contains { $0.hasPrefix("us/sports: paused until the NewsAPI key changes") })
        }
    }

    @Test func aRateLimitWithRetryAfterStopsEveryLaterRunFromAsking() async throws {
        var answers = S.answers()
        answers["us/business"] = S.rateLimited
        try await BuildWorkspace.with(config: S.config(), answers: answers) { workspace in
            let first = await workspace.build()
            #expect(first.status == 1, "the attempted feed failed")
            #expect(workspace.stub.requests.count == 1)
            let pause = try #require(try workspace.state().pause)
            #expect(pause.cause == .rateLimited)
            #expect(pause.until == testNow.addingTimeInterval(3600))

            for _ in 0..<5 {
                workspace.clock.advance(by: 600)
                let run = await workspace.build(["--quiet"])
                #expect(run.status == 0, "a pause alone is no failure: \(run.standardError)")
                #expect(run.standardOutput.isEmpty && run.standardError.isEmpty)
            }
            workspace.clock.advance(by: 60)
            let paused = await workspace.build()
            // Each feed says only until when; NewsAPI's words come once, in the run's pause line.
            #expect(paused.outputLines.first == "us/business: paused until 2024-05-02 13:00 UTC")
            #expect(
                paused.outputLines.filter { $0.contains("too many requests") } == [
                    "newsfeed build: NewsAPI feeds are paused until 2024-05-02 13:00 UTC because NewsAPI refused a "
                        + "request (NewsAPI rateLimited (HTTP 429): You have made too many requests, retry after 3600 s)"
                ])
            #expect(paused.outputLines.filter { $0.hasSuffix("paused until 2024-05-02 13:00 UTC") }.count == 6)
            #expect(workspace.stub.requests.count == 1, "no request during the pause")
            // `--only` is refused by the pause too, and says so in its exit status.
            let only = await workspace.build(["--only", "us/health"])
            #expect(only.status == 1)
            #expect(only.errorLines.first?.hasPrefix("us/health: paused until 2024-05-02 13:00 UTC") == true)
            #expect(workspace.stub.requests.count == 1)

            workspace.stub.answer("us/business", with: .articles([.story("back")]))
            workspace.clock.advance(by: 600)
            let resumed = await workspace.build()
            #expect(resumed.status == 0, "\(resumed.standardError)")
            #expect(workspace.stub.requests.count == 7, "every feed once the pause is over")
            #expect(try workspace.state().pause == nil)
        }
    }

    /// Feeds built before the key went bad: the refused feed is not "not due" while the key stays bad,
    /// every NewsAPI feed says `paused`, and every run says why on stderr, `--quiet` included.
    @Test func feedsBuiltBeforeTheKeyWentBadSayPausedOnEveryRun() async throws {
        let config = """
            {"site": "\(BuildWorkspace.site)", "output": "Feeds", "feeds": [
              {"country": "us", "category": "health", "every": "6h"},
              {"country": "us", "category": "science", "every": "6h"}]}
            """
        try await BuildWorkspace.with(config: config, answers: S.answers(["us/health", "us/science"])) { workspace in
            #expect(await workspace.build().status == 0)
            // Within the feeds' interval: before the fix they read "not due" and the quiet run said nothing.
            workspace.clock.advance(by: 3600)
            workspace.stub.answer("us/health", with: S.badKey)
            #expect(await workspace.build(["--force"]).status == 1)
            let keyLine =
                "newsfeed build: NewsAPI feeds are paused because NewsAPI refused the key (NewsAPI apiKeyInvalid "
                + "(HTTP 401): Your API key is invalid) until the key changes; set NEWSAPI_KEY to a valid key"
            workspace.clock.advance(by: 600)
            let quiet = await workspace.build(["--quiet"])
            #expect(quiet.status == 0)
            #expect(quiet.errorLines == [keyLine], "cron mails the bad key")
            let loud = await workspace.build()
            #expect(
                loud.outputLines.prefix(2) == [
                    "us/health: paused until the NewsAPI key changes",
                    "us/science: paused until the NewsAPI key changes",
                ])
            #expect(loud.errorLines == [keyLine])
            #expect(workspace.stub.requests.count == 3)
        }
    }

    @Test func aBadKeyPausesUntilTheKeyChanges() async throws {
        var answers = S.answers(["us/health", "us/science"])
        answers["us/health"] = S.badKey
        try await BuildWorkspace.with(config: S.config(["us/health", "us/science"]), answers: answers) { workspace in
            let first = await workspace.build()
            #expect(first.status == 1)
            #expect(workspace.stub.requests.count == 1)
            // Before any feed is stale, a quiet cron run still says the key was refused, once, on stderr.
            let keyLine =
                "newsfeed build: NewsAPI feeds are paused because NewsAPI refused the key (NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid) until the key changes; set NEWSAPI_KEY to a valid key"
            for _ in 0..<2 {
                workspace.clock.advance(by: 600)
                let quiet = await workspace.build(["--quiet"])
                #expect(quiet.status == 0, "a pause alone is no failed feed: \(quiet.standardError)")
                #expect(quiet.standardOutput.isEmpty)
                #expect(quiet.errorLines == [keyLine])
            }
            let loud = await workspace.build()
            #expect(loud.errorLines == [keyLine])
            #expect(loud.outputLines.first?.hasPrefix("us/health: paused until the NewsAPI key changes") == true)
            workspace.clock.advance(by: 3 * 3600)
            let again = await workspace.build()
            #expect(workspace.stub.requests.count == 1, "the refused key is not tried again")
            #expect(
                again.outputLines.first
                    == "us/health: paused until the NewsAPI key changes; no success for over twice its 1h interval"
            )
            #expect(again.status == 1, "the pause has left the feeds unbuilt for over twice their interval")
            let stateText = String(decoding: workspace.stateData ?? Data(), as: UTF8.self)
            #expect(!stateText.contains(BuildWorkspace.apiKey), "never the key itself")
            #expect(stateText.contains("keyFingerprint"))

            workspace.stub.answer("us/health", with: .articles([.story("fixed")]))
            let fixed = await workspace.run(["build"], environment: ["NEWSAPI_KEY": "a-new-key"])
            #expect(fixed.status == 0, "\(fixed.standardError)")
            #expect(workspace.stub.requests.count == 3, "a new key resumes at once")
            let state = try workspace.state()
            #expect(state.pause == nil)
        }
    }

    @Test func forceFetchesFeedsThatAreNotDueAndOnlyMaySpendTheReserve() async throws {
        let config = S.config(["us/health", "us/science"], quota: #"{"requestsPerDay": 10, "reserve": 2}"#)
        try await BuildWorkspace.with(config: config, answers: S.answers(["us/health", "us/science"])) {
            workspace in
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 60)
            let notDue = await workspace.build()
            #expect(notDue.outputLines.last == "2 feeds: 0 written, 0 unchanged, 0 failed; 2 not due")
            #expect(workspace.stub.requests.count == 2)
            for _ in 0..<3 { #expect(await workspace.build(["--force"]).status == 0) }
            #expect(workspace.stub.requests.count == 8, "forced, within the 8 unreserved requests")
            let spent = await workspace.build(["--force"])
            #expect(spent.status == 0, "out of quota is no failure for an unnamed feed")
            #expect(spent.outputLines.first?.hasPrefix("us/health: quota left for 0 requests until ") == true)
            #expect(workspace.stub.requests.count == 8)
            #expect(await workspace.build(["--only", "us/health"]).status == 0)
            #expect(await workspace.build(["--only", "us/health"]).status == 0)
            #expect(workspace.stub.requests.count == 10, "--only spends the reserve")
            let beyond = await workspace.build(["--only", "us/health"])
            #expect(beyond.status == 1, "a named feed that could not be fetched fails the run")
            #expect(beyond.errorLines.first?.hasPrefix("us/health: quota left for 0 requests until ") == true)
            #expect(workspace.stub.requests.count == 10)
        }
    }

    @Test func concurrentForcedBuildsKeepTheCountExact() async throws {
        let config = S.config(quota: #"{"requestsPerDay": 4}"#)
        try await BuildWorkspace.with(config: config, answers: S.answers()) { workspace in
            let statuses = await withTaskGroup(of: Int32.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        await CommandRun.run(
                            ["build", "--force"], environment: workspace.environment,
                            workingDirectory: workspace.folder.url, clock: workspace.clock.reading
                        ).status
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == [0, 0, 0, 0])
            #expect(workspace.stub.requests.count == 4, "four processes, one quota")
            let state = try workspace.state()
            #expect(state.requests.count == 4)
        }
    }
}
