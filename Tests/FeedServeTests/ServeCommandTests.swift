import Foundation
import Glibc
import HTTPServing
import TestSupport
import Testing
import Upstreams

/// `newsfeed serve` and `newsfeed demo` run in-process as the executable runs them,
/// over real loopback sockets: announcement, access log, exit codes, stopping,
/// folder resolution, `--refresh` and `/healthz`.
///
/// Serialized: each test starts servers and builds; run all at
/// once on 2 cores they starve the timing-bound tests of other suites.
@Suite(.serialized) struct ServeCommandTests {
    typealias F = ServeFixtures

    /// An access-log line (time, method, path, status, bytes, duration) split into its fields.
    static func accessLogFields(_ line: Substring) -> (request: String, bytes: Int)? {
        guard
            let match = line.wholeMatch(
                of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (GET|HEAD) (\S+) (\d{3}) (\d+) (\d+\.\d)ms/),
            let bytes = Int(match.4)
        else { return nil }
        return ("\(match.1) \(match.2) \(match.3)", bytes)
    }

    // MARK: - Serving and the access log

    @Test func servesAFeedWithTypeAndETagAndLogsEachRequest() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        let feed = F.feed(title: "Health", ttl: 20, items: 4)
        try folder.write(feed, to: "Feeds/us/health.rss")
        let serve = RunningCommand(["serve", "--port", "0"], workingDirectory: folder.url)
        defer { serve.stopSignal.fire() }
        let address = try await serve.servingURL()
        #expect(address.host == "127.0.0.1")
        #expect(try #require(address.port) > 0)

        let response = try await Self.request(address, "GET", "/us/health.rss")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/rss+xml; charset=utf-8")
        let etag = try #require(response.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong ETag, got \(etag)")
        #expect(response.body == Data(feed.utf8))
        let head = try await Self.request(address, "HEAD", "/us/health.rss")
        #expect(head.status == 200)
        let missing = try await Self.request(address, "GET", "/us/nothing.rss")
        #expect(missing.status == 404)

