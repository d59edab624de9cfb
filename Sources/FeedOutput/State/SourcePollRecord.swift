import Foundation

/// What newsfeed remembers of polling one publisher's feed URL (the `feed` kind): the last answer, its size, the
/// items read and dropped, what the feed or server asked about the next poll, and whether the URL moved or is gone.
/// Kept in the feed's ``FeedRecord/sources``, keyed by the URL as configured, so a changed URL starts afresh.
public struct SourcePollRecord: Sendable, Hashable, Codable {
    /// When the last poll was answered (or failed).
    public var time: Date
    /// `200`, `304`, `HTTP 404`, or `error` (no answer); a 2xx that was no feed says why
    /// (`200 (not a feed: an HTML page; …)`).
    public var answer: String
    /// The answer's HTTP status; nil when none came (and in records written before it was kept).
    public var status: Int?
    /// The body's bytes (0 for a 304); nil when nothing came.
    public var bytes: Int?
    public var itemsRead: Int?
    public var itemsDropped: Int?
    /// The interval the feed (`ttl`, `sy:updatePeriod`) or server (`Cache-Control: max-age`) asked for, in seconds.
    public var askedSeconds: Double?
    /// What asked it: `ttl`, `sy:updatePeriod` or `Cache-Control: max-age`.
    public var askedBy: String?
    /// No poll before this (the server's `Retry-After`).
    public var retryAfter: Date?
    /// Where a permanent redirect (301, 308) of the configured URL leads.
    public var movedTo: String?
    /// When it answered `410 Gone`: no poll until the config changes or `build --only` names the feed.
    public var goneSince: Date?

    public init(time: Date, answer: String) {
        self.time = time
        self.answer = answer
    }
}

/// A host that answered `429` or `503`: none of its feeds is polled before ``until``.
public struct HostHoldRecord: Sendable, Hashable, Codable {
    public var since: Date
    public var until: Date
    /// `HTTP 429 from feeds.example.com`.
    public var reason: String
    /// Back-offs in a row without a good answer from the host between them (the next waits twice as long).
    public var count: Int

    public init(since: Date, until: Date, reason: String, count: Int = 1) {
        self.since = since
        self.until = until
        self.reason = reason
        self.count = count
    }
}
