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
}
