import Foundation

/// Every WebSub subscription of one output folder and the rules that change them: renewal, unsubscription,
/// caps, expiry and the digests of what each topic's subscribers last received. A value with no clock or file in
/// it: ``WebSubStore`` keeps it on disk, the hub and the distributor change it.
public struct WebSubRegistry: Sendable, Hashable, Codable {
    /// The file format's version.
    public var version = WebSubRegistry.currentVersion
    /// Active subscriptions, ordered by callback then topic so the file is stable.
    public private(set) var subscriptions: [WebSubSubscription] = []
    /// The digest of the bytes last pushed (or first seen) per topic: unchanged bytes push nothing.
    public var topicDigests: [String: String] = [:]
    /// Deliveries that reached their callback since the folder began, whatever became of the subscription since
    /// (`/metrics` counts them: a counter never goes down).
    public var deliveredTotal = 0
    /// Deliveries given up after every retry since the folder began.
    public var failedTotal = 0
    /// The last verification of intent that failed, per callback host (the callback did not answer, answered
    /// something else than the challenge, or is not an address the hub may call); cleared by the host's next
    /// verified request, and at most ``maxVerificationErrors`` hosts, the newest (anyone may ask for a
    /// verification of a callback on a new host).
    public private(set) var verificationErrors: [String: VerificationError] = [:]

    /// A failed verification: what went wrong, and when.
    public struct VerificationError: Sendable, Hashable, Codable {
        public var reason: String
        public var time: Date

        public init(reason: String, time: Date) {
            self.reason = reason
            self.time = time
        }
    }

    /// The most callback hosts whose failed verification is kept.
    public static let maxVerificationErrors = 100

    /// Notes that a verification for a callback on `host` failed at `time`; the oldest host's goes past the cap.
    public mutating func verificationFailed(host: String, reason: String, time: Date) {
        verificationErrors[host] = VerificationError(reason: reason, time: time)
        while verificationErrors.count > Self.maxVerificationErrors,
            let oldest = verificationErrors.min(by: { ($0.value.time, $0.key) < ($1.value.time, $1.key) })?.key
        {
            verificationErrors[oldest] = nil
        }
    }

    /// Notes that `host` answered a verification as it should.
    public mutating func verified(host: String) {
        verificationErrors[host] = nil
    }