        let logged = try await serve.lines(count: 3) { Self.accessLogFields($0) != nil }
        #expect(logged.count == 3, "one line per request: \(logged)")
        let entries = logged.compactMap { Self.accessLogFields(Substring($0)) }
        #expect(
            entries.map(\.request) == [
                "GET /us/health.rss 200", "HEAD /us/health.rss 200", "GET /us/nothing.rss 404",
            ])
        let getBytes = try #require(entries.first?.bytes)
        // Bytes written are head and body, so the body alone is a lower bound.
        #expect(getBytes > feed.utf8.count && getBytes < feed.utf8.count + 2048)
        #expect(await serve.stop() == 0)
    }

    @Test func quietPrintsNoAccessLog() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try folder.write(F.feed(title: "Health"), to: "Feeds/us/health.rss")
        let serve = RunningCommand(["serve", "--port", "0", "--quiet"], workingDirectory: folder.url)
        defer { serve.stopSignal.fire() }
        let address = try await serve.servingURL()
        #expect(try await Self.request(address, "GET", "/us/health.rss").status == 200)
        #expect(try await Self.request(address, "GET", "/missing.rss").status == 404)
        // The log is printed off the event loop: give a line time to appear before saying there is none.
        try await Task.sleep(for: .milliseconds(300))
        #expect(await serve.stop() == 0)
        let lines = serve.standardOutput.text.split(separator: "\n")
        #expect(!lines.contains { Self.accessLogFields($0) != nil }, "\(lines)")
        #expect(!lines.contains("stopped"))
        #expect(serve.standardError.text.isEmpty)
    }

    // MARK: - Exit codes and stopping

    @Test func aPortInUseIsOneLineAndExitOne() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        let occupant = try NewsAPIStub()
        let port = try #require(Optional(occupant.port))
        let result = await RunningCommand.run(["serve", "--port", String(port)], workingDirectory: folder.url)
        await occupant.stop()
        #expect(result.status == 1)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 1, "one line on stderr: \(result.errors)")
        #expect(lines.first?.contains("127.0.0.1:\(port)") == true)
        #expect(lines.first?.contains("in use") == true)
        #expect(!result.output.contains("serving "))
    }

    @Test func aMissingFolderIsOneLineAndExitOne() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        let result = await RunningCommand.run(
            ["serve", "--dir", "nowhere", "--port", "0"], workingDirectory: folder.url)
        #expect(result.status == 1)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 1, "one line on stderr: \(result.errors)")
        #expect(lines.first?.contains("nowhere") == true)
    }

    @Test func aBadPortIsAUsageError() async {
        let folder = TemporaryFolder("newsfeed-serve-command")
        let result = await RunningCommand.run(["serve", "--port", "70000"], workingDirectory: folder.url)
        #expect(result.status == 64)
        #expect(result.errors.contains("--port 70000"))
    }

    @Test func theStopSignalEndsWithExitZeroAndClosesThePort() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try folder.write(F.feed(title: "Health"), to: "Feeds/us/health.rss")
        let serve = RunningCommand(["serve", "--port", "0"], workingDirectory: folder.url)
        let address = try await serve.servingURL()
        let port = try #require(address.port)
        // An idle keep-alive connection must not hold the shutdown up.
        let idle = try await onOwnThread { try Self.openConnection(port: port) }
        defer { close(idle) }
        #expect(try await Self.request(address, "GET", "/us/health.rss").status == 200)

        #expect(await serve.stop() == 0)
        #expect(serve.standardOutput.text.hasSuffix("stopped\n"))
        #expect(serve.standardError.text.isEmpty)
        await #expect(throws: LoopbackClient.Failure.self) {
            try await onOwnThread { _ = try LoopbackClient(port: port) }
        }
    }

    // MARK: - Which folder is served

    @Test func withoutAConfigTheFeedsFolderIsServed() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try folder.write(F.feed(title: "Feeds folder"), to: "Feeds/us/health.rss")
        try await Self.expectServes(
            folder.url.appending(path: "Feeds"), arguments: ["serve", "--port", "0"], workingDirectory: folder.url)
    }

    @Test func theConfigsOutputIsServedWhenNewsfeedJsonExists() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try folder.write(
            #"{"output": "public", "feeds": [{"country": "us", "category": "health"}]}"#, to: "newsfeed.json")
        try folder.write(F.feed(title: "Config output"), to: "public/us/health.rss")
        try folder.write(F.feed(title: "Not this one"), to: "Feeds/us/health.rss")
        try await Self.expectServes(
            folder.url.appending(path: "public"), arguments: ["serve", "--port", "0"], workingDirectory: folder.url,
            title: "Config output")
    }

    @Test func aNamedConfigsOutputIsResolvedFromTheConfigsFolder() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try folder.write(
            #"{"output": "out", "feeds": [{"country": "us", "category": "health"}]}"#, to: "site/feeds.json")
        try folder.write(F.feed(title: "Named config output"), to: "site/out/us/health.rss")
        try await Self.expectServes(
            folder.url.appending(path: "site/out"), arguments: ["serve", "--config", "site/feeds.json", "--port", "0"],
            workingDirectory: folder.url, title: "Named config output")
    }

    @Test func dirOverridesTheConfig() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try folder.write(
            #"{"output": "public", "feeds": [{"country": "us", "category": "health"}]}"#, to: "newsfeed.json")
        try folder.write(F.feed(title: "Chosen"), to: "chosen/us/health.rss")
        try await Self.expectServes(
            folder.url.appending(path: "chosen"), arguments: ["serve", "--dir", "chosen", "--port", "0"],
            workingDirectory: folder.url, title: "Chosen")
    }

    @Test func aBrokenConfigIsExit78() async {
        let folder = TemporaryFolder("newsfeed-serve-command")
        _ = try? folder.write(#"{"output": "public", "feedz": []}"#, to: "newsfeed.json")
        let result = await RunningCommand.run(["serve", "--port", "0"], workingDirectory: folder.url)
        #expect(result.status == 78)
        #expect(result.errors.contains("feedz"))
    }

    // MARK: - --refresh and /healthz

    @Test func refreshWithoutAConfigIsExit78() async {
        let folder = TemporaryFolder("newsfeed-serve-command")
        let result = await RunningCommand.run(["serve", "--refresh", "--port", "0"], workingDirectory: folder.url)
        #expect(result.status == 78)
        #expect(result.errors.contains("--refresh needs a config"))
        #expect(!result.output.contains("serving "))
    }

    @Test func refreshWithoutAKeyIsExit78() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        try folder.write(#"{"feeds": [{"country": "us", "category": "health"}]}"#, to: "newsfeed.json")
        let result = await RunningCommand.run(["serve", "--refresh", "--port", "0"], workingDirectory: folder.url)
        #expect(result.status == 78)
        #expect(result.errors.contains("NEWSAPI_KEY"))
    }

    @Test func refreshBuildsTheFeedInTheBackgroundWithoutABuildRun() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        let stub = try NewsAPIStub.samples()
        try folder.write(
            #"{"output": "Feeds", "feeds": [{"country": "us", "category": "health", "ttl": 30}]}"#,
            to: "newsfeed.json")
        let serve = RunningCommand(
            ["serve", "--refresh", "--port", "0"], environment: stub.environment, workingDirectory: folder.url)
        defer { serve.stopSignal.fire() }
        let address = try await serve.servingURL()

        let refreshed = try await serve.line(containing: "refresh: us/health")
        #expect(refreshed.contains("written"), "\(refreshed)")
        #expect(stub.requestedFeeds == ["us/health"])
        let feed = try await Self.request(address, "GET", "/us/health.rss")
        #expect(feed.status == 200)
        #expect(feed.headers["Content-Type"] == "application/rss+xml; charset=utf-8")
        #expect(feed.headers["Cache-Control"] == "public, max-age=1800")
        let items = try RSSItemSummary.all(in: feed.body)
        #expect(items.count == 9, "the us/health sample keeps 9 of its 10 articles")

        let health = try await Self.health(address)
        #expect(health.status == 200)
        #expect(health.feeds == 1)
        let age = try #require(health.stalestAge, "a successful fetch is in the state")
        #expect((0...60).contains(age))
        #expect(await serve.stop() == 0)
        await stub.stop()
    }

    @Test func aFailedRefreshKeepsThePreviousFeed() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        let stub = try NewsAPIStub.samples()
        try folder.write(
            #"{"output": "Feeds", "feeds": [{"country": "us", "category": "health"}]}"#, to: "newsfeed.json")
        let previous = F.feed(title: "Yesterday's health")
        try folder.write(previous, to: "Feeds/us/health.rss")
        stub.answer("us/health", with: .error(401, code: "apiKeyInvalid", message: "Your API key is invalid."))
        let environment = stub.environment
        let serve = RunningCommand(
            ["serve", "--refresh", "--port", "0"], environment: environment, workingDirectory: folder.url)
        defer { serve.stopSignal.fire() }
        let address = try await serve.servingURL()

        let failure = try await serve.line(containing: "refresh: us/health", onStandardError: true)
        #expect(failure.contains("key"), "the failure names the cause: \(failure)")
        #expect(failure.contains("kept the previous feed"), "\(failure)")
        // Like `build`, the refresher says once that NewsAPI feeds now wait for a new key.
        let pause = try await serve.line(containing: "NewsAPI feeds are paused", onStandardError: true)
        #expect(pause.hasPrefix("newsfeed serve: "), "\(pause)")
        #expect(pause.contains("set NEWSAPI_KEY to a valid key"), "\(pause)")
        let feed = try await Self.request(address, "GET", "/us/health.rss")
        #expect(feed.status == 200)
        #expect(feed.body == Data(previous.utf8))
        #expect(await serve.stop() == 0, "serve keeps serving through failed builds")
        await stub.stop()
    }

    @Test func healthzReflectsTheStateAsBuildsHappen() async throws {
        let folder = TemporaryFolder("newsfeed-serve-command")
        let stub = try NewsAPIStub.samples()
        try folder.write(
            #"{"output": "Feeds", "feeds": [{"country": "us", "category": "health"}, {"country": "gb", "category": "science"}]}"#,
            to: "newsfeed.json")
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        let serve = RunningCommand(["serve", "--port", "0", "--quiet"], workingDirectory: folder.url)
        defer { serve.stopSignal.fire() }
        let address = try await serve.servingURL()

        let empty = try await Self.health(address)
        #expect(empty.status == 200)
        #expect(empty.feeds == 0)
        #expect(empty.stalestAge == nil)

        let build = await RunningCommand.run(
            ["build", "--quiet"], environment: stub.environment, workingDirectory: folder.url)
        try #require(build.status == 0, "\(build.errors)")
        let built = try await Self.health(address)
        #expect(built.feeds == 2)
        #expect(try #require(built.stalestAge) <= 60)

        // The age comes from the state's last success, not from file times.
        let state = try F.state(["us/health": Date(timeIntervalSinceNow: -3_600), "gb/science": Date()])
        try state.write(to: folder.url.appending(path: "Feeds/.newsfeed/state.json"), options: .atomic)
        let stale = try await Self.health(address)
        #expect(stale.feeds == 2)
        #expect(try #require(stale.stalestAge) >= 3_600)
        #expect(try #require(stale.stalestAge) < 3_700)

        try Data("not json".utf8).write(to: folder.url.appending(path: "Feeds/.newsfeed/state.json"))
        #expect(try await Self.health(address).status == 503)
        #expect(await serve.stop() == 0)
        await stub.stop()
    }

    // MARK: - demo

    @Test func demoBuildsAndServesEverySampleFeed() async throws {
        let folder = TemporaryFolder("newsfeed-demo-command")
        let demo = RunningCommand(["demo", "--port", "0", "--output", "demo-feeds"], workingDirectory: folder.url)
        defer { demo.stopSignal.fire() }
        let opmlLine = try await demo.line(containing: "All at once (OPML): ")
        let opmlURL = try #require(URL(string: String(opmlLine.split(separator: " ").last ?? "")))
        let site = try #require(URL(string: "/", relativeTo: opmlURL)?.absoluteURL)
        #expect(opmlURL.absoluteString == site.absoluteString + "feeds.opml")
        #expect(site.host == "127.0.0.1")

        let printed = demo.standardOutput.text.split(separator: "\n")
            .filter { $0.hasPrefix("  http://") }
            .compactMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
        let expected = SampleAnswers.demoFeeds.map { site.appending(path: $0.relativePath) }
        #expect(printed == expected)

        for url in printed {
            let response = try await Self.request(url, "GET", url.path)
            #expect(response.status == 200, "\(url)")
            #expect(response.headers["Content-Type"] == "application/rss+xml; charset=utf-8")
            let violations = FeedRulesChecker.violations(in: response.body, selfURL: url)
            #expect(violations.isEmpty, "\(url): \(violations.joined(separator: "\n"))")
            #expect(try RSSItemSummary.all(in: response.body).count >= 8)
        }
        let opml = try await Self.request(opmlURL, "GET", "/feeds.opml")
        #expect(opml.status == 200)
        #expect(opml.headers["Content-Type"]?.hasPrefix("text/x-opml") == true)
        let opmlText = String(decoding: opml.body, as: UTF8.self)
        for url in expected {
            #expect(opmlText.contains("xmlUrl=\"\(url.absoluteString)\""), "the OPML lists \(url)")
        }
        #expect(try await Self.request(site, "GET", "/").status == 200)
        #expect(await demo.stop() == 0)
        #expect(demo.standardOutput.text.hasSuffix("stopped\n"))
    }

    // MARK: - Helpers

    /// Sends one request on a fresh loopback connection to `address`'s port.
    static func request(
        _ address: URL, _ method: String, _ path: String, _ headers: [(String, String)] = []
    ) async throws -> LoopbackClient.Response {
        let port = try #require(address.port)
        return try await onOwnThread { try LoopbackClient(port: port).request(method, path, headers) }
    }

    /// A connected socket that sends nothing: an idle keep-alive client.
    static func openConnection(port: Int) throws -> Int32 {
        try LoopbackClient.connectedSocket(port: port)
    }

    /// `/healthz`: its status, feed count and stalest fetch age.
    static func health(_ address: URL) async throws -> (status: Int, feeds: Int?, stalestAge: Int?) {
        let response = try await request(address, "GET", "/healthz")
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (
            response.status, object?["feeds"] as? Int, object?["stalestFetchAgeSeconds"] as? Int
        )
    }

    /// Runs `serve`, checks it announces `directory` and serves its feed, then stops it.
    static func expectServes(
        _ directory: URL, arguments: [String], workingDirectory: URL, title: String? = nil
    ) async throws {
        let serve = RunningCommand(arguments, workingDirectory: workingDirectory)
        defer { serve.stopSignal.fire() }
        let announced = try await serve.servingAnnouncement()
        #expect(
            URL(fileURLWithPath: announced.directory).standardizedFileURL.path
                == directory.standardizedFileURL.path)
        let feed = try await request(announced.address, "GET", "/us/health.rss")
        #expect(feed.status == 200)
        if let title {
            #expect(String(decoding: feed.body, as: UTF8.self).contains("<title>\(title)</title>"))
        }
        #expect(await serve.stop() == 0)
    }
}
