import FeedWatch
import Foundation
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing

/// `--quiet` prints what changed since the previous round (kept in `.newsfeed/watch.json`) and `--json` prints one
/// document per round with findings as objects, a refused round included.
@Suite(.timeLimit(.minutes(1))) struct WatchQuietAndJSONTests {
    private typealias Fixture = WatchCommandFixture
    private typealias Story = WatchCommandFixture.Story

    private static let health = "us/health"
    private static let science = "us/science"
    /// Three failures before dead, so a failing image stays failing for a round; nothing here hangs.
    private static let settings =
        #"{"timeout": "20s", "recheck": "0s", "failuresBeforeDead": 3, "failureSpacing": "0s"}"#

    private static let feeds = [
        (
            id: health,
            stories: [
                Story("ok", image: "/img/ok.jpg"), Story("error", image: "/img/error.jpg"),
                Story("missing", image: "/img/missing.jpg"),
            ]
        ),
        (id: science, stories: [Story("s1", image: "/img/science-1.png")]),
    ]
    private static let answers: [String: ScriptedImageHost.Answer] = [
        "/img/ok.jpg": .image(type: "image/jpeg", length: 3000),
        "/img/error.jpg": .status(500),
        "/img/missing.jpg": .status(404),
        "/img/science-1.png": .image(type: "image/png", length: 1111),
    ]

    @Test func quietPrintsOnlyWhatChangedSinceTheLastRoundAndNothingWhenNothingDid() async throws {
        try await Fixture.run(feeds: Self.feeds, answers: Self.answers, watchSettings: Self.settings) { fixture in
            #expect(await fixture.build().status == 0)
            let quiet = ["--allow-private", "--quiet"]
            let first = await fixture.watch(quiet)
            #expect(first.status == 0)
            #expect(
                first.standardOutput == """
                    us/health: 3 checked, 1 ok, 1 dead, 0 blocked, 0 skipped (recently checked or not reached), \
                    1 failing; rewritten
                      failing: \(fixture.image("/img/error.jpg")): HTTP 500
                      dead: \(fixture.image("/img/missing.jpg")): HTTP 404

                    """)

            // The same findings again: still failing, still dead. Nothing to say, nothing for cron to mail.
            let second = await fixture.watch(quiet)
            #expect(second.status == 0)
            #expect(second.standardOutput == "")
            #expect(second.standardError == "")

            // The failing one dies, the dead one is back.
            fixture.images.script("/img/missing.jpg", .image(type: "image/jpeg", length: 1500))
            let third = await fixture.watch(quiet)
            #expect(
                third.standardOutput == """
                    us/health: 3 checked, 2 ok, 1 dead, 0 blocked, 0 skipped (recently checked or not reached); \
                    rewritten
                      dead: \(fixture.image("/img/error.jpg")): HTTP 500
                      restored: \(fixture.image("/img/missing.jpg"))

                    """)
            let fourth = await fixture.watch(quiet)
            #expect(fourth.standardOutput == "", "\(fourth.standardOutput)\(fourth.standardError)")

            // The full report still lists every problem, saying which are old news.
            let loud = await fixture.watch()
            #expect(loud.standardOutput.contains("  still dead: \(fixture.image("/img/error.jpg")): HTTP 500\n"))
            #expect(!loud.standardOutput.contains("restored"))
            let stored = try JSONSerialization.jsonObject(
                with: Data(contentsOf: fixture.output.stateFolder.appending(path: "watch.json")))
            let images = try #require((stored as? [String: Any])?["images"] as? [String: [String: Any]])
            #expect(images[fixture.image("/img/error.jpg")]?["status"] as? String == "dead")
            #expect(images[fixture.image("/img/missing.jpg")]?["status"] as? String == "alive")
        }
    }

    /// Blocked images and failures that never got an HTTP answer are announced once, too.
    @Test func quietAnnouncesBlockedAndUnreachableImagesOnce() async throws {
        let stories = [
            Story("ok", image: "/img/ok.jpg"), Story("private", image: "/img/private.jpg", onSecondHost: true),
            Story("down", image: "http://127.0.0.1:9/img/down.jpg"),
        ]
        let answers: [String: ScriptedImageHost.Answer] = [
            "/img/ok.jpg": .image(type: "image/jpeg", length: 3000),
            "/img/private.jpg": .image(type: "image/jpeg", length: 10),
        ]
        try await Fixture.run(
            feeds: [(id: Self.health, stories: stories)], answers: answers, watchSettings: Self.settings
        ) { fixture in
            #expect(await fixture.build().status == 0)
            let config = try ConfigLoader.load(path: "newsfeed.json", workingDirectory: fixture.folder.url)
            let watcher = FeedWatcher(
                config: config, settings: config.watch, policy: LoopbackTwoIsPrivatePolicy(),
                clock: { Fixture.now })
            let blocked = fixture.image("/img/private.jpg", onSecondHost: true)
            let first = try await watcher.runRound().text(quiet: true)
            #expect(first.hasPrefix("us/health: 2 checked, 1 ok, 0 dead, 1 blocked"))
            #expect(first.contains("\n  failing: http://127.0.0.1:9/img/down.jpg: connection refused\n"))
            #expect(
                first.contains(
                    "\n  blocked: \(blocked): 127.0.0.2 is private (test policy); \(ImageChecker.allowPrivateHint)\n"))
            #expect(try await watcher.runRound().text(quiet: true) == "")
            let third = try await watcher.runRound().text(quiet: true)
            #expect(third.hasSuffix("\n  dead: http://127.0.0.1:9/img/down.jpg: connection refused\n"))
            #expect(!third.contains("blocked: "))
            #expect(fixture.images.requestCount(for: "/img/private.jpg") == 0)
        }
    }

    @Test func jsonFindingsAreObjectsWithStatusHTTPReasonAndSince() async throws {
        let stories = [
            Story("ok", image: "/img/ok.jpg"), Story("error", image: "/img/error.jpg"),
            Story("missing", image: "/img/missing.jpg"),
            Story("private", image: "/img/private.jpg", onSecondHost: true),
        ]
        let recheckAfterAnHour =
            #"{"timeout": "20s", "recheck": "1h", "failuresBeforeDead": 3, "failureSpacing": "0s"}"#
        try await Fixture.run(
            feeds: [
                (id: Self.health, stories: stories), (id: Self.science, stories: [Story("ok", image: "/img/ok.jpg")]),
            ],
            answers: Self.answers, watchSettings: recheckAfterAnHour
        ) { fixture in
            #expect(await fixture.build().status == 0)
            let config = try ConfigLoader.load(path: "newsfeed.json", workingDirectory: fixture.folder.url)
            let start = Fixture.now
            func round(after seconds: TimeInterval) async throws -> [String: [String: Any]] {
                let watcher = FeedWatcher(
                    config: config, settings: config.watch, policy: LoopbackTwoIsPrivatePolicy(),
                    clock: { start.addingTimeInterval(seconds) })
                let data = try await watcher.runRound().json()
                let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let findings = try #require(document["findings"] as? [[String: Any]])
                for finding in findings {
                    #expect(
                        Set(finding.keys) == ["url", "feeds", "status", "http", "reason", "since", "changed"],
                        "\(finding)")
                }
                return Dictionary(
                    findings.map { (String(($0["url"] as? String ?? "").split(separator: "/").last ?? ""), $0) },
                    uniquingKeysWith: { first, _ in first })
            }
            let iso = { (seconds: TimeInterval) in start.addingTimeInterval(seconds).formatted(.iso8601) }

            let first = try await round(after: 0)
            #expect(first["ok.jpg"]?["status"] as? String == "alive")
            #expect(first["ok.jpg"]?["feeds"] as? [String] == [Self.health, Self.science])
            #expect(first["error.jpg"]?["status"] as? String == "failing")
            #expect(first["error.jpg"]?["http"] as? Int == 500)
            #expect(first["error.jpg"]?["reason"] as? String == "HTTP 500")
            #expect(first["missing.jpg"]?["status"] as? String == "dead")
            #expect(first["missing.jpg"]?["http"] as? Int == 404)
            #expect(first["missing.jpg"]?["since"] as? String == iso(0))
            #expect(first["missing.jpg"]?["changed"] as? Bool == true)
            #expect(first["private.jpg"]?["status"] as? String == "blocked")
            #expect(first["private.jpg"]?["http"] is NSNull)
            #expect((first["private.jpg"]?["reason"] as? String)?.contains("--allow-private") == true)

            // A minute later: the live image is not due (skipped), the dead one is dead since the first round.
            let second = try await round(after: 60)
            #expect(second["ok.jpg"]?["status"] as? String == "skipped")
            #expect(second["ok.jpg"]?["since"] is NSNull)
            #expect(second["missing.jpg"]?["since"] as? String == iso(0))
            #expect(second["missing.jpg"]?["changed"] as? Bool == false)
            #expect(second["error.jpg"]?["since"] as? String == iso(0))

            fixture.images.script("/img/missing.jpg", .image(type: "image/jpeg", length: 1500))
            let third = try await round(after: 120)
            #expect(third["missing.jpg"]?["status"] as? String == "restored")
            #expect(third["missing.jpg"]?["since"] as? String == iso(120))
            #expect(third["missing.jpg"]?["http"] is NSNull)
            #expect(third["error.jpg"]?["status"] as? String == "dead")
            #expect(third["error.jpg"]?["since"] as? String == iso(120))
        }
    }

    @Test func jsonPrintsOneDocumentForEveryRoundEvenARefusedOne() async throws {
        // Port 9 has no listener: every check fails before an HTTP answer, on two hosts.
        let stories = (1...6).map { index in
            Story("down-\(index)", image: "http://127.0.0.\(index % 2 + 1):9/img/down-\(index).jpg")
        }
        try await Fixture.run(feeds: [(id: Self.health, stories: stories)], answers: [:]) { fixture in
            // Before the first build there is nothing to watch: a document with the note, not a refusal.
            let early = await fixture.watch(["--json"])
            #expect(early.status == 0)
            #expect(Self.refusal(early.standardOutput) == nil)
            #expect(early.standardOutput.contains(#""note" : "nothing to watch yet: "#), "\(early.standardOutput)")

            #expect(await fixture.build().status == 0)
            let offline = await fixture.watch(["--allow-private", "--json"])
            #expect(offline.status == 1)
            let reason = try #require(Self.refusal(offline.standardOutput))
            #expect(reason.hasPrefix("every one of 6 image checks failed (e.g. connection refused)"))
            #expect(offline.errorLines == ["newsfeed watch: \(reason)"])
        }
        // A quiet round with nothing new is still one document, with no findings.
        try await Fixture.run(feeds: Self.feeds, answers: Self.answers, watchSettings: Self.settings) { fixture in
            #expect(await fixture.build().status == 0)
            #expect(await fixture.watch().status == 0)
            fixture.images.script("/img/error.jpg", .image(type: "image/jpeg", length: 10))
            #expect(await fixture.watch().status == 0)
            let run = await fixture.watch(["--allow-private", "--json", "--quiet"])
            let document = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
            #expect((document?["findings"] as? [Any])?.isEmpty == true)
            #expect((document?["feeds"] as? [Any])?.count == 2)
        }
    }

    /// The issue's own reproduction: `watch --interval … --quiet` said everything again every round.
    @Test func intervalQuietRoundsAfterTheFirstPrintNothingWhenNothingChanged() async throws {
        try await Fixture.run(feeds: Self.feeds, answers: Self.answers, watchSettings: Self.settings) { fixture in
            #expect(await fixture.build().status == 0)
            let stop = StopSignal()
            Task {
                // Two rounds have started (each asks for every image once); the one in flight finishes.
                // (A third would find the failing image dead: a change, rightly printed.)
                while fixture.images.requestCount(for: "/img/ok.jpg") < 2 {
                    try await Task.sleep(for: .milliseconds(20))
                }
                stop.fire()
            }
            let once = await fixture.watch(["--allow-private", "--quiet", "--interval", "1s"], stopSignal: stop)
            #expect(once.status == 0)
            #expect(fixture.images.requestCount(for: "/img/ok.jpg") == 2)
            #expect(
                once.standardOutput == """
                    us/health: 3 checked, 1 ok, 1 dead, 0 blocked, 0 skipped (recently checked or not reached), \
                    1 failing; rewritten
                      failing: \(fixture.image("/img/error.jpg")): HTTP 500
                      dead: \(fixture.image("/img/missing.jpg")): HTTP 404

                    """)
        }
    }

    @Test func intervalJSONPrintsOneDocumentPerRound() async throws {
        try await Fixture.run(feeds: Self.feeds, answers: Self.answers, watchSettings: Self.settings) { fixture in
            #expect(await fixture.build().status == 0)
            let stop = StopSignal()
            Task {
                while fixture.images.requestCount(for: "/img/ok.jpg") < 2 {
                    try await Task.sleep(for: .milliseconds(20))
                }
                stop.fire()
            }
            let run = await fixture.watch(["--allow-private", "--json", "--interval", "1s"], stopSignal: stop)
            #expect(run.status == 0)
            // Pretty-printed documents, one after the other: each ends with a closing brace alone on its line.
            let documents = run.standardOutput.components(separatedBy: "\n}\n").dropLast().map { $0 + "\n}" }
            #expect(documents.count == 2)
            for document in documents {
                let object = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any]
                #expect((object?["findings"] as? [Any])?.count == 4)
            }
        }
    }

    /// The `reason` of a `{"refused": {"reason": …}}` document, or nil when `text` is not one.
    private static func refusal(_ text: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            object.count == 1, let refused = object["refused"] as? [String: Any], refused.count == 1
        else { return nil }
        return refused["reason"] as? String
    }
}
