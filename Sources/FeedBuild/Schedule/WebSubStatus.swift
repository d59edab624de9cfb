import FeedOutput
import Foundation
import NewsModel

/// The WebSub hub's part of the status report (issue 29, point 7): subscriptions per feed, deliveries made,
/// failed and pending, and the last error per callback host, read from `<output>/.newsfeed/websub.json`.
public struct WebSubStatus: Sendable, Equatable {
    /// Active subscriptions per topic (the feed's URL).
    public var subscriptions: [String: Int]
    /// Deliveries that reached their callback.
    public var delivered: Int
    /// Deliveries given up after every retry.
    public var failed: Int
    /// Deliveries waiting (a change not yet delivered, or a retry).
    public var pending: Int
    /// The last failure per callback host.
    public var lastErrors: [String: String]

    package init(
        subscriptions: [String: Int], delivered: Int, failed: Int, pending: Int, lastErrors: [String: String]
    ) {
        self.subscriptions = subscriptions
        self.delivered = delivered
        self.failed = failed
        self.pending = pending
        self.lastErrors = lastErrors
    }

    /// The hub of `config` as its store holds it at `now`; nil without `"websub": {"hub": true}`.
    public init?(config: NewsFeedConfig, now: Date) {
        guard config.websub.hub else { return nil }
        let store = WebSubStore(stateFolder: OutputFolder(root: config.output).stateFolder)
        let registry = store.peek() ?? WebSubRegistry()
        let active = registry.subscriptions.filter { $0.leaseEnd > now }
        var subscriptions: [String: Int] = [:]
        // A failed verification first: a subscription's own delivery error is newer news of its host.
        var lastErrors = registry.verificationErrors.mapValues(\.reason)
        for subscription in active {
            subscriptions[subscription.topic, default: 0] += 1
            if let error = subscription.lastError { lastErrors[subscription.callbackHost] = error }
        }
        self.init(
            subscriptions: subscriptions, delivered: registry.deliveredTotal, failed: registry.failedTotal,
            pending: active.count { $0.pendingDigest != nil },
            lastErrors: lastErrors)
    }

    /// The lines `status` prints and `/status` shows.
    public var lines: [String] {
        let total = subscriptions.values.reduce(0, +)
        let perFeed = subscriptions.keys.sorted().map { "\($0) \(subscriptions[$0] ?? 0)" }.joined(separator: ", ")
        var lines = [
            "websub: \(total) subscription\(total == 1 ? "" : "s")" + (perFeed.isEmpty ? "" : " (\(perFeed))")
                + "; deliveries \(delivered) made, \(failed) failed, \(pending) pending"
        ]
        lines += lastErrors.keys.sorted().map { "websub: last error from \($0): \(lastErrors[$0] ?? "")" }
        return lines
    }

    /// The `"websub"` object of `status --json`.
    package var json: JSONOutput {
        [
            "subscriptions": .object(subscriptions.keys.sorted().map { ($0, .int(subscriptions[$0] ?? 0)) }),
            "delivered": .int(delivered), "failed": .int(failed), "pending": .int(pending),
            "lastErrors": .object(lastErrors.keys.sorted().map { ($0, .string(lastErrors[$0] ?? "")) }),
        ]
    }
}
