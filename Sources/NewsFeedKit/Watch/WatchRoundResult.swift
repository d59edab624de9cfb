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

    /// When every check of the round failed, across several hosts, the fault is almost
    /// surely ours (DNS, network, proxy), not every publisher's: the round should record
    /// nothing rather than count a failure against each image. Returns one failure's cause.
    public var apparentOwnOutage: String? {
        var hosts = Set<String>()
        var failures = 0
        var example: String?
        for (key, outcome) in outcomes where outcome.wasChecked {
            switch outcome {
            case .failing(let cause), .dead(let cause):
                failures += 1
                example = example ?? cause
                if let host = URLComponents(string: key)?.host { hosts.insert(host) }
            default:
                return nil
            }
        }
        return failures >= Self.outageThreshold && hosts.count >= 2 ? example : nil
    }
}
