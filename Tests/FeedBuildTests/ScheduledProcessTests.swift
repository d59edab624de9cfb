import Foundation
import NewsModel
import TestSupport
import Testing

/// The scheduler end to end with real `newsfeed` processes (the built executable, real
/// clock, real lock) against the loopback NewsAPI stub: what a cron user runs.
@Suite(.serialized) struct ScheduledProcessTests {
    typealias S = ScheduleFixtures

    /// `newsfeed <arguments>` as a child process in `folder`, talking to `stub`.
    static func newsfeed(_ arguments: [String], in folder: URL, stub: NewsAPIStub) async throws -> ChildProcess.Outcome
    {
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let environment = ChildProcess.loopbackEnvironment(overrides: [
            "NEWSAPI_KEY": BuildWorkspace.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString,
        ])
        return try await ChildProcess.run(
            program, arguments, environment: environment, workingDirectory: folder, timeout: .seconds(60))
    }

    static func document(_ outcome: ChildProcess.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any])
    }

    @Test func fourRequestsADayForSixFeedsAcrossRepeatedAndConcurrentRuns() async throws {
        let folder = TemporaryFolder("newsfeed-processes")
        try folder.write(S.config(quota: #"{"requestsPerDay": 4}"#), to: ConfigLoader.defaultFileName)
        let stub = try NewsAPIStub(S.answers())
        do {
            let first = try await Self.newsfeed(["build"], in: folder.url, stub: stub)
            #expect(first.status == 0, "\(first.summary)")
            #expect(first.outputText.contains("us/business: written, 1 item (1 new)"))
            #expect(first.outputText.contains("us/sports: quota left for 0 requests until "))
            // Repeated and concurrent runs, forced or not: the quota holds across processes.
            for _ in 0..<2 {
                let again = try await Self.newsfeed(["build"], in: folder.url, stub: stub)
                #expect(again.status == 0, "\(again.summary)")
                #expect(again.outputText.contains("us/business: not due, next at "))
            }
            async let one = Self.newsfeed(["build", "--force"], in: folder.url, stub: stub)
            async let two = Self.newsfeed(["build", "--force", "--quiet"], in: folder.url, stub: stub)
            let (forcedOne, forcedTwo) = try await (one, two)
            #expect(forcedOne.status == 0 && forcedTwo.status == 0, "\(forcedOne.summary) \(forcedTwo.summary)")
            #expect(stub.requests.count == 4, "at most 4 requests in total")
            let only = try await Self.newsfeed(["build", "--only", "us/sports"], in: folder.url, stub: stub)
            #expect(only.status == 1, "a named feed the quota refuses fails the run")
            #expect(stub.requests.count == 4)

            let status = try await Self.newsfeed(["status", "--json"], in: folder.url, stub: stub)
            #expect(status.status == 0, "\(status.summary)")
            let quota = try #require(try Self.document(status)["quota"] as? [String: Any])
            #expect((quota["used"] as? [String: Int])?["24h"] == 4)
            #expect((quota["remaining"] as? [String: Int])?["24h"] == 0)
            let check = try await Self.newsfeed(["status", "--check"], in: folder.url, stub: stub)
            #expect(check.status == 0, "\(check.outputText)")
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }

    @Test func aRetryAfterPauseStopsEveryLaterProcessFromAsking() async throws {
        let folder = TemporaryFolder("newsfeed-processes")
        try folder.write(S.config(), to: ConfigLoader.defaultFileName)
        var answers = S.answers()
        answers["us/business"] = S.rateLimited
        let stub = try NewsAPIStub(answers)
        do {
            let first = try await Self.newsfeed(["build"], in: folder.url, stub: stub)
            #expect(first.status == 1)
            #expect(stub.requests.count == 1)
            for _ in 0..<3 {
                let later = try await Self.newsfeed(["build"], in: folder.url, stub: stub)
                #expect(later.status == 0, "a pause alone is no failure: \(later.summary)")
                #expect(later.outputText.contains("us/health: paused until "))
            }
            #expect(stub.requests.count == 1, "no later run asked NewsAPI")
            let status = try await Self.newsfeed(["status", "--json"], in: folder.url, stub: stub)
            let paused = (try Self.document(status)["quota"] as? [String: Any])?["paused"] as? [String: Any]
            #expect(paused?["cause"] as? String == "rateLimited")
            let until = try #require(paused?["until"] as? String)
            let untilDate = try #require(ISO8601DateFormatter().date(from: until))
            #expect(abs(untilDate.timeIntervalSinceNow - 3600) < 120, "an hour from the refusal")
            let check = try await Self.newsfeed(["status", "--check"], in: folder.url, stub: stub)
            #expect(check.status == 0, "a rate-limit pause alone is no problem: \(check.outputText)")
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }
}
