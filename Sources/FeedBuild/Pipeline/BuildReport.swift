import Foundation

/// The result of one build: an outcome per feed plus run-wide notes.
public struct BuildReport: Sendable, Equatable {
    public var outcomes: [FeedOutcome] = []
    /// Warnings that are not about one feed (e.g. a state file moved aside).
    public var warnings: [String] = []
    /// Set when NewsAPI asked us to wait (429 Retry-After), in seconds.
    public var retryAfterSeconds: Int?
    /// Set when NewsAPI refused with a bad key or a spent quota, so the run stopped asking.
    public var stoppedFurtherRequests = false
    /// For a scheduled run: the earliest moment a later run could do something new.
    public var nextChange: Date?

    public init() {}

    public var failedCount: Int { outcomes.filter(\.failed).count }

    /// Why NewsAPI refused the key, when this run left feeds paused until the key changes.
    public var badKeyPauseReason: String? {
        for outcome in outcomes {
            if case .paused(let reason, nil) = outcome.kind { return reason }
        }
        return nil
    }

    /// `3 feeds: 2 written, 1 unchanged, 0 failed`, then what was not fetched (`; 1 not due, 1 paused`):
    /// "failed" counts only the feeds that count as failures for the exit status.
    public var summary: String {
        let written = outcomes.filter { $0.kind == .written }.count
        let unchanged = outcomes.filter { $0.kind == .unchanged }.count
        var text = "\(outcomes.count) feed\(outcomes.count == 1 ? "" : "s"): \(written) written, "
        text += "\(unchanged) unchanged, \(failedCount) failed"
        // The counts add up to the feeds: a skipped feed that fails the run (named by `--only`,
        // or overdue) is counted as failed, its line says why.
        let skippedOutcomes = outcomes.filter { !$0.failed }
        var skipped: [String] = []
        for (label, count) in [
            ("not due", skippedOutcomes.filter { if case .notDue = $0.kind { true } else { false } }.count),
            ("out of quota", skippedOutcomes.filter { if case .outOfQuota = $0.kind { true } else { false } }.count),
            ("paused", skippedOutcomes.filter { if case .paused = $0.kind { true } else { false } }.count),
            ("not fetched", skippedOutcomes.filter { if case .notAttempted = $0.kind { true } else { false } }.count),
        ] where count > 0 {
            skipped.append("\(count) \(label)")
        }
        if !skipped.isEmpty { text += "; " + skipped.joined(separator: ", ") }
        if let retryAfterSeconds {
            text += "; NewsAPI asks to retry after \(retryAfterSeconds) s"
        }
        return text
    }
}
