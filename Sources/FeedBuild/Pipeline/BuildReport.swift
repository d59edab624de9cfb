import FeedOutput
import Foundation

/// The result of one build: an outcome per feed plus run-wide notes.
public struct BuildReport: Sendable, Equatable {
    public var outcomes: [FeedOutcome] = []
    /// Warnings that are not about one feed (e.g. a state file moved aside).
    public var warnings: [String] = []
    /// Those of ``warnings`` that are the output location refusing a write (a full disk, a read-only file system):
    /// when the run wrote nothing for that reason, ``locationRefusal``'s one line says it and these are not repeated.
    public var locationWarnings: Set<String> = []
    /// Set when NewsAPI asked us to wait (429 Retry-After), in seconds.
    public var retryAfterSeconds: Int?
    /// Set when NewsAPI refused with a bad key or a spent quota, so the run stopped asking.
    public var stoppedFurtherRequests = false
    /// For a scheduled run: the earliest moment a later run could do something new.
    public var nextChange: Date?
    /// Set when the run could not start: the lock or the state cannot be used, so no feed was fetched
    /// (every outcome is this failure). The CLI says it once, not once per feed.
    public var setupFailure: FeedFailure?
    /// The run was cancelled (SIGINT, SIGTERM): the feeds not yet written are ``FeedOutcome/Result/interrupted(previous:)``.
    public var interrupted = false

    public init() {}

    /// Notes `error` as a run-wide warning, marking it when it is the output location refusing a write.
    package mutating func warn(_ error: any Error) {
        let text = "\(error)"
        warnings.append(text)
        if (error as? OutputError)?.isUnwritableLocation == true { locationWarnings.insert(text) }
    }

    public var failedCount: Int { outcomes.filter(\.failed).count }

    /// Takes in what one feed built in a task of its own noted (its outcome is added by the caller).
    mutating func merge(_ other: BuildReport) {
        warnings += other.warnings
        locationWarnings.formUnion(other.locationWarnings)
        if let seconds = other.retryAfterSeconds { retryAfterSeconds = max(retryAfterSeconds ?? 0, seconds) }
        stoppedFurtherRequests = stoppedFurtherRequests || other.stoppedFurtherRequests
    }

    /// When the run wrote nothing because the output location refused every write (a full disk, a
    /// read-only file system, no permission, a file where a folder belongs): the first such failure,
    /// for one line and exit 78 instead of one line per feed. Nil when any feed was written or
    /// failed for another reason.
    public var locationRefusal: FeedFailure? {
        let failures = outcomes.compactMap { outcome -> FeedFailure? in
            if case .failed(let failure, _) = outcome.result { return failure }
            return nil
        }
        guard let first = failures.first, !outcomes.contains(where: \.wroteFiles),
            failures.allSatisfy({ $0.outputError?.isUnwritableLocation == true })
        else { return nil }
        return first
    }

    /// Why NewsAPI refused the key, when this run left feeds paused until the key changes.
    public var badKeyPauseReason: String? {
        for outcome in outcomes {
            if case .held(let held) = outcome.result, case .paused(let reason, nil) = held.reason { return reason }
        }
        return nil
    }

    /// NewsAPI's refusal and when the pause ends, when this run left feeds paused by a rate limit.
    public var rateLimitPause: (reason: String, until: Date)? {
        for outcome in outcomes {
            if case .held(let held) = outcome.result, case .paused(let reason, let until?) = held.reason {
                return (reason, until)
            }
        }
        return nil
    }
}
