import FeedOutput
import Foundation

/// What a round learned: every image record after the round, and what happened to each URL it was given.
public struct WatchRoundResult: Sendable, Hashable {
    /// The previous records with this round's findings applied, keyed by image URL.
    public var records: [String: ImageRecord]
    /// Per image URL given to the round (by `absoluteString`), what the round did with it.
    public var outcomes: [String: WatchOutcome]

    public init(records: [String: ImageRecord], outcomes: [String: WatchOutcome]) {
        self.records = records
        self.outcomes = outcomes
    }

    /// Fewest failed checks, over at least two hosts, that say "our side is down".
    static let outageThreshold = 5

    /// When no check of the round got any HTTP answer, and at least ``outageThreshold`` of them failed before one
    /// (DNS, connect, TLS, timeout) across two or more hosts, the fault is almost surely ours (DNS, network,
    /// proxy), not every publisher's: the round should record nothing rather than count a failure against each
    /// image. Any HTTP answer (a 404, a 500, a redirect, a 200 that is not an image) proves the network works;
    /// blocked URLs were never contacted and count neither way. Returns the number of such failures and one cause.
    public var apparentOwnOutage: (count: Int, example: String)? {
        var hosts = Set<String>()
        var failures = 0
        var example: String?
        for (key, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            switch outcome {
            case .alive:
                return nil
            case .failing(let cause, let http), .dead(let cause, let http):
                guard http == nil else { return nil }
                failures += 1
                example = example ?? cause
                if let host = URLComponents(string: key)?.host { hosts.insert(host.lowercased()) }
            case .blocked, .recentlyChecked, .notReached:
                continue
            }
        }
        guard failures >= Self.outageThreshold, hosts.count >= 2, let example else { return nil }
        return (failures, example)
    }
}
