import Foundation
import NewsModel

/// What happened to one feed in a build. Each case carries only what holds for it: a built
/// feed has its counts, a failed one its ``FeedFailure``, a held one why it was not fetched.
public struct FeedOutcome: Sendable, Equatable {
    public enum Result: Sendable, Equatable {
        /// Fetched and written, or left alone because nothing but the build date would change.
        case built(Built)
        /// Fetching or writing failed; the previous files are byte-for-byte untouched.
        case failed(FeedFailure, previous: Previous)
        /// Not fetched: its refresh interval has not passed.
        case notDue(next: Date)
        /// Not fetched although due: the quota, a pause or an earlier refusal held it back.
        case held(Held)
        /// The run was stopped (SIGINT, SIGTERM) before this feed was written: its files and its
        /// record stay as they were, and the next run takes it up as if this one never had.
        case interrupted(previous: Previous)
    }

    /// A feed that was fetched and whose files are now current.
    public struct Built: Sendable, Equatable {
        /// False when nothing but the build date would have changed, so no file was touched.
        public var wroteFiles: Bool
        /// Items in the feed after the build.
        public var itemCount: Int
        /// Items not in this feed's previous file (on a first build, every item).
        public var newItemCount: Int
        /// Upstream answered with no stories (the feed kept its history).
        public var cameBackEmpty: Bool
        /// What full text did for the feed in this build; nil when it has no full text.
        public var fullText: FullTextTally? = nil
    }

    /// Whether a not-built feed still has the files of an earlier build.
    public enum Previous: Sendable, Equatable {
        case kept
        case none
    }

    /// A due feed the run did not fetch.
    public struct Held: Sendable, Equatable {
        public enum Reason: Sendable, Equatable {
            /// A rolling window has no room for it before `until`.
            case outOfQuota(until: Date)
            /// NewsAPI requests are paused: a rate limit until `until`, or a bad key (nil).
            case paused(reason: String, until: Date?)
            /// An earlier feed of the same upstream hit a refusal that stops further requests this run.
            case notAttempted(reason: String)
            /// A publisher's feed that waits whatever the mode: a `Retry-After`, its host's back-off, or gone.
            case polite(FeedScheduler.PoliteHold)
        }

        public var reason: Reason
        public var previous: Previous
        /// Named by `--only`: not fetching it fails the run.
        public var wasRequested: Bool
        /// Set when it has been without a success for over twice this interval: that fails the run.
        public var overdueInterval: TimeInterval?
    }

    public var spec: FeedSpec
    public var result: Result

    public init(spec: FeedSpec, result: Result) {
        self.spec = spec
        self.result = result
    }

    public var failed: Bool {
        switch result {
        case .built, .notDue, .interrupted: false
        case .failed: true
        // Held back is no failure of its own (README, exit codes): the refusal that stopped
        // the run is the failed feed; one named by `--only` or left overdue still fails.
        // A publisher's feed held by politeness (its Retry-After, its host's back-off) did what was asked of it,
        // named or not: waiting is the rule, not a failure.
        case .held(let held):
            if case .polite = held.reason {
                held.overdueInterval != nil
            } else {
                held.wasRequested || held.overdueInterval != nil
            }
        }
    }

    /// Whether a request was made for it in this run.
    public var wasAttempted: Bool {
        switch result {
        case .built, .failed: true
        // A request cut short may have reached the upstream; it stays in the log, but counts for nothing else.
        case .notDue, .held, .interrupted: false
        }
    }

    /// Whether the files were (re)written.
    public var wroteFiles: Bool {
        if case .built(let built) = result { return built.wroteFiles }
        return false
    }

    /// Upstream answered with no stories; the feed kept its history.
    public var cameBackEmpty: Bool {
        if case .built(let built) = result { return built.cameBackEmpty }
        return false
    }
}
