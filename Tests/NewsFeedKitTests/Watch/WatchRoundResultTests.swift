import Testing

@testable import NewsFeedKit

@Suite struct WatchRoundResultTests {
    private func result(_ outcomes: [String: WatchOutcome]) -> WatchRoundResult {
        WatchRoundResult(records: [:], outcomes: outcomes)
    }

    @Test func everyCheckFailingOnSeveralHostsLooksLikeOurOwnOutage() {
        var outcomes: [String: WatchOutcome] = [:]
        for index in 0..<6 {
            outcomes["https://img\(index % 3).example.com/\(index).jpg"] = .failing(cause: "could not resolve host")
        }
        outcomes["https://img9.example.com/recent.jpg"] = .recentlyChecked
        #expect(result(outcomes).apparentOwnOutage == "could not resolve host")
    }

    @Test(arguments: [
        // One image answered: the network works, the failures are the publishers'.
        ["https://a.example/1.jpg": WatchOutcome.alive],
        // A blocked image is a verdict of our own guard, not a failure of the network.
        ["https://a.example/1.jpg": WatchOutcome.blocked(reason: "private address")],
    ])
    func anyOtherOutcomeMeansTheRoundCounts(extra: [String: WatchOutcome]) {
        var outcomes = extra
        for index in 0..<6 { outcomes["https://img\(index % 3).example.com/\(index).jpg"] = .dead(cause: "HTTP 404") }
        #expect(result(outcomes).apparentOwnOutage == nil)
    }

    @Test func failuresOnOneHostOrTooFewAreThatHostsProblem() {
        var oneHost: [String: WatchOutcome] = [:]
        for index in 0..<8 { oneHost["https://img.example.com/\(index).jpg"] = .failing(cause: "HTTP 500") }
        #expect(result(oneHost).apparentOwnOutage == nil)
        let few: [String: WatchOutcome] = [
            "https://a.example/1.jpg": .failing(cause: "timed out"),
            "https://b.example/1.jpg": .failing(cause: "timed out"),
        ]
        #expect(result(few).apparentOwnOutage == nil)
    }
}
