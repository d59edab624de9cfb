import FeedFormats
import FeedOutput
import Foundation
import HTTPFetching
import NewsModel

/// Content distribution (W3C WebSub §7): a changed feed file is pushed whole to each of its topic's subscribers,
/// signed when they gave a secret; failures are retried with growing delays, then given up; a `410` ends the
/// subscription; leases that end are dropped.
extension WebSubHub {
    /// What one delivery came to.
    package enum Delivery: Sendable, Hashable {
        case delivered
        case gone
        case failed(String)
    }

    /// Rounds every `interval` until the task is cancelled: what `serve` runs beside the server.
    package func run(interval: Duration = .seconds(2)) async {
        while !Task.isCancelled {
            await round()
            try? await Task.sleep(for: interval)
        }
    }

    /// One round: ended leases dropped, changed feed files noticed, due deliveries made. Returns the deliveries
    /// made, for tests.
    @discardableResult
    package func round() async -> [(WebSubSubscription, Delivery)] {
        let now = clock()
        if registrySnapshot().subscriptions.contains(where: { $0.leaseEnd <= now }) {
            _ = change(now: now) { registry in
                for ended in registry.expire(now: now) {
                    log("newsfeed serve: websub: lease of \(ended.callbackHost) for \(ended.topic) ended")
                }
            }
        }
        noticeChangedFeeds(now: now)
        return await deliverDue(now: now)
    }

    /// The digest of the feed file of `topic` as it is now, with its path and bytes.
    func currentFile(ofTopic topic: String) -> (relativePath: String, bytes: Data, digest: String)? {
        guard let relativePath = relativePath(ofTopic: topic),
            case .file(_, let realPath) = feeds.resolve("/" + relativePath),
            let bytes = FileManager.default.contents(atPath: realPath)
        else { return nil }
        return (relativePath, bytes, SHA256.hex(Array(bytes)))
    }

    /// Compares each subscribed topic's file version with the one last seen; a new version whose bytes differ
    /// from those last pushed makes a delivery pending for every subscriber (unchanged bytes push nothing).
    func noticeChangedFeeds(now: Date) {
        let topics = Set(registrySnapshot().subscriptions.map(\.topic))
        var changed: [(topic: String, digest: String)] = []
        for topic in topics.sorted() {
            guard let relativePath = relativePath(ofTopic: topic),
                case .file(_, let realPath) = feeds.resolve("/" + relativePath),
                let version = FileVersion.of(path: realPath)
            else { continue }
            guard noteVersion(version, of: topic), let file = currentFile(ofTopic: topic) else { continue }
            changed.append((topic, file.digest))
        }
        guard !changed.isEmpty else { return }
        _ = change(now: now) { registry in
            for (topic, digest) in changed { registry.topicChanged(topic, digest: digest, now: now) }
        }
    }

