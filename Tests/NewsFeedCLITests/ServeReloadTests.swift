import FeedOutput
import Foundation
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing

/// `serve --refresh` follows its config: SIGHUP reloads it (a real process), a changed file is
/// noticed at the next refresh, and a config that no longer loads keeps the previous one running
/// with one line naming the error.
@Suite(.serialized) struct ServeReloadTests {
    typealias S = ScheduleFixtures

    static func environment(_ stub: NewsAPIStub) -> [String: String] {
        ["NEWSAPI_KEY": BuildWorkspace.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString]
    }

    static func requested(_ feed: String, _ stub: NewsAPIStub) -> Bool {
        stub.requests.contains { $0.feedID == feed }
    }

    @Test func sighupReloadsTheConfigAndOneThatNoLongerLoadsKeepsThePreviousRunning() async throws {
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let folder = TemporaryFolder("newsfeed-reload")
        try folder.write(S.config(["us/health"]), to: ConfigLoader.defaultFileName)
        let stub = try NewsAPIStub(S.answers(["us/health", "us/science"]))
        let twoFeeds = S.config(["us/health", "us/science"])
        let signals = [
            // A feed added while it runs: SIGHUP, and it is built.
            ChildProcess.Signalling(
                SIGHUP, when: { Self.requested("us/health", stub) },
                whenPrinted: { output, _ in output.contains("refresh: us/health: written") },
                before: { _ = try? folder.write(twoFeeds, to: ConfigLoader.defaultFileName) }),
            // Then a config that no longer parses.
            ChildProcess.Signalling(
                SIGHUP, when: { Self.requested("us/science", stub) },
                whenPrinted: { output, _ in output.contains("refresh: us/science: written") },
                before: { _ = try? folder.write(#"{"feeds": ["#, to: ConfigLoader.defaultFileName) }),
            ChildProcess.Signalling(
                SIGTERM, whenPrinted: { _, errors in errors.contains("still running the previous config") }),
        ]
        let outcome: ChildProcess.Outcome
        do {
            outcome = try await ChildProcess.run(
                program, ["serve", "--refresh", "--port", "0"],
                environment: ChildProcess.loopbackEnvironment(overrides: Self.environment(stub)),
                workingDirectory: folder.url, timeout: .seconds(120), signals: signals)
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
        #expect(!outcome.timedOut, "\(outcome.summary)")
        #expect(outcome.status == 0, "SIGHUP must not end serve: \(outcome.summary)")
        let output = outcome.outputText.split(separator: "\n")
        #expect(output.contains("newsfeed serve: config: newsfeed.json changed: reloaded, 2 feeds"), "\(output)")
        let errors = outcome.errorText.split(separator: "\n").filter { $0.contains("config") }
        #expect(errors.count == 1, "one line for the broken config: \(errors)")
        #expect(errors.first?.hasPrefix("newsfeed serve: config: newsfeed.json") == true, "\(errors)")
        #expect(errors.first?.hasSuffix("; still running the previous config") == true, "\(errors)")
        #expect(!outcome.errorText.contains("Error Domain"))
        let state = try StateStore(url: folder.url.appending(path: "Feeds/.newsfeed/state.json")).load().state
        #expect(state.feeds["us/science"]?.lastSuccess != nil, "the added feed was built")
    }

    @Test func aChangedConfigIsNoticedAtTheNextRefreshAndStatusFollowsIt() async throws {
        let folder = TemporaryFolder("newsfeed-reload")
        try folder.write(S.config(["us/health"]), to: ConfigLoader.defaultFileName)
        let stub = try NewsAPIStub(S.answers(["us/health", "us/science"]))
        let serve = RunningCommand(
            ["serve", "--refresh", "--port", "0"], environment: Self.environment(stub), workingDirectory: folder.url)
        do {
            let address = try await serve.servingURL()
            _ = try await serve.line(containing: "refresh: us/health: written")
            try folder.write(S.config(["us/health", "us/science"]), to: ConfigLoader.defaultFileName)
            // The sleep ends as its timer would: no reload was asked for, the file changed.
            serve.reloadRequests.wakeup.fire()
            _ = try await serve.line(containing: "refresh: us/science: written")
            #expect(
                serve.standardOutput.text.contains("newsfeed serve: config: newsfeed.json changed: reloaded, 2 feeds"))
            let status = try LoopbackClient(port: try #require(address.port)).request("GET", "/status.json")
            #expect(String(decoding: status.body, as: UTF8.self).contains("us/science"))
        } catch {
            _ = await serve.stop()
            await stub.stop()
            throw error
        }
        #expect(await serve.stop() == 0)
        await stub.stop()
        #expect(serve.standardError.text.isEmpty, "\(serve.standardError.text)")
    }

    @Test func withoutRefreshAReloadNeedsNoKeyAndStatusFollowsIt() async throws {
        let folder = TemporaryFolder("newsfeed-reload")
        try folder.write(S.config(["us/health"]), to: ConfigLoader.defaultFileName)
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        // No NEWSAPI_KEY: serve without --refresh never asks NewsAPI.
        let serve = RunningCommand(["serve", "--port", "0"], environment: [:], workingDirectory: folder.url)
        do {
            let address = try await serve.servingURL()
            try folder.write(S.config(["us/health", "us/science"]), to: ConfigLoader.defaultFileName)
            serve.reloadRequests.wakeup.fire()
            _ = try await serve.line(containing: "changed: reloaded, 2 feeds")
            let status = try LoopbackClient(port: try #require(address.port)).request("GET", "/status.json")
            #expect(String(decoding: status.body, as: UTF8.self).contains("us/science"))
        } catch {
            _ = await serve.stop()
            throw error
        }
        #expect(await serve.stop() == 0)
        #expect(!serve.standardError.text.contains("NEWSAPI_KEY"), "\(serve.standardError.text)")
    }

    @Test func theReloaderLoadsOnlyWhatChangedAndSaysARefusalOnce() throws {
        let folder = TemporaryFolder("newsfeed-reload")
        try folder.write(S.config(["us/health"]), to: ConfigLoader.defaultFileName)
        let config = try ConfigLoader.load(path: ConfigLoader.defaultFileName, workingDirectory: folder.url)
        let reloader = ConfigReloader(
            path: ConfigLoader.defaultFileName, workingDirectory: folder.url, config: config)
        guard case .unchanged = reloader.check(forced: false) else {
            Issue.record("an unchanged file is not reloaded")
            return
        }
        guard case .reloaded(_, let forcedLine) = reloader.check(forced: true) else {
            Issue.record("a reload asked for loads the file")
            return
        }
        #expect(forcedLine == "newsfeed serve: config: reload asked for: reloaded, 1 feed")

        try folder.write(#"{"feeds": [}"#, to: ConfigLoader.defaultFileName)
        guard case .refused(let line) = reloader.check(forced: false) else {
            Issue.record("a broken config is refused")
            return
        }
        #expect(line.hasPrefix("newsfeed serve: config: newsfeed.json"))
        #expect(line.hasSuffix("; still running the previous config"))
        #expect(!line.contains("\n"))
        guard case .stillRefused = reloader.check(forced: false) else {
            Issue.record("the same broken file is said once")
            return
        }
        guard case .refused = reloader.check(forced: true) else {
            Issue.record("a reload asked for says it again")
            return
        }
        #expect(reloader.config.feeds.map(\.id) == ["us/health"], "the previous config keeps running")

        // The folder served and written is fixed for the life of the process.
        let moved =
            #"{"site": "\#(BuildWorkspace.site)", "output": "Elsewhere", "feeds": [{"country": "us", "category": "health"}]}"#
        try folder.write(moved, to: ConfigLoader.defaultFileName)
        guard case .refused(let movedLine) = reloader.check(forced: false) else {
            Issue.record("another output folder is refused")
            return
        }
        #expect(movedLine.contains("restart newsfeed serve to serve another folder"))

        try folder.write(S.config(["us/health", "us/science"]), to: ConfigLoader.defaultFileName)
        guard case .reloaded(let reloaded, _) = reloader.check(forced: false) else {
            Issue.record("a fixed config is loaded")
            return
        }
        #expect(reloaded.feeds.map(\.id) == ["us/health", "us/science"])
        #expect(reloader.config.feeds.count == 2)
    }
}
