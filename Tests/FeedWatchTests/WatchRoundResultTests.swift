import FeedWatch
import Testing

@Suite struct WatchRoundResultTests {
    private func result(_ outcomes: [String: WatchOutcome]) -> WatchRoundResult {
        WatchRoundResult(records: [:], outcomes: outcomes)
    }

    /// Six failures that never got an HTTP answer, over three hosts.
    private var offline: [String: WatchOutcome] {
        var outcomes: [String: WatchOutcome] = [:]
        for index in 0..<6 {
            outcomes["https://img\(index % 3).example.com/\(index).jpg"] = .failing(cause: "could not resolve host")
        }
        return outcomes
    }

    @Test func failuresWithoutAnyHTTPAnswerOnSeveralHostsLookLikeOurOwnOutage() {
        var outcomes = offline
        outcomes["https://img9.example.com/recent.jpg"] = .recentlyChecked
        outcomes["https://img9.example.com/late.jpg"] = .notReached
        let outage = result(outcomes).apparentOwnOutage
        #expect(outage?.count == 6)
        #expect(outage?.example == "could not resolve host")
        // Dead ones count too, as long as no HTTP answer came.
        var timedOut = offline
        timedOut["https://img7.example.com/x.jpg"] = .dead(cause: "timed out after 10s")
        #expect(result(timedOut).apparentOwnOutage?.count == 7)
    }

    @Test func blockedURLsCountNeitherWay() {
        // Blocked images next to an offline round: still an outage, and they are not in the count.
        var outcomes = offline
        for index in 0..<6 {
            outcomes["http://127.0.0.1/\(index).jpg"] = .blocked(
                reason: "127.0.0.1 is a loopback address (127.0.0.0/8)")
        }
        #expect(result(outcomes).apparentOwnOutage?.count == 6)
        // Blocked images do not make up the numbers of a round with too few failures.
        var few: [String: WatchOutcome] = [
            "https://a.example/1.jpg": .failing(cause: "timed out"),
            "https://b.example/1.jpg": .failing(cause: "timed out"),
        ]
        for index in 0..<6 { few["http://10.0.0.\(index)/x.jpg"] = .blocked(reason: "private") }
        #expect(result(few).apparentOwnOutage == nil)
    }

    @Test(arguments: [
        WatchOutcome.alive,
        .dead(cause: "HTTP 404", http: 404),
        .dead(cause: "HTTP 410", http: 410),
        .failing(cause: "HTTP 500", http: 500),
        .failing(cause: "answered text/html, not an image (hotlink blocked?)", http: 200),
        .failing(cause: "more than 5 redirects", http: 302),
        .failing(cause: "connection refused at https://c.example/x.jpg", http: 301),
    ])
    func anyHTTPAnswerProvesTheNetworkWorks(answered: WatchOutcome) {
        var outcomes = offline
        outcomes["https://answered.example/1.jpg"] = answered
        #expect(result(outcomes).apparentOwnOutage == nil)
    }

    @Test(arguments: [404, 410, 500, 503, 403, 200, 302])
    func roundsWhereEveryImageAnsweredAnHTTPErrorAreNoOutage(status: Int) {
        var outcomes: [String: WatchOutcome] = [:]
        for index in 0..<6 {
            outcomes["https://img\(index % 2).example.com/\(index).jpg"] = .dead(cause: "HTTP \(status)", http: status)
        }
        #expect(result(outcomes).apparentOwnOutage == nil)
    }

    @Test func failuresOnOneHostOrTooFewAreThatHostsProblem() {
        var oneHost: [String: WatchOutcome] = [:]
        for index in 0..<8 { oneHost["https://img.example.com/\(index).jpg"] = .failing(cause: "timed out") }
        #expect(result(oneHost).apparentOwnOutage == nil)
        let few: [String: WatchOutcome] = [
            "https://a.example/1.jpg": .failing(cause: "timed out"),
            "https://b.example/1.jpg": .failing(cause: "timed out"),
        ]
        #expect(result(few).apparentOwnOutage == nil)
    }
}
