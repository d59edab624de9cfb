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
        }
        let later = Self.now.addingTimeInterval(60)
        let status = try #require(StatusReport(config: config, state: BridgeState(), now: later).websub)
        #expect(status.subscriptions == ["t1": 2])
        #expect(status.delivered == 2 && status.failed == 1 && status.pending == 1)
        #expect(status.lastErrors == ["b.example": "b.example answered 500"])
    }

    @Test func withoutTheHubTheReportHasNoWebSubPart() throws {
        let folder = TemporaryFolder("websub-status")
        #expect(StatusReport(config: try config(folder, hub: false), state: BridgeState(), now: Self.now).websub == nil)
    }
}