    /// The format this newsfeed writes.
    public static let currentVersion = 1

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case version, subscriptions, topicDigests, deliveredTotal, failedTotal, verificationErrors
    }

    /// Files written before a key existed read it as empty (and a file without totals counts its subscriptions').
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        subscriptions = try container.decodeIfPresent([WebSubSubscription].self, forKey: .subscriptions) ?? []
        topicDigests = try container.decodeIfPresent([String: String].self, forKey: .topicDigests) ?? [:]
        deliveredTotal =
            try container.decodeIfPresent(Int.self, forKey: .deliveredTotal)
            ?? subscriptions.reduce(0) { $0 + $1.delivered }
        failedTotal =
            try container.decodeIfPresent(Int.self, forKey: .failedTotal) ?? subscriptions.reduce(0) { $0 + $1.failed }
        verificationErrors =
            try container.decodeIfPresent([String: VerificationError].self, forKey: .verificationErrors) ?? [:]
    }

    /// Why a subscription request is refused once it is known to be well-formed (told to the callback as
    /// `hub.mode=denied`).
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        case tooManySubscriptions(limit: Int)
        case tooManyForHost(host: String, limit: Int)

        public var description: String {
            switch self {
            case .tooManySubscriptions(let limit): "this hub keeps at most \(limit) subscriptions"
            case .tooManyForHost(let host, let limit): "this hub keeps at most \(limit) subscriptions for \(host)"
            }
        }
    }

    /// The subscription of `callback` to `topic`, if active.
    public func subscription(callback: String, topic: String) -> WebSubSubscription? {
        subscriptions.first { $0.callback == callback && $0.topic == topic }
    }

    /// Whether a new subscription of `callback` to `topic` fits under the caps; a renewal always does.
    public func admits(callback: String, topic: String, maxSubscriptions: Int, maxPerHost: Int) -> Refusal? {
        if subscription(callback: callback, topic: topic) != nil { return nil }
        if subscriptions.count >= maxSubscriptions { return .tooManySubscriptions(limit: maxSubscriptions) }
        let host = WebSubSubscription.host(of: callback)
        if subscriptions.count(where: { $0.callbackHost == host }) >= maxPerHost {
            return .tooManyForHost(host: host, limit: maxPerHost)
        }
        return nil
    }

    /// Makes a verified subscription active; a renewal replaces the old lease and secret and keeps its counts and
    /// any pending delivery.
    public mutating func subscribe(
        callback: String, topic: String, secret: String?, now: Date, lease: TimeInterval
    ) {
        var subscription = WebSubSubscription(
            callback: callback, topic: topic, secret: secret, verifiedAt: now, leaseEnd: now.addingTimeInterval(lease))
        if let index = subscriptions.firstIndex(where: { $0.callback == callback && $0.topic == topic }) {
            let old = subscriptions[index]
            subscription.delivered = old.delivered
            subscription.failed = old.failed
            subscription.pendingDigest = old.pendingDigest
            subscription.attempts = old.attempts
            subscription.nextAttempt = old.nextAttempt
            subscription.lastError = old.lastError
            subscriptions[index] = subscription
        } else {
            subscriptions.append(subscription)
            subscriptions.sort { ($0.callback, $0.topic) < ($1.callback, $1.topic) }
        }
    }

    /// Ends the subscription of `callback` to `topic`; whether there was one.
    @discardableResult
    public mutating func unsubscribe(callback: String, topic: String) -> Bool {
        let before = subscriptions.count
        subscriptions.removeAll { $0.callback == callback && $0.topic == topic }
        return subscriptions.count < before
    }

    /// Ends every subscription of `callback` (`newsfeed websub remove`); how many there were.
    @discardableResult
    public mutating func remove(callback: String) -> Int {
        let before = subscriptions.count
        subscriptions.removeAll { $0.callback == callback }
        return before - subscriptions.count
    }

    /// Drops the subscriptions whose lease has ended by `now`; the ones dropped.
    @discardableResult
    public mutating func expire(now: Date) -> [WebSubSubscription] {
        let ended = subscriptions.filter { $0.leaseEnd <= now }
        subscriptions.removeAll { $0.leaseEnd <= now }
        return ended
    }

    /// Replaces the subscription of the same callback and topic with `changed` (a delivery's outcome); nothing
    /// when it is gone meanwhile.
    public mutating func update(_ changed: WebSubSubscription) {
        guard
            let index = subscriptions.firstIndex(where: { $0.callback == changed.callback && $0.topic == changed.topic }
            )
        else { return }
        subscriptions[index] = changed
    }

    /// Notes that `topic` now holds bytes with `digest`: every subscriber of it gets a pending delivery due at
    /// `now` (replacing an older pending one, whose retries start over). False, and nothing pending, when the
    /// digest is the one last seen.
    @discardableResult
    public mutating func topicChanged(_ topic: String, digest: String, now: Date) -> Bool {
        guard topicDigests[topic] != digest else { return false }
        topicDigests[topic] = digest
        for index in subscriptions.indices where subscriptions[index].topic == topic {
            subscriptions[index].pendingDigest = digest
            subscriptions[index].attempts = 0
            subscriptions[index].nextAttempt = now
        }
        return true
    }

    /// The subscriptions with a delivery due by `now`, earliest first.
    public func due(now: Date) -> [WebSubSubscription] {
        subscriptions.filter { ($0.nextAttempt ?? .distantFuture) <= now }.sorted {
            ($0.nextAttempt ?? .distantFuture) < ($1.nextAttempt ?? .distantFuture)
        }
    }

    /// The earliest instant something is due: a delivery or a lease's end.
    public var nextDeadline: Date? {
        (subscriptions.compactMap(\.nextAttempt) + subscriptions.map(\.leaseEnd)).min()
    }
}
