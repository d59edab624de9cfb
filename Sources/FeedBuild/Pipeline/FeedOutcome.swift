import Foundation
import NewsModel

/// What happened to one feed in a build.
public struct FeedOutcome: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The file was (re)written.
        case written
        /// Nothing but `lastBuildDate` would change: the file was left alone.
        case unchanged
        /// Fetching or writing failed; the previous file is byte-for-byte untouched.
        case keptPrevious(reason: String)
        /// Not attempted because an earlier feed hit a bad key or the rate limit.
        case notAttempted(reason: String)
        /// Not fetched: its refresh interval has not passed.
        case notDue(next: Date)
        /// Not fetched: the quota has no room for it before `until`.
        case outOfQuota(until: Date)
        /// Not fetched: NewsAPI requests are paused (rate limit until `until`, or a bad key).
        case paused(reason: String, until: Date?)
    }

    public var spec: FeedSpec
    public var kind: Kind
    /// Items in the feed after the build.
    public var itemCount: Int
    /// Items not in this feed's previous file (on a first build, every item).
    public var newItemCount: Int
    /// Upstream answered with no articles (the feed kept its history).
    public var cameBackEmpty: Bool
    /// Whether a feed file existed before this build (what a failure keeps).
    public var hadPreviousFeed = true
    /// Named by `--only`: not fetching it (quota, pause) fails the run.
    public var wasRequested = false
    /// The quota or a pause has left it without a success for over twice its interval.
    public var overdueInterval: TimeInterval?

    package init(
        spec: FeedSpec, kind: Kind, itemCount: Int, newItemCount: Int, cameBackEmpty: Bool,
        overdueInterval: TimeInterval? = nil
    ) {
        self.spec = spec
        self.kind = kind
        self.itemCount = itemCount
        self.newItemCount = newItemCount
        self.cameBackEmpty = cameBackEmpty
        self.overdueInterval = overdueInterval
    }

    public var failed: Bool {
        switch kind {
        case .written, .unchanged, .notDue: false
        case .keptPrevious: true
        // Not attempted is no failure of its own (README, exit codes): the refusal that stopped
        // the run is the failed feed; one named by `--only` or left overdue still fails.
        case .notAttempted, .outOfQuota, .paused: wasRequested || overdueInterval != nil
        }
    }

    /// Whether a request was made for it in this run.
    public var wasAttempted: Bool {
        switch kind {
        case .written, .unchanged, .keptPrevious: true
        case .notAttempted, .notDue, .outOfQuota, .paused: false
        }
    }

    /// What an empty answer is called for this feed's upstream.
    private var emptyText: String {
        switch spec.upstream {
        case .newsAPI: "NewsAPI returned no articles for \(spec.id)"
        case .duckDuckGo: "DuckDuckGo's answer for \(spec.id) is empty"
        }
    }

    private var keptText: String {
        hadPreviousFeed ? "kept the previous feed" : "no feed written yet"
    }

    /// `reason` without its closing full stop, so a clause can follow it after `; `
    /// (upstream messages end in `.`; `key.; no feed` would read twice punctuated).
    package static func clause(_ reason: String) -> String {
        var text = Substring(reason)
        while let last = text.last, last == "." || last == " " || last == ";" || last == "," {
            text.removeLast()
        }
        return String(text)
    }

    /// The one line `build` prints for this feed.
    public var line: String {
        let empty = cameBackEmpty ? "; \(emptyText), kept the feed's history" : ""
        switch kind {
        case .written:
            return "\(spec.id): written, \(itemCount) items (\(newItemCount) new)\(empty)"
        case .unchanged:
            return "\(spec.id): unchanged, \(itemCount) items\(empty)"
        case .keptPrevious(let reason):
            return "\(spec.id): \(Self.clause(reason)); \(keptText)"
        case .notAttempted(let reason):
            return "\(spec.id): not fetched (\(reason)); \(keptText)\(overdueText)"
        case .notDue(let next):
            return "\(spec.id): not due, next at \(ScheduleTime.text(next))"
        case .outOfQuota(let until):
            return "\(spec.id): quota left for 0 requests until \(ScheduleTime.text(until))\(overdueText)"
        case .paused(let reason, let until):
            let end = until.map { "until \(ScheduleTime.text($0))" } ?? "until the NewsAPI key changes"
            return "\(spec.id): paused \(end) (\(reason))\(overdueText)"
        }
    }

    private var overdueText: String {
        guard let overdueInterval else { return "" }
        return "; no success for over twice its \(ScheduleTime.span(overdueInterval)) interval"
    }
}
