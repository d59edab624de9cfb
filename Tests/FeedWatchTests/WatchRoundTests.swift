import FeedOutput
import FeedWatch
import Foundation
import NewsModel
import TestSupport
import Testing

@Suite struct WatchRoundTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test func appliesTheStatusRules() async throws {
        let checker = ScriptedImageChecker(answers: [
            "https://a.example/gone.jpg": .failed(cause: "HTTP 404", permanent: true, http: 404),
            "https://a.example/flaky.jpg": .failed(cause: "HTTP 500", permanent: false, http: 500),
            "https://b.example/private.jpg": .blocked(
                reason: "b.example resolves to 10.0.0.1, which is a private address (10.0.0.0/8)"),
        ])
        let urls = try [
            "https://a.example/gone.jpg", "https://a.example/flaky.jpg", "https://b.example/private.jpg",
            "https://c.example/ok.png",
        ].map(url)
        let round = WatchRound(settings: WatchSettings(), checker: checker)
        let first = await round.run(urls: urls, previous: [:], now: now)
        #expect(first.outcomes["https://a.example/gone.jpg"] == .dead(cause: "HTTP 404", http: 404))
        #expect(first.outcomes["https://a.example/flaky.jpg"] == .failing(cause: "HTTP 500", http: 500))
        #expect(first.outcomes["https://b.example/private.jpg"]?.wasChecked == true)
        #expect(first.records["https://b.example/private.jpg"]?.status == .blocked)
        #expect(first.outcomes["https://c.example/ok.png"] == .alive)
        #expect(first.records["https://c.example/ok.png"]?.length == 1234)
        #expect(first.records["https://c.example/ok.png"]?.mimeType == "image/png")

        // A minute later the failure does not count again: back-to-back rounds during a short
        // outage must not declare an image dead.
        let second = await round.run(urls: urls, previous: first.records, now: now.addingTimeInterval(60))
        #expect(second.outcomes["https://a.example/flaky.jpg"] == .failing(cause: "HTTP 500", http: 500))
        #expect(second.records["https://a.example/flaky.jpg"]?.consecutiveFailures == 1)
        #expect(second.outcomes["https://c.example/ok.png"] == .recentlyChecked)

        // Past the failure spacing (10 minutes by default) the second failure counts.
        let third = await round.run(urls: urls, previous: second.records, now: now.addingTimeInterval(11 * 60))
        #expect(third.outcomes["https://a.example/flaky.jpg"] == .dead(cause: "HTTP 500", http: 500))
        #expect(third.records["https://a.example/flaky.jpg"]?.consecutiveFailures == 2)
    }

    @Test func recentlyAliveIsNotCheckedButDeadAndStaleAre() async throws {
        let checker = ScriptedImageChecker()
        let previous: [String: ImageRecord] = [
            "https://a.example/fresh.jpg": ImageRecord(status: .alive, lastChecked: now.addingTimeInterval(-3600)),
            "https://a.example/stale.jpg": ImageRecord(status: .alive, lastChecked: now.addingTimeInterval(-7 * 3600)),
            "https://a.example/dead.jpg": ImageRecord(status: .dead, lastChecked: now.addingTimeInterval(-60)),
        ]
        let round = WatchRound(settings: WatchSettings(recheck: .hours(6)), checker: checker)
        let result = await round.run(urls: try previous.keys.sorted().map(url), previous: previous, now: now)
        #expect(
            checker.tally.withLock { $0.calls.sorted() } == [
                "https://a.example/dead.jpg", "https://a.example/stale.jpg",
            ])
        #expect(result.outcomes["https://a.example/fresh.jpg"] == .recentlyChecked)
        #expect(result.records["https://a.example/fresh.jpg"] == previous["https://a.example/fresh.jpg"])
        #expect(result.records["https://a.example/dead.jpg"]?.status == .alive)
    }

    @Test func duplicatesAreCheckedOnceAndValidatorsArePassedOn() async throws {
        let checker = ScriptedImageChecker()
        let known = ImageRecord(status: .failing, consecutiveFailures: 1, etag: "\"v0\"")
        let round = WatchRound(settings: WatchSettings(), checker: checker)
        let same = try url("https://a.example/x.jpg")
        _ = await round.run(urls: [same, same, same], previous: [same.absoluteString: known], now: now)
        #expect(checker.tally.withLock { $0.calls } == [same.absoluteString])
        #expect(checker.tally.withLock { $0.previousSeen[same.absoluteString] } == known)
    }

    @Test func keepsTheGlobalConcurrencyCap() async throws {
        let checker = ScriptedImageChecker(delay: .milliseconds(20))
        let urls = try (0..<40).map { try url("https://host\($0).example/i.jpg") }
        let round = WatchRound(settings: WatchSettings(concurrency: 8), checker: checker)
        let result = await round.run(urls: urls, previous: [:], now: now)
        #expect(result.outcomes.values.allSatisfy { $0 == .alive })
        let peak = checker.tally.withLock { $0.maxInFlight }
        #expect(peak <= 8)
        #expect(peak >= 2)
    }

    @Test func keepsThePerHostCapWhileOtherHostsProceed() async throws {
        let checker = ScriptedImageChecker(delay: .milliseconds(20))
        let busy = try (0..<20).map { try url("https://busy.example/\($0).jpg") }
        let quiet = try (0..<4).map { try url("https://quiet\($0).example/i.jpg") }
        let round = WatchRound(settings: WatchSettings(concurrency: 10, perHost: 3), checker: checker)
        let result = await round.run(urls: busy + quiet, previous: [:], now: now)
        #expect(result.outcomes.count == 24)
        #expect(checker.tally.withLock { $0.maxInFlightPerHost["busy.example"] } == 3)
    }

    @Test func urlsNotReachedBeforeTheDeadlineAreSkippedNotFailed() async throws {
        // Two quick answers, then hosts that would take ten minutes: the deadline cuts those off.
        let urls = try (0..<10).map { try url("https://host\($0).example/i.jpg") }
        var delays: [String: Duration] = [:]
        for slow in urls.dropFirst(2) { delays[slow.absoluteString] = .seconds(600) }
        let checker = ScriptedImageChecker(delays: delays)
        let previous = [urls[9].absoluteString: ImageRecord(status: .failing, consecutiveFailures: 1)]
        // Five seconds: long enough for the quick answers on a busy machine, far short of the slow hosts' 600.
        let round = WatchRound(settings: WatchSettings(concurrency: 2, roundDeadline: .seconds(5)), checker: checker)
        let started = ContinuousClock.now
        let result = await round.run(urls: urls, previous: previous, now: now)
        #expect(ContinuousClock.now - started < .seconds(300))  // the slow hosts take 600 s; a busy machine stalls
        #expect(result.outcomes[urls[0].absoluteString] == .alive)
        #expect(result.outcomes[urls[1].absoluteString] == .alive)
        #expect(urls.dropFirst(2).allSatisfy { result.outcomes[$0.absoluteString] == .notReached })
        #expect(
            checker.tally.withLock { $0.calls.count } <= 4, "two quick, at most two cut off, the rest never started")
        #expect(result.records[urls[9].absoluteString] == previous[urls[9].absoluteString])
        #expect(result.records.count == 3)
    }

    @Test func emptyRoundReturnsThePreviousRecords() async {
        let previous = ["https://a.example/x.jpg": ImageRecord(status: .dead)]
        let result = await WatchRound(settings: WatchSettings(), checker: ScriptedImageChecker())
            .run(urls: [], previous: previous, now: now)
        #expect(result == WatchRoundResult(records: previous, outcomes: [:]))
    }
}
