import Foundation

/// One active WebSub subscription (W3C WebSub §5): a callback that asked for a topic and was verified, with its
/// lease and the state of its deliveries. Every instant is wall-clock time, so it means the same after a restart.
public struct WebSubSubscription: Sendable, Hashable, Codable {
    /// The subscriber's callback URL, as it asked (an absolute http(s) URL).
    public var callback: String
    /// The feed's URL (its `rel="self"`), as the subscriber asked.
    public var topic: String
    /// The secret for `X-Hub-Signature`, when the subscriber gave one; never printed.
    public var secret: String?
    /// When the subscription was verified (or last renewed).
    public var verifiedAt: Date
    /// When the lease ends: the subscription is dropped then unless renewed.
    public var leaseEnd: Date
    /// Deliveries that reached the callback (a 2xx answer).
    public var delivered = 0
    /// Deliveries given up after every retry.
    public var failed = 0
    /// The content waiting to be delivered, as the digest of the topic's bytes; nil when nothing waits.
    public var pendingDigest: String?
    /// Attempts made at the pending delivery so far.
    public var attempts = 0
    /// When the pending delivery is tried (again); nil when nothing waits.
    public var nextAttempt: Date?
    /// The last failure's one-line reason, kept for `status`.
    public var lastError: String?

    public init(callback: String, topic: String, secret: String?, verifiedAt: Date, leaseEnd: Date) {
        self.callback = callback
        self.topic = topic
        self.secret = secret
        self.verifiedAt = verifiedAt
        self.leaseEnd = leaseEnd
    }

    /// The callback's host, lowercased (the unit of the per-host cap and of fairness); empty when it has none.
    public var callbackHost: String { Self.host(of: callback) }

    /// The lowercased host of `url`, or empty.
    public static func host(of url: String) -> String { URL(string: url)?.host?.lowercased() ?? "" }
}
