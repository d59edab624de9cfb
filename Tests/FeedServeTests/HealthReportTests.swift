import FeedOutput
import FeedServe
import Foundation
import TestSupport
import Testing

/// `/healthz`: `failing` and `paused` beside the counts; 200 while one feed is fresh and the
/// state readable, 503 when the state is broken or nothing recorded is fresh.
@Suite struct HealthReportTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func json(_ report: HealthReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    }

    @Test func oneFreshFeedKeepsItAt200AndNamesTheFailingOnes() throws {
        let state = BridgeState(feeds: [
            "us/health": FeedRecord(lastSuccess: Self.now.addingTimeInterval(-600)),
            "us/technology": FeedRecord(
                lastSuccess: Self.now.addingTimeInterval(-90_000),
                lastError: "NewsAPI rateLimited (HTTP 429): \"slow\"\n",
                lastErrorTime: Self.now.addingTimeInterval(-60), consecutiveFailures: 2),
            "gb/science": FeedRecord(
                lastAttempt: Self.now, lastError: "NewsAPI apiKeyInvalid (HTTP 401): bad", lastErrorTime: Self.now,
                consecutiveFailures: 1),
        ])
        let report = HealthReport(feedCount: 2, state: state, now: Self.now)
        #expect(report.httpStatus == 200)
        let body = try Self.json(report)
        #expect(body["status"] as? String == "degraded")
        #expect(body["fresh"] as? Int == 1)
        #expect(body["stalestFetchAgeSeconds"] as? Int == 90_000)
        let failing = try #require(body["failing"] as? [[String: Any]])
        #expect(failing.map { $0["feed"] as? String } == ["gb/science", "us/technology"])
        #expect(failing[1]["error"] as? String == "NewsAPI rateLimited (HTTP 429): \"slow\"\n")
        #expect(failing[1]["since"] as? String == Self.now.addingTimeInterval(-60).formatted(.iso8601))
        #expect(body["paused"] is NSNull)
    }

    @Test func nothingFreshIs503AndSaysWhy() throws {
        let state = BridgeState(feeds: [
            "us/health": FeedRecord(
                lastSuccess: Self.now.addingTimeInterval(-2 * 86_400), lastError: "NewsAPI answered HTTP 500",
                lastErrorTime: Self.now, consecutiveFailures: 5),
            "us/technology": FeedRecord(lastError: "timed out", lastErrorTime: Self.now, consecutiveFailures: 1),
        ])
        let report = HealthReport(feedCount: 1, state: state, now: Self.now)
        #expect(report.httpStatus == 503)
        let body = try Self.json(report)
        #expect(body["status"] as? String == "error")
        #expect((body["failing"] as? [Any])?.count == 2)
    }

    @Test func aFreshInstallWithNothingRecordedStays200() {
        #expect(HealthReport(feedCount: 0, state: nil, now: Self.now).httpStatus == 200)
        #expect(HealthReport(feedCount: 0, state: BridgeState(), now: Self.now).httpStatus == 200)
    }

    @Test func aPauseInForceIsReportedAndAnEndedOneIsNot() throws {
        let fresh = ["us/health": FeedRecord(lastSuccess: Self.now)]
        let limited = PauseRecord(
            cause: .rateLimited, reason: "NewsAPI rateLimited (HTTP 429): wait",
            since: Self.now.addingTimeInterval(-60),
            until: Self.now.addingTimeInterval(600))
        let report = HealthReport(feedCount: 1, state: BridgeState(feeds: fresh, pause: limited), now: Self.now)
        #expect(report.httpStatus == 200)
        let body = try Self.json(report)
        #expect(body["status"] as? String == "degraded")
        let paused = try #require(body["paused"] as? [String: Any])
        #expect(paused["cause"] as? String == "rateLimited")
        #expect(paused["reason"] as? String == "NewsAPI rateLimited (HTTP 429): wait")
        #expect(paused["until"] as? String == Self.now.addingTimeInterval(600).formatted(.iso8601))

        var ended = limited
        ended.until = Self.now.addingTimeInterval(-1)
        let after = try Self.json(
            HealthReport(feedCount: 1, state: BridgeState(feeds: fresh, pause: ended), now: Self.now))
        #expect(after["paused"] is NSNull)
        #expect(after["status"] as? String == "ok")

        let badKey = PauseRecord(cause: .badKey, reason: "NewsAPI apiKeyInvalid (HTTP 401): no", since: Self.now)
        let key = try Self.json(
            HealthReport(feedCount: 1, state: BridgeState(feeds: fresh, pause: badKey), now: Self.now))
        #expect((key["paused"] as? [String: Any])?["until"] is NSNull)
    }

    @Test func servedHealthzCarriesTheNewFields() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", ServeFixtures.feed(title: "Health"))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            let state = BridgeState(feeds: [
                "us/health": FeedRecord(lastSuccess: Self.now),
                "us/technology": FeedRecord(
                    lastError: "NewsAPI answered HTTP 500", lastErrorTime: Self.now, consecutiveFailures: 1),
            ])
            try folder.write(".newsfeed/state.json", try encoder.encode(state))
            let response = try ServeFixtures.handler(folder, now: Self.now).response(to: ServeFixtures.get("/healthz"))
            #expect(response.status == 200)
            let body = try #require(try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any])
            #expect((body["failing"] as? [[String: Any]])?.first?["feed"] as? String == "us/technology")
        }
    }
}
