import FeedServe
import Foundation
import TestSupport
import Testing

/// `serve`'s `/status`, `/status.json` and `/metrics`, over loopback after a real scheduled build.
@Suite(.serialized) struct StatusEndpointTests {
    typealias S = ScheduleFixtures

    /// Whether the promtool test runs: always under `.ci/run` (so a missing promtool fails it).
    static var promtoolTestRuns: Bool {
        FeedReader.areRequired() || ChildProcess.findExecutable("promtool") != nil
    }

    /// Builds in a workspace, then serves it with the workspace's clock while `body` runs.
    static func serving(
        config: String = S.config(quota: #"{"requestsPerDay": 4}"#),
        answers: [String: NewsAPIStub.Answer] = S.answers(),
        _ body: @escaping @Sendable (BuildWorkspace, URL) async throws -> Void
    ) async throws {
        try await BuildWorkspace.with(config: config, answers: answers) { workspace in
            _ = await workspace.build()
            let serve = RunningCommand(
                ["serve", "--port", "0", "--quiet"], environment: workspace.environment,
                workingDirectory: workspace.folder.url, clock: workspace.clock.reading)
            do {
                let address = try await serve.servingURL()
                try await body(workspace, address)
            } catch {
                _ = await serve.stop()
                throw error
            }
            #expect(await serve.stop() == 0)
        }
    }

    @Test func statusJSONEqualsStatusCommandJSON() async throws {
        try await Self.serving { workspace, address in
            let served = try await ServeCommandTests.request(address, "GET", "/status.json")
            #expect(served.status == 200)
            #expect(served.headers["Content-Type"] == "application/json")
            #expect(served.headers["Cache-Control"] == "no-store")
            let command = await workspace.run(["status", "--json"])
            #expect(String(decoding: served.body, as: UTF8.self) == command.standardOutput)
        }
    }

    @Test func statusPageShowsEveryFeedAndTheQuotaInTheIndexLook() async throws {
        var answers = S.answers()
        answers["us/sports"] = S.badKey
        let config = S.config()
        try await Self.serving(config: config, answers: answers) { workspace, address in
            let page = try await ServeCommandTests.request(address, "GET", "/status")
            #expect(page.status == 200)
            #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
            let html = String(decoding: page.body, as: UTF8.self)
            // The index's frame: the same stylesheet, theme toggle and CSP.
            let index = String(
                decoding: try Data(contentsOf: workspace.output.appending(path: "index.html")), as: UTF8.self)
            for shared in ["<meta name=\"color-scheme\" content=\"light dark\">", "assets/", "theme-choice"] {
                #expect(html.contains(shared) && index.contains(shared), "\(shared)")
            }
            for feed in S.sixFeeds { #expect(html.contains("<h2>\(feed)</h2>"), "\(feed)") }
            #expect(
                html.contains(
                    "Paused since 2024-05-02 12:00 UTC until the NewsAPI key changes (NewsAPI apiKeyInvalid (HTTP 401)")
            )
            #expect(html.contains("<li><strong>NewsAPI: paused until the key changes"))
            #expect(html.contains("<h2>NewsAPI quota</h2>"))
            #expect(html.hasSuffix("</html>\n"))
        }
    }

    /// The page rounds as `status` does: past moments down (a success at 12:00:46 shows 12:00), moments to
    /// come up (due at 13:00:46 shows 13:01); a feed paused on a bad key is due when the key changes.
    @Test func statusPageRoundsPastTimesDownAndTimesToComeUp() async throws {
        var answers = S.answers(["us/health", "us/science"])
        answers["us/science"] = S.badKey
        try await BuildWorkspace.with(config: S.config(["us/health", "us/science"]), answers: answers) { workspace in
            workspace.clock.advance(by: 46)
            _ = await workspace.build()
            let serve = RunningCommand(
                ["serve", "--port", "0", "--quiet"], environment: workspace.environment,
                workingDirectory: workspace.folder.url, clock: workspace.clock.reading)
            do {
                let address = try await serve.servingURL()
                let page = try await ServeCommandTests.request(address, "GET", "/status")
                let html = String(decoding: page.body, as: UTF8.self)
                #expect(
                    html.contains(
                        "last success <time datetime=\"2024-05-02T12:00:46Z\" dir=\"ltr\">2 May 2024, 12:00 UTC</time>")
                )
                #expect(html.contains("next due when the NewsAPI key changes"))
                #expect(!html.contains("next due <span class=\"muted\">now</span>"))
                #expect(html.contains("Paused since 2024-05-02 12:00 UTC until the NewsAPI key changes"))
            } catch {
                _ = await serve.stop()
                throw error
            }
            #expect(await serve.stop() == 0)
        }
        // Without a pause, the next due of a feed built at 12:00:46 (every 1 h) shows 13:01.
        try await BuildWorkspace.with(config: S.config(["us/health"]), answers: S.answers(["us/health"])) {
            workspace in
            workspace.clock.advance(by: 46)
            _ = await workspace.build()
            let serve = RunningCommand(
                ["serve", "--port", "0", "--quiet"], environment: workspace.environment,
                workingDirectory: workspace.folder.url, clock: workspace.clock.reading)
            do {
                let address = try await serve.servingURL()
                let page = try await ServeCommandTests.request(address, "GET", "/status")
                let html = String(decoding: page.body, as: UTF8.self)
                #expect(
                    html.contains(
                        "last success <time datetime=\"2024-05-02T12:00:46Z\" dir=\"ltr\">2 May 2024, 12:00 UTC</time>")
                )
                #expect(
                    html.contains(
                        "next due <time datetime=\"2024-05-02T13:01:00Z\" dir=\"ltr\">2 May 2024, 13:01 UTC</time>"))
            } catch {
                _ = await serve.stop()
                throw error
            }
            #expect(await serve.stop() == 0)
        }
    }

    /// The served `/status` page, with a healthy feed, a paused one and the quota, through the W3C Nu
    /// HTML checker: no error, no warning.
    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func statusPageHasNoNuCheckerErrorOrWarning() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        var answers = S.answers()
        answers["us/sports"] = S.badKey
        try await Self.serving(config: S.config(), answers: answers) { workspace, address in
            let page = try await ServeCommandTests.request(address, "GET", "/status")
            #expect(page.status == 200)
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("until the NewsAPI key changes ("), "the page shows a problem")
            let file = try workspace.folder.write(html, to: "status.html")
            let messages = try await checker.messages(checking: [file])
            #expect(messages.map(\.description) == [])
        }
    }

    @Test func metricsNameEveryFeedWindowAndCounter() async throws {
        try await Self.serving { _, address in
            _ = try await ServeCommandTests.request(address, "GET", "/us/health.rss")
            _ = try await ServeCommandTests.request(address, "GET", "/nothing-here")
            // A response is counted once its last byte is sent, which the client may see a moment
            // before the server's thread gets to count it: ask again until both are in (bounded).
            var response = try await ServeCommandTests.request(address, "GET", "/metrics")
            var lines: [String] = []
            var earlierMetrics = 0
            for _ in 0..<100 {
                lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n").map(String.init)
                if lines.contains("newsfeed_http_requests_total{code=\"404\"} 1") { break }
                try await Task.sleep(for: .milliseconds(50))
                response = try await ServeCommandTests.request(address, "GET", "/metrics")
                earlierMetrics += 1
            }
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
            #expect(lines.contains("newsfeed_feed_items{feed=\"us/health\"} 1"))
            #expect(lines.contains("newsfeed_feed_items{feed=\"us/sports\"} 0"))
            #expect(lines.contains("newsfeed_feed_last_success_timestamp_seconds{feed=\"us/health\"} 1714651200"))
            #expect(lines.contains("newsfeed_feed_up{feed=\"us/health\"} 1"))
            #expect(lines.contains("newsfeed_feed_up{feed=\"us/sports\"} 0"))
            #expect(lines.contains("newsfeed_feed_dead_images{feed=\"us/health\"} 0"))
            #expect(lines.contains("newsfeed_quota_requests_remaining{window=\"24h\"} 0"))
            #expect(lines.contains("newsfeed_quota_requests_remaining{window=\"12h\"} 46"))
            #expect(lines.contains("newsfeed_paused 0"))
            // The feed, and any /metrics asked before this one had everything (counted by then, or not yet).
            let okCount = lines.first { $0.hasPrefix("newsfeed_http_requests_total{code=\"200\"} ") }
                .flatMap { $0.split(separator: " ").last.flatMap { Int($0) } }
            #expect(okCount.map { (1...(1 + earlierMetrics)).contains($0) } == true, "\(okCount ?? -1)")
            #expect(lines.contains("newsfeed_http_requests_total{code=\"404\"} 1"))
            #expect(lines.contains("# TYPE newsfeed_http_response_bytes_total counter"))
            let bytes = lines.first { $0.hasPrefix("newsfeed_http_response_bytes_total ") }
            #expect((bytes?.split(separator: " ").last.flatMap { Int($0) } ?? 0) > 1000)
        }
    }

    @Test func labelValuesAreEscaped() {
        #expect(MetricsDocument.escapeLabel(#"a"b\c"# + "\nd") == #"a\"b\\c\nd"#)
        #expect(MetricsDocument.escapeHelp("x\\y\nz") == #"x\\y\nz"#)
    }

    @Test(.enabled(if: promtoolTestRuns, "promtool is missing and NEWSFEED_REQUIRE_READERS is not 1"))
    func metricsPassPromtoolLint() async throws {
        let promtool = try #require(
            ChildProcess.findExecutable("promtool"), "promtool is not on PATH (apt-get install prometheus)")
        var answers = S.answers()
        answers["us/sports"] = S.rateLimited
        try await Self.serving(answers: answers) { workspace, address in
            _ = try await ServeCommandTests.request(address, "GET", "/us/health.rss")
            let response = try await ServeCommandTests.request(address, "GET", "/metrics")
            let file = workspace.folder.url.appending(path: "metrics.txt")
            try response.body.write(to: file)
            #expect(String(decoding: response.body, as: UTF8.self).contains("newsfeed_paused 1"))
            // promtool reads the exposition from stdin; a shell hands it the file.
            let outcome = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" check metrics < \"$1\"", promtool.path, file.path],
                environment: ChildProcess.loopbackEnvironment())
            #expect(outcome.status == 0, "\(outcome.summary) \(outcome.outputText)")
            #expect(outcome.outputText.isEmpty && outcome.errorText.isEmpty, "lint is quiet: \(outcome.summary)")
        }
    }
}

