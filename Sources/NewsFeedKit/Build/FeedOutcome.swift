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
    }

    public var spec: FeedSpec
    public var kind: Kind
    /// Items in the feed after the build.
    public var itemCount: Int
    /// Stories seen for the first time in this build.
    public var newItemCount: Int
    /// Upstream answered with no articles (the feed kept its history).
    public var cameBackEmpty: Bool
    /// Whether a feed file existed before this build (what a failure keeps).
    public var hadPreviousFeed = true

    public var failed: Bool {
        switch kind {
        case .written, .unchanged: false
        case .keptPrevious, .notAttempted: true
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
    static func clause(_ reason: String) -> String {
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
            return "\(spec.id): not fetched (\(reason)); \(keptText)"
        }
    }
}
