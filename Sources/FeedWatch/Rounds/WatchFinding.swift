import Foundation

/// What one round found for one image URL: one object of `watch --json`'s `findings`, one line of the text report.
public struct WatchFinding: Sendable, Hashable, Codable {
    /// Where the image stands after the round.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Confirmed dead: replaced by the default image (or dropped).
        case dead
        /// Dead until this round, answered again now: the story has its own image back.
        case restored
        /// Failed, not (yet) often enough to count as dead.
        case failing
        /// Refused by the address guard (or not http/https); never contacted.
        case blocked
        /// Answered with an image.
        case alive
        /// Not checked this round: seen alive within `recheck`, or not reached before the round deadline.
        case skipped
    }

    /// The image URL.
    public var url: String
    /// The feeds whose stories use it, in config order.
    public var feeds: [String]
    public var status: Status
    /// The HTTP status the check got last (404, 500, 200 for a page that is not an image, a redirect); nil when no
    /// HTTP answer came (DNS, connect, TLS, timeout) and for alive, blocked and skipped images.
    public var http: Int?
    /// Why it failed, was blocked or skipped; nil for alive and restored images.
    public var reason: String?
    /// When the image entered this status, as far as watch has seen (the round that first found it dead, say);
    /// nil for skipped images.
    public var since: Date?
    /// Whether the status differs from the previous round's (what `--quiet` reports).
    public var changed: Bool

    public init(
        url: String, feeds: [String], status: Status, http: Int? = nil, reason: String? = nil, since: Date? = nil,
        changed: Bool
    ) {
        self.url = url
        self.feeds = feeds
        self.status = status
        self.http = http
        self.reason = reason
        self.since = since
        self.changed = changed
    }

    private enum CodingKeys: String, CodingKey {
        case url, feeds, status, http, reason, since, changed
    }

    /// Every key always present (null when there is nothing to say), so consumers see one shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(feeds, forKey: .feeds)
        try container.encode(status, forKey: .status)
        try container.encode(http, forKey: .http)
        try container.encode(reason, forKey: .reason)
        try container.encode(since, forKey: .since)
        try container.encode(changed, forKey: .changed)
    }

    /// Whether the finding is worth a line in the text report: the problems and the restored images.
    package var isReported: Bool { status != .alive && status != .skipped }

    /// The text report's line: `dead: URL: HTTP 404`, `still blocked: URL: …`, `restored: URL`.
    package var line: String {
        let label = changed || status == .restored ? status.rawValue : "still \(status.rawValue)"
        return "\(label): \(url)" + (reason.map { ": \($0)" } ?? "")
    }
}