/// `serve --refresh` spends the same quota, through the same scheduler and state, as `build`.
@Suite(.serialized) struct RefreshSchedulingTests {
    typealias S = ScheduleFixtures

    @Test func refreshAndACronBuildBesideItShareOneQuota() async throws {
        try await BuildWorkspace.with(config: S.config(quota: #"{"requestsPerDay": 4}"#), answers: S.answers()) {
            workspace in
            let serve = RunningCommand(
                ["serve", "--refresh", "--port", "0"], environment: workspace.environment,
                workingDirectory: workspace.folder.url, clock: workspace.clock.reading)
            do {
                _ = try await serve.servingURL()
                _ = try await serve.line(containing: "refresh: us/health: written")
                // A cron build and a forced one beside the server: nothing left to spend.
                let cron = await workspace.build()
                #expect(cron.status == 0, "\(cron.standardError)")
                #expect(cron.outputLines.contains { $0.hasPrefix("us/sports: quota left for 0 requests until ") })
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(workspace.stub.requests.count == 4, "one quota for the server and the builds")
                let state = try workspace.state()
                #expect(state.requests.count == 4)
            } catch {
                _ = await serve.stop()
                throw error
            }
            #expect(await serve.stop() == 0)
            #expect(!serve.standardOutput.text.contains("not due"), "the server prints only what it attempted")
        }
    }
}
