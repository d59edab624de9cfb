import FeedOutput
import FeedServe
import Foundation
import HTTPServing
import NewsModel
import TestSupport
import Testing

/// Content distribution (issue 29, point 4): a changed feed file is pushed whole, with its media type, the Link
/// header and the signature; unchanged bytes push nothing; failures are retried on the injected clock, then given
/// up; a 410 ends the subscription; leases end; a subscription removed by another process stops at once.
@Suite struct WebSubDistributionTests {
    typealias H = WebSubHubTests

    /// A hub with one verified subscription of `callback` to the health feed, and the clock.
    static func subscribed(
        _ folder: ServeTestFolder, _ base: String, secret: String? = nil, lease: String? = nil
    ) async throws -> (WebSubHub, TestClock) {
        let clock = TestClock(H.start)
        let hub = try H.hub(folder, clock: clock)
        let outcome = await H.send(hub, H.subscribe(base + "/cb", lease: lease, secret: secret)).1
        guard case .subscribed = outcome else { throw WebSubTestFailure(outcome: "\(String(describing: outcome))") }
        return (hub, clock)
    }

    struct WebSubTestFailure: Error {
        var outcome: String
    }

    @Test func aChangedFeedIsPushedWholeSignedWithItsTypeAndLinksAndUnchangedBytesPushNothing() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { stub, base in
                let (hub, _) = try await Self.subscribed(folder, base, secret: "s3cret")
                // Subscribing pushes nothing: the subscriber gets the next change.
                #expect(await hub.round().isEmpty)
                let changed = ServeFixtures.feed(title: "Health", items: 5)
                try folder.write("us/health.rss", changed)
                let made = await hub.round()
                #expect(made.map(\.1) == [.delivered])
                let delivery = try #require(stub.deliveries.withLock { $0.first })
                #expect(delivery.body == Array(changed.utf8))
                #expect(delivery.headers["Content-Type"] == "application/rss+xml; charset=utf-8")
                #expect(
                    delivery.headers["Link"]
                        == "<http://127.0.0.1:8080/websub>; rel=\"hub\", <\(H.topic)>; rel=\"self\"")
                let signature = "sha256=" + HMACSHA256.hex(key: Array("s3cret".utf8), message: Array(changed.utf8))
                #expect(delivery.headers["X-Hub-Signature"] == signature)
                // Written again byte for byte (a new file, the same bytes): nothing is pushed.
                try folder.write("us/health.rss", changed)
                #expect(await hub.round().isEmpty)
                #expect(stub.deliveries.withLock { $0.count } == 1)
                let kept = try hub.store.load().registry.subscriptions
                #expect(kept.first?.delivered == 1)
                #expect(kept.first?.pendingDigest == nil)
            }
        }
    }

    @Test func anEmptySecretIsNoSecretAndDeliveriesGoUnsigned() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { stub, base in
                let (hub, _) = try await Self.subscribed(folder, base, secret: "")
                #expect(try hub.store.load().registry.subscriptions.first?.secret == nil)
                try folder.write("us/health.rss", ServeFixtures.feed(title: "Health", items: 4))
                #expect(await hub.round().map(\.1) == [.delivered])
                #expect(stub.deliveries.withLock { $0.first?.headers["X-Hub-Signature"] } == nil)
            }
        }
    }

    @Test func deliveryTotalsNeverGoDownWhenASubscriptionEnds() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { stub, base in
                let (hub, _) = try await Self.subscribed(folder, base)
                try folder.write("us/health.rss", ServeFixtures.feed(title: "Health", items: 6))
                #expect(await hub.round().map(\.1) == [.delivered])
                // The subscriber leaves: its subscription goes, the count of what was delivered stays.
                let (_, outcome) = await H.send(hub, H.subscribe(base + "/cb", mode: "unsubscribe"))
                #expect(outcome == .unsubscribed)
                let registry = try hub.store.load().registry
                #expect(registry.subscriptions.isEmpty)
                #expect(registry.deliveredTotal == 1)
                #expect(registry.failedTotal == 0)
            }
        }
    }

    @Test func aFailedDeliveryIsRetriedWithGrowingDelaysThenGivenUpAndCounted() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { stub, base in
                let (hub, clock) = try await Self.subscribed(folder, base)
                stub.deliveryStatus.withLock { $0 = 500 }
                try folder.write("us/health.rss", ServeFixtures.feed(title: "Health", items: 7))
                #expect(await hub.round().count == 1)
                #expect(await hub.round().isEmpty, "retried before its time")
                var waited: [TimeInterval] = []
                for delay in WebSubHub.retryDelays {
                    let pending = try #require(try hub.store.load().registry.subscriptions.first)
                    let next = try #require(pending.nextAttempt)
                    waited.append(next.timeIntervalSince(clock.now))
                    clock.advance(by: delay)
                    #expect(await hub.round().count == 1)
                }
                #expect(waited == WebSubHub.retryDelays)
                #expect(WebSubHub.retryDelays.reduce(0, +) > 20 * 3600)
                #expect(stub.deliveries.withLock { $0.count } == WebSubHub.maxAttempts)
                let given = try #require(try hub.store.load().registry.subscriptions.first)
                #expect(given.failed == 1)
                #expect(try hub.store.load().registry.failedTotal == 1)
                #expect(given.pendingDigest == nil)
                #expect(given.lastError == "127.0.0.1 answered 500")
                clock.advance(by: 86_400)
                #expect(await hub.round().isEmpty)
            }
        }
    }

    @Test func a410EndsTheSubscription() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { stub, base in
                let (hub, _) = try await Self.subscribed(folder, base)
                stub.deliveryStatus.withLock { $0 = 410 }
                try folder.write("us/health.rss", ServeFixtures.feed(title: "Health", items: 2))
                #expect(await hub.round().map(\.1) == [.gone])
                let kept = try hub.store.load().registry.subscriptions
                #expect(kept.isEmpty)
            }
        }
    }

    @Test func aLeaseEndsAtItsWallClockInstant() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { _, base in
                let (hub, clock) = try await Self.subscribed(folder, base, lease: "3600")
                clock.advance(by: 3599)
                await hub.round()
                #expect(hub.registrySnapshot().subscriptions.count == 1)
                clock.advance(by: 1)
                await hub.round()
                let kept = try hub.store.load().registry.subscriptions
                #expect(kept.isEmpty)
            }
        }
    }

    @Test func theHubsNextWriteKeepsAnotherProcesssRemoval() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { _, base in
                let (hub, _) = try await Self.subscribed(folder, base)
                let other = WebSubStore(stateFolder: folder.url.appending(path: ".newsfeed"))
                _ = try other.update { $0.remove(callback: base + "/cb") }
                // The hub writes next (a new subscription): from the file, not from what it remembered.
                #expect(await H.send(hub, H.subscribe(base + "/other")).1 == .subscribed(leaseSeconds: 864_000))
                let kept = try other.load().registry.subscriptions.map(\.callback)
                #expect(kept == [base + "/other"])
            }
        }
    }

    @Test func aSubscriptionRemovedByAnotherProcessGetsNothingMore() async throws {
        try await ServeTestFolder.with { folder in
            try await CallbackStub.with { stub, base in
                let (hub, _) = try await Self.subscribed(folder, base)
                #expect(hub.registrySnapshot().subscriptions.count == 1)
                // What `newsfeed websub remove` does: its own store value, the file rewritten under the lock.
                let other = WebSubStore(stateFolder: folder.url.appending(path: ".newsfeed"))
                _ = try other.update { $0.remove(callback: base + "/cb") }
                try folder.write("us/health.rss", ServeFixtures.feed(title: "Health", items: 9))
                #expect(await hub.round().isEmpty)
                #expect(stub.deliveries.withLock { $0.isEmpty })
            }
        }
    }
}
