import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// The status report reads the hub's subscriptions file (issue 29, point 7): active subscriptions per topic,
/// deliveries made, failed and pending, the last error per callback host; nothing without the hub.
@Suite struct WebSubStatusTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func config(_ folder: TemporaryFolder, hub: Bool) throws -> NewsFeedConfig {
        let text = #"{"output": "Feeds", "feeds": [{"country": "us"}], "websub": {"hub": \#(hub)}}"#
        return try ConfigLoader.parse(Data(text.utf8), path: "newsfeed.json", folder: folder.url)
    }

    @Test func theReportCountsTheStoresActiveSubscriptionsAndDeliveries() throws {
        let folder = TemporaryFolder("websub-status")
        let config = try config(folder, hub: true)
        let store = WebSubStore(stateFolder: OutputFolder(root: config.output).stateFolder)
        _ = try store.update(now: Self.now) { registry in
            registry.subscribe(callback: "https://a.example/1", topic: "t1", secret: nil, now: Self.now, lease: 600)
            registry.subscribe(callback: "https://b.example/1", topic: "t1", secret: nil, now: Self.now, lease: 600)
            registry.subscribe(callback: "https://c.example/1", topic: "t2", secret: nil, now: Self.now, lease: 1)
            var failing = registry.subscriptions[1]
            failing.delivered = 2
            failing.failed = 1
            failing.lastError = "b.example answered 500"
            failing.pendingDigest = "d"
            registry.update(failing)
            // Totals since the folder began: an ended subscription's deliveries are still counted.
            registry.deliveredTotal = 5
            registry.failedTotal = 1
            registry.verificationFailed(
                host: "d.example", reason: "verification of subscribe to t1 failed: HTTP 404", time: Self.now)
        }
        let later = Self.now.addingTimeInterval(60)
        let status = try #require(StatusReport(config: config, state: BridgeState(), now: later).websub)
        #expect(status.subscriptions == ["t1": 2])
        #expect(status.delivered == 5 && status.failed == 1 && status.pending == 1)
        #expect(
            status.lastErrors == [
                "b.example": "b.example answered 500",
                "d.example": "verification of subscribe to t1 failed: HTTP 404",
            ])
    }

    @Test func withoutTheHubTheReportHasNoWebSubPart() throws {
        let folder = TemporaryFolder("websub-status")
        #expect(StatusReport(config: try config(folder, hub: false), state: BridgeState(), now: Self.now).websub == nil)
    }
}

/// A subscriptions file written before the totals were kept reads its subscriptions' counts as the totals.
@Suite struct WebSubRegistryCompatibilityTests {
    @Test func anOlderFileWithoutTotalsCountsItsSubscriptions() throws {
        let text = """
            {"version": 1, "topicDigests": {}, "subscriptions": [{"callback": "https://a.example/1", "topic": "t1",
            "verifiedAt": 0, "leaseEnd": 600, "delivered": 3, "failed": 2, "attempts": 0}]}
            """
        let decoder = JSONDecoder()
        let registry = try decoder.decode(WebSubRegistry.self, from: Data(text.utf8))
        #expect(registry.deliveredTotal == 3)
        #expect(registry.failedTotal == 2)
        #expect(registry.verificationErrors.isEmpty)
    }

    @Test func failedVerificationsAreKeptForTheNewestHundredHostsOnly() {
        var registry = WebSubRegistry()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<(WebSubRegistry.maxVerificationErrors + 20) {
            registry.verificationFailed(
                host: "host\(index).example", reason: "no answer", time: start.addingTimeInterval(Double(index)))
        }
        #expect(registry.verificationErrors.count == WebSubRegistry.maxVerificationErrors)
        #expect(registry.verificationErrors["host0.example"] == nil)
        #expect(registry.verificationErrors["host119.example"] != nil)
        registry.verified(host: "host119.example")
        #expect(registry.verificationErrors["host119.example"] == nil)
    }
}