    /// Makes every delivery due by `now`, callback hosts taken in turn so one host with many subscriptions never
    /// holds every slot, then records the outcomes in one write.
    func deliverDue(now: Date) async -> [(WebSubSubscription, Delivery)] {
        let due = registrySnapshot().due(now: now)
        guard !due.isEmpty else { return [] }
        var files: [String: (relativePath: String, bytes: Data, digest: String)] = [:]
        for topic in Set(due.map(\.topic)) { files[topic] = currentFile(ofTopic: topic) }
        let ordered = Self.takingHostsInTurn(due)
        var results: [(WebSubSubscription, Delivery, String?)] = []
        await withTaskGroup(of: (WebSubSubscription, Delivery, String?).self) { group in
            var running = 0
            for subscription in ordered {
                if running >= Self.maxDeliveriesInFlight, let done = await group.next() {
                    results.append(done)
                    running -= 1
                }
                let file = files[subscription.topic]
                group.addTask { [self] in
                    guard let file else { return (subscription, .failed("the feed file is gone"), nil) }
                    return (subscription, await deliver(file, to: subscription), file.digest)
                }
                running += 1
            }
            for await done in group { results.append(done) }
        }
        let finished = clock()
        _ = change(now: finished) { registry in
            for (subscription, delivery, digest) in results {
                // Counted even when the subscription ended while the delivery was on its way: it was made.
                if case .delivered = delivery { registry.deliveredTotal += 1 }
                guard var current = registry.subscription(callback: subscription.callback, topic: subscription.topic)
                else { continue }
                switch delivery {
                case .gone:
                    registry.unsubscribe(callback: subscription.callback, topic: subscription.topic)
                    continue
                case .delivered:
                    current.delivered += 1
                    current.lastError = nil
                    // Newer bytes noticed meanwhile stay pending.
                    if current.pendingDigest == digest || digest == nil {
                        current.pendingDigest = nil
                        current.nextAttempt = nil
                        current.attempts = 0
                    }
                case .failed(let reason):
                    current.lastError = reason
                    current.attempts += 1
                    if current.attempts >= Self.maxAttempts {
                        current.failed += 1
                        registry.failedTotal += 1
                        current.pendingDigest = nil
                        current.nextAttempt = nil
                        current.attempts = 0
                    } else {
                        let delay = Self.retryDelays[min(current.attempts - 1, Self.retryDelays.count - 1)]
                        current.nextAttempt = finished.addingTimeInterval(delay)
                    }
                }
                registry.update(current)
            }
        }
        noteErrors(
            results.compactMap { subscription, delivery, _ in
                if case .failed(let reason) = delivery { (subscription.callbackHost, reason) } else { nil }
            })
        return results.map { ($0.0, $0.1) }
    }

    /// Deliveries in flight at most at once (the fetcher's own caps, 2 per host and 16 in all, apply inside).
    static let maxDeliveriesInFlight = 64

    /// `due` reordered so callback hosts take turns: a1 b1 c1 a2 b2 a3…
    static func takingHostsInTurn(_ due: [WebSubSubscription]) -> [WebSubSubscription] {
        var byHost: [String: [WebSubSubscription]] = [:]
        var hosts: [String] = []
        for subscription in due {
            if byHost[subscription.callbackHost] == nil { hosts.append(subscription.callbackHost) }
            byHost[subscription.callbackHost, default: []].append(subscription)
        }
        var ordered: [WebSubSubscription] = []
        var index = 0
        while ordered.count < due.count {
            for host in hosts {
                let queue = byHost[host, default: []]
                if index < queue.count { ordered.append(queue[index]) }
            }
            index += 1
        }
        return ordered
    }

    /// POSTs the feed to one callback with its media type, the `Link` header naming hub and self, and the
    /// signature when a secret was given (§7, §7.1).
    func deliver(_ file: (relativePath: String, bytes: Data, digest: String), to subscription: WebSubSubscription)
        async -> Delivery
    {
        guard let callback = URL(string: subscription.callback) else { return .failed("the callback is not a URL") }
        var headers = [
            "Content-Type": MediaType.forFileName(file.relativePath).contentType,
            "Link": linkHeader(topic: subscription.topic),
        ]
        if let secret = subscription.secret {
            headers["X-Hub-Signature"] = "sha256=" + HMACSHA256.hex(key: Array(secret.utf8), message: Array(file.bytes))
        }
        do {
            let answer = try await fetcher.send(callback, body: file.bytes, headers: headers, prefixBytes: 64)
            if (200..<300).contains(answer.status) { return .delivered }
            if answer.status == 410 { return .gone }
            return .failed("\(subscription.callbackHost) answered \(answer.status)")
        } catch {
            return .failed(error.description)
        }
    }

    /// `<hub>; rel="hub", …, <topic>; rel="self"`.
    func linkHeader(topic: String) -> String {
        (settings.hubURLs(site: site).map { "<\($0.absoluteString)>; rel=\"hub\"" } + ["<\(topic)>; rel=\"self\""])
            .joined(separator: ", ")
    }
}
