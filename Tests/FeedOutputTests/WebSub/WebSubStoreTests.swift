import FeedOutput
import Foundation
import TestSupport
import Testing

/// The subscriptions file (issue 29, point 5): atomic, wall-clock instants that survive a reload, a corrupt or
/// truncated file moved aside with one line while new subscriptions work, and the registry's rules.
@Suite struct WebSubStoreTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let topic = "https://feeds.example.com/us/health.rss"

    private func store(_ folder: TemporaryFolder) -> WebSubStore {
        WebSubStore(stateFolder: folder.url.appending(path: ".newsfeed"))
    }

    @Test func subscriptionsLeasesAndRetryInstantsSurviveAReload() throws {
        let folder = TemporaryFolder("websub-store")
        let store = store(folder)
        _ = try store.update(now: Self.now) { registry in
            registry.subscribe(
                callback: "https://reader.example/cb?id=1", topic: Self.topic, secret: "s3cret", now: Self.now,
                lease: 3600)
            registry.topicChanged(Self.topic, digest: "abc", now: Self.now)
        }
        let loaded = try store.load(now: Self.now)
        #expect(loaded.warning == nil)
        let subscription = try #require(loaded.registry.subscriptions.first)
        #expect(subscription.leaseEnd == Self.now.addingTimeInterval(3600))
        #expect(subscription.nextAttempt == Self.now)
        #expect(subscription.pendingDigest == "abc")
        #expect(subscription.secret == "s3cret")
        #expect(loaded.registry.topicDigests[Self.topic] == "abc")
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appending(path: ".newsfeed").path)
        #expect(Set(leftovers) == ["websub.json", "websub.lock"])
    }

    @Test func aTruncatedFileIsMovedAsideWithOneLineAndNewSubscriptionsWork() throws {
        let folder = TemporaryFolder("websub-store")
        let store = store(folder)
        _ = try store.update(now: Self.now) { registry in
            for index in 0..<5 {
                registry.subscribe(
                    callback: "https://reader.example/\(index)", topic: Self.topic, secret: nil, now: Self.now,
                    lease: 3600)
            }
        }
        let whole = try Data(contentsOf: store.url)
        try whole.prefix(whole.count / 2).write(to: store.url)

        let loaded = try store.load(now: Self.now)
        #expect(loaded.registry.subscriptions.isEmpty)
        let warning = try #require(loaded.warning)
        #expect(!warning.contains("\n"))
        #expect(warning.contains("moved to websub.json.corrupt-"))
        let (_, registry, _) = try store.update(now: Self.now) { registry in
            registry.subscribe(
                callback: "https://reader.example/new", topic: Self.topic, secret: nil, now: Self.now, lease: 60)
        }
        #expect(registry.subscriptions.map(\.callback) == ["https://reader.example/new"])
        #expect(try store.load().registry.subscriptions.count == 1)
    }

    @Test func aRenewalReplacesTheLeaseAndSecretAndKeepsTheCounts() {
        var registry = WebSubRegistry()
        registry.subscribe(callback: "https://r.example/cb", topic: Self.topic, secret: "old", now: Self.now, lease: 60)
        var delivered = registry.subscriptions[0]
        delivered.delivered = 3
        registry.update(delivered)
        let later = Self.now.addingTimeInterval(30)
        registry.subscribe(callback: "https://r.example/cb", topic: Self.topic, secret: "new", now: later, lease: 600)
        #expect(registry.subscriptions.count == 1)
        #expect(registry.subscriptions[0].secret == "new")
        #expect(registry.subscriptions[0].leaseEnd == later.addingTimeInterval(600))
        #expect(registry.subscriptions[0].delivered == 3)
    }

    @Test func theCapsCountAllSubscriptionsAndEachCallbackHostButARenewalAlwaysFits() {
        var registry = WebSubRegistry()
        for index in 0..<2 {
            registry.subscribe(
                callback: "https://a.example/\(index)", topic: Self.topic, secret: nil, now: Self.now, lease: 60)
        }
        #expect(
            registry.admits(callback: "https://a.example/9", topic: Self.topic, maxSubscriptions: 10, maxPerHost: 2)
                == .tooManyForHost(host: "a.example", limit: 2))
        #expect(
            registry.admits(callback: "https://b.example/1", topic: Self.topic, maxSubscriptions: 2, maxPerHost: 5)
                == .tooManySubscriptions(limit: 2))
        #expect(
            registry.admits(callback: "https://a.example/1", topic: Self.topic, maxSubscriptions: 2, maxPerHost: 2)
                == nil)
        #expect(
            registry.admits(callback: "https://b.example/1", topic: Self.topic, maxSubscriptions: 10, maxPerHost: 2)
                == nil)
    }

    @Test func leasesExpireAtTheirWallClockEnd() {
        var registry = WebSubRegistry()
        registry.subscribe(callback: "https://a.example/1", topic: Self.topic, secret: nil, now: Self.now, lease: 60)
        registry.subscribe(callback: "https://a.example/2", topic: Self.topic, secret: nil, now: Self.now, lease: 120)
        #expect(registry.nextDeadline == Self.now.addingTimeInterval(60))
        let early = registry.expire(now: Self.now.addingTimeInterval(59))
        #expect(early.isEmpty)
        let ended = registry.expire(now: Self.now.addingTimeInterval(60))
        #expect(ended.map(\.callback) == ["https://a.example/1"])
        #expect(registry.subscriptions.map(\.callback) == ["https://a.example/2"])
    }

    @Test func unchangedBytesMakeNothingPendingAndChangedOnesMakeEverySubscriberDue() {
        var registry = WebSubRegistry()
        registry.subscribe(callback: "https://a.example/1", topic: Self.topic, secret: nil, now: Self.now, lease: 600)
        registry.subscribe(
            callback: "https://a.example/2", topic: "https://other/", secret: nil, now: Self.now, lease: 600)
        let changed = registry.topicChanged(Self.topic, digest: "one", now: Self.now)
        #expect(changed)
        #expect(registry.due(now: Self.now).map(\.callback) == ["https://a.example/1"])
        var done = registry.subscriptions[0]
        done.pendingDigest = nil
        done.nextAttempt = nil
        registry.update(done)
        let again = registry.topicChanged(Self.topic, digest: "one", now: Self.now)
        #expect(!again)
        #expect(registry.due(now: Self.now).isEmpty)
    }

    @Test func removeEndsEverySubscriptionOfACallbackAndUnsubscribeOne() {
        var registry = WebSubRegistry()
        registry.subscribe(callback: "https://a.example/1", topic: Self.topic, secret: nil, now: Self.now, lease: 60)
        registry.subscribe(
            callback: "https://a.example/1", topic: "https://other/", secret: nil, now: Self.now, lease: 60)
        registry.subscribe(callback: "https://a.example/2", topic: Self.topic, secret: nil, now: Self.now, lease: 60)
        let first = registry.unsubscribe(callback: "https://a.example/2", topic: Self.topic)
        let second = registry.unsubscribe(callback: "https://a.example/2", topic: Self.topic)
        #expect(first && !second)
        let removed = registry.remove(callback: "https://a.example/1")
        #expect(removed == 2)
        #expect(registry.subscriptions.isEmpty)
    }
}
