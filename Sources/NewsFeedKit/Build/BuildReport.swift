/// The result of one build: an outcome per feed plus run-wide notes.
public struct BuildReport: Sendable, Equatable {
    public var outcomes: [FeedOutcome] = []
    /// Warnings that are not about one feed (e.g. a state file moved aside).
    public var warnings: [String] = []
    /// Set when NewsAPI asked us to wait (429 Retry-After), in seconds.
    public var retryAfterSeconds: Int?

    public init() {}

    public var failedCount: Int { outcomes.filter(\.failed).count }

    /// `3 feeds: 2 written, 1 unchanged, 0 failed`.
    public var summary: String {
        let written = outcomes.filter { $0.kind == .written }.count
        let unchanged = outcomes.filter { $0.kind == .unchanged }.count
        var text = "\(outcomes.count) feed\(outcomes.count == 1 ? "" : "s"): \(written) written, "
        text += "\(unchanged) unchanged, \(failedCount) failed"
        if let retryAfterSeconds {
            text += "; NewsAPI asks to retry after \(retryAfterSeconds) s"
        }
        return text
    }
}
