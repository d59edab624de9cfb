import FeedBuild
import Foundation

extension BuildReport {
    /// `3 feeds: 2 written, 1 unchanged, 0 failed`, then what was not fetched (`; 1 not due, 1 paused`):
    /// "failed" counts only the feeds that count as failures for the exit status.
    package var summary: String {
        let built = outcomes.compactMap { outcome -> FeedOutcome.Built? in
            if case .built(let built) = outcome.result { return built }
            return nil
        }
        let written = built.filter(\.wroteFiles).count
        var text = "\(outcomes.count) feed\(outcomes.count == 1 ? "" : "s"): \(written) written, "
        text += "\(built.count - written) unchanged, \(failedCount) failed"
        // The counts add up to the feeds: a skipped feed that fails the run (named by `--only`,
        // or overdue) is counted as failed, its line says why.
        var notDue = 0
        var outOfQuota = 0
        var paused = 0
        var notFetched = 0
        var waiting = 0
        var gone = 0
        var interrupted = 0
        for outcome in outcomes where !outcome.failed {
            switch outcome.result {
            case .notDue: notDue += 1
            case .held(let held):
                switch held.reason {
                case .outOfQuota: outOfQuota += 1
                case .paused: paused += 1
                case .notAttempted: notFetched += 1
                case .polite(.gone): gone += 1
                case .polite: waiting += 1
                }
            case .interrupted: interrupted += 1
            case .built, .failed: break
            }
        }
        let skipped = [
            ("not due", notDue), ("out of quota", outOfQuota), ("paused", paused), ("not fetched", notFetched),
            ("waiting as asked", waiting), ("gone", gone), ("interrupted", interrupted),
        ]
        .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
        if !skipped.isEmpty { text += "; " + skipped.joined(separator: ", ") }
        if let retryAfterSeconds {
            text += "; NewsAPI asks to retry after \(retryAfterSeconds) s"
        }
        return text
    }
}
