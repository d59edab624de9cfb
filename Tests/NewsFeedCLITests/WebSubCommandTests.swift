import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed websub list` and `remove` (issue 29, point 7): one line per subscription with the host, topic and
/// lease end in UTC and never the secret; remove by callback (whole or without its query), exit 1 when none.
@Suite struct WebSubCommandTests {
    static let config = #"{"site": "https://feeds.example.com/", "output": "Feeds", "feeds": [{"country": "us"}]}"#

    private func workspace() throws -> (TemporaryFolder, WebSubStore) {
        let folder = TemporaryFolder("websub-cli")
        try folder.write(Self.config, to: "newsfeed.json")
        let store = WebSubStore(stateFolder: folder.url.appending(path: "Feeds/.newsfeed"))
        _ = try store.update(now: testNow) { registry in
            registry.subscribe(
                callback: "https://reader.example/cb?token=abc", topic: "https://feeds.example.com/us.rss",
                secret: "TOPSECRET", now: testNow, lease: 86_400)
            registry.subscribe(
                callback: "https://other.example/hook", topic: "https://feeds.example.com/us.rss", secret: nil,
                now: testNow, lease: 3600)
        }
        return (folder, store)
    }

    @Test func listPrintsOneLinePerSubscriptionWithoutTheSecret() async throws {
        let (folder, _) = try workspace()
        let run = await CommandRun.run(["websub", "list"], workingDirectory: folder.url)
        #expect(run.status == 0)
        #expect(run.outputLines.count == 2)
        #expect(run.outputLines.allSatisfy { !$0.contains("TOPSECRET") && !$0.contains("token=abc") })
        #expect(run.outputLines.first?.hasPrefix("other.example  https://feeds.example.com/us.rss  until ") == true)
        #expect(run.outputLines.last?.hasSuffix(" UTC  https://reader.example/cb") == true)
    }

    @Test func removeEndsTheCallbacksSubscriptionsAndSaysSo() async throws {
        let (folder, store) = try workspace()
        let run = await CommandRun.run(["websub", "remove", "https://reader.example/cb"], workingDirectory: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.outputLines.first?.hasPrefix("removed 1 subscription of https://reader.example/cb") == true)
        let left = try store.load().registry.subscriptions.map(\.callback)
        #expect(left == ["https://other.example/hook"])
        let again = await CommandRun.run(
            ["websub", "remove", "https://reader.example/cb"], workingDirectory: folder.url)
        #expect(again.status == 1)
        #expect(again.standardError.contains("no subscription of https://reader.example/cb"))
    }

    @Test func aBadWebSubValueIsAConfigurationErrorForEveryCommand() async throws {
        let folder = TemporaryFolder("websub-cli")
        try folder.write(
            #"{"output": "Feeds", "feeds": [{"country": "us"}], "websub": {"leaseSeconds": {"min": "0s"}}}"#,
            to: "newsfeed.json")
        for command in [["websub", "list"], ["serve"], ["build"]] {
            let run = await CommandRun.run(command, workingDirectory: folder.url)
            #expect(run.status == 78, "\(command)")
            #expect(run.standardError.contains("websub.leaseSeconds.min: must be 1m to 365d, not 0s"), "\(command)")
        }
    }

    @Test func withoutSubscriptionsListSaysSoAndAnUnknownActionIsAUsageError() async throws {
        let folder = TemporaryFolder("websub-cli")
        try folder.write(Self.config, to: "newsfeed.json")
        let run = await CommandRun.run(["websub", "list"], workingDirectory: folder.url)
        #expect(run.outputLines == ["no WebSub subscriptions"])
        #expect(await CommandRun.run(["websub", "purge"], workingDirectory: folder.url).status == 64)
    }
}
