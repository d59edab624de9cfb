import FeedWatch
import Foundation
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing

/// `newsfeed watch` end to end: feeds built by `newsfeed build` from a loopback NewsAPI, images on a loopback host
/// with scripted answers, the command run in-process exactly as the executable runs it.
@Suite(.timeLimit(.minutes(3))) struct WatchCommandTests {
    private typealias Fixture = WatchCommandFixture
    private typealias Story = WatchCommandFixture.Story

    private static let health = "us/health"
    private static let science = "us/science"
    private static let sports = "us/sports"

    /// One story per answer kind the watcher must handle.
    private static let healthStories = [
        Story("ok", image: "/img/ok.jpg"), Story("really-png", image: "/img/really-png.jpg"),
        Story("missing", image: "/img/missing.jpg"), Story("gone", image: "/img/gone.jpg"),
        Story("error", image: "/img/error.jpg"), Story("page", image: "/img/page.jpg"),
        Story("nohead", image: "/img/nohead.jpg"), Story("moved", image: "/img/moved.jpg"),
        Story("moved-missing", image: "/img/moved-missing.jpg"), Story("hang", image: "/img/hang.jpg"),
    ]
    private static let scienceStories = [
        Story("s1", image: "/img/science-1.png"), Story("s2", image: "/img/science-2.jpg"),
    ]
    /// No image of its own, and an image under the site: nothing to check over the network.
    private static let sportsStories = [
        Story("no-image", image: nil), Story("own-image", image: Fixture.site + "images/own.png"),
    ]
    private static let answers: [String: ScriptedImageHost.Answer] = [
        "/img/ok.jpg": .image(type: "image/jpeg", length: 3000),
        "/img/really-png.jpg": .image(type: "image/png", length: 4321),
        "/img/missing.jpg": .status(404),
        "/img/gone.jpg": .status(410),
        "/img/error.jpg": .status(500),
        "/img/page.jpg": .htmlPage,
        "/img/nohead.jpg": .headRefused(type: "image/gif", length: 5000),
        "/img/moved.jpg": .redirect(to: "/img/target.webp"),
        "/img/target.webp": .image(type: "image/webp", length: 777),
        "/img/moved-missing.jpg": .redirect(to: "/img/nowhere.jpg"),
        "/img/hang.jpg": .hang,
        "/img/science-1.png": .image(type: "image/png", length: 1111),
        "/img/science-2.jpg": .image(type: "image/jpeg", length: 2222),
    ]
    private static let allFeeds = [
        (id: health, stories: healthStories), (id: science, stories: scienceStories),
        (id: sports, stories: sportsStories),
    ]

    private static let defaultImage = [
        "url": Fixture.defaultImageURL, "length": String(DefaultImageAsset.data.count),
        "type": DefaultImageAsset.mimeType,
    ]

    /// The enclosure (url, length, type) of story `slug`, and whether media:content says the same.
    private func enclosure(_ slug: String, in fixture: Fixture, feed: String = health) throws -> [String: String] {
        let item = try #require(try fixture.items(feed)[slug], "no item \(slug) in \(feed)")
        let enclosure = try #require(item.enclosure, "no enclosure on \(slug)")
        let media = try #require(item.mediaContent, "no media:content on \(slug)")
        #expect(media["url"] == enclosure["url"], "media:content url of \(slug)")
        #expect(media["type"] == enclosure["type"], "media:content type of \(slug)")
        #expect(media["fileSize"] == (enclosure["length"] == "0" ? nil : enclosure["length"]), "fileSize of \(slug)")
        return enclosure
    }

    private func original(_ path: String, _ fixture: Fixture, length: Int, type: String) -> [String: String] {
        ["url": fixture.image(path), "length": String(length), "type": type]
    }

    private func expectValidFeeds(_ fixture: Fixture) throws {
        for id in fixture.feedIDs {
            let selfURL = try #require(URL(string: Fixture.site + id + ".rss"))
            #expect(FeedRulesChecker.violations(in: try fixture.feedData(id), selfURL: selfURL, now: Fixture.now) == [])
        }
    }

    @Test func roundsHealTheFeedsRecordTheStateRestoreImagesAndARebuildAgrees() async throws {
        try await Fixture.run(
            feeds: Self.allFeeds, answers: Self.answers, watchSettings: Fixture.hangingWatchSettings
        ) { fixture in
            let built = await fixture.build()
            #expect(built.status == 0, "build failed: \(built.standardError)")
            try expectValidFeeds(fixture)
            #expect(try enclosure("ok", in: fixture) == original("/img/ok.jpg", fixture, length: 0, type: "image/jpeg"))
            let sportsBytes = try fixture.feedData(Self.sports)
            let sportsDate = try fixture.modificationDate(Self.sports)

            // Round 1: 404, 410 and a redirect to a 404 are dead at once; a 500, an HTML page and a hung host are
            // failing (once); live images get their real length and type.
            let first = await fixture.watch()
            #expect(first.status == 0)
            #expect(first.standardError == "")
            #expect(
                first.standardOutput.contains(
                    "us/health: 10 checked, 4 ok, 3 dead, 0 blocked, 0 skipped (recently checked or not reached), "
                        + "3 failing; rewritten"))
            #expect(
                first.standardOutput.contains(
                    "us/science: 2 checked, 2 ok, 0 dead, 0 blocked, 0 skipped (recently checked or not reached); "
                        + "rewritten"))
            #expect(
                first.standardOutput.contains(
                    "us/sports: 0 checked, 0 ok, 0 dead, 0 blocked, 0 skipped (recently checked or not reached); "
                        + "unchanged"))
            #expect(first.standardOutput.contains("  dead: \(fixture.image("/img/missing.jpg")): HTTP 404"))

            #expect(
                try enclosure("ok", in: fixture) == original("/img/ok.jpg", fixture, length: 3000, type: "image/jpeg"))
            #expect(
                try enclosure("really-png", in: fixture)
                    == original("/img/really-png.jpg", fixture, length: 4321, type: "image/png"))
            #expect(try enclosure("missing", in: fixture) == Self.defaultImage)
            #expect(try enclosure("gone", in: fixture) == Self.defaultImage)
            #expect(try enclosure("moved-missing", in: fixture) == Self.defaultImage)
            #expect(
                try enclosure("error", in: fixture)
                    == original("/img/error.jpg", fixture, length: 0, type: "image/jpeg"))
            #expect(
                try enclosure("page", in: fixture) == original("/img/page.jpg", fixture, length: 0, type: "image/jpeg"))
            #expect(
                try enclosure("hang", in: fixture) == original("/img/hang.jpg", fixture, length: 0, type: "image/jpeg"))
            #expect(
                try enclosure("nohead", in: fixture)
                    == original("/img/nohead.jpg", fixture, length: 5000, type: "image/gif"))
            // A redirect keeps the enclosure on the story's own URL, with what its target reports.
            #expect(
                try enclosure("moved", in: fixture)
                    == original("/img/moved.jpg", fixture, length: 777, type: "image/webp"))
            #expect(
                try enclosure("s1", in: fixture, feed: Self.science)
                    == original("/img/science-1.png", fixture, length: 1111, type: "image/png"))
            // Nothing to change in sports: not rewritten at all.
            #expect(try fixture.feedData(Self.sports) == sportsBytes)
            #expect(try fixture.modificationDate(Self.sports) == sportsDate)
            try expectValidFeeds(fixture)

            var state = try fixture.state()
            let image = { (path: String) in state.images[fixture.image(path)] }
            #expect(image("/img/ok.jpg")?.status == .alive)
            #expect(image("/img/ok.jpg")?.length == 3000)
            #expect(image("/img/ok.jpg")?.mimeType == "image/jpeg")
            #expect(image("/img/ok.jpg")?.lastChecked == Fixture.now)
            #expect(image("/img/missing.jpg")?.status == .dead)
            #expect(image("/img/missing.jpg")?.lastError == "HTTP 404")
            #expect(image("/img/gone.jpg")?.lastError == "HTTP 410")
            #expect(image("/img/moved-missing.jpg")?.status == .dead)
            #expect(image("/img/error.jpg")?.status == .failing)
            #expect(image("/img/error.jpg")?.consecutiveFailures == 1)
            #expect(image("/img/error.jpg")?.lastError == "HTTP 500")
            #expect(image("/img/page.jpg")?.status == .failing)
            #expect(image("/img/page.jpg")?.lastError?.contains("text/html") == true)
            #expect(image("/img/hang.jpg")?.status == .failing)
            #expect(image("/img/hang.jpg")?.lastError?.contains("timed out") == true)
            #expect(image("/img/nohead.jpg")?.length == 5000)
            #expect(image("/img/moved.jpg")?.mimeType == "image/webp")
            #expect(state.images.keys.allSatisfy { $0.hasPrefix(fixture.imageBase) })
            #expect(
                state.items[Fixture.articleURL(Self.health, "missing")]?.originalImage
                    == fixture.image("/img/missing.jpg"))
            // HEAD everywhere; the one host that refuses HEAD gets a ranged GET; the own image is never asked for.
            #expect(fixture.images.requests.filter { $0.hasPrefix("GET ") } == ["GET /img/nohead.jpg"])
            #expect(fixture.images.requests.allSatisfy { !$0.contains("own.png") })

            // Round 2: the 500, the HTML page and the hung host fail again and are now dead.
            let scienceBytes = try fixture.feedData(Self.science)
            let scienceDate = try fixture.modificationDate(Self.science)
            let second = await fixture.watch()
            #expect(second.status == 0)
            #expect(
                second.standardOutput.contains(
                    "us/health: 10 checked, 4 ok, 6 dead, 0 blocked, 0 skipped (recently checked or not reached); "
                        + "rewritten"))
            #expect(try enclosure("error", in: fixture) == Self.defaultImage)
            #expect(try enclosure("page", in: fixture) == Self.defaultImage)
            #expect(try enclosure("hang", in: fixture) == Self.defaultImage)
            #expect(try fixture.feedData(Self.science) == scienceBytes)
            #expect(try fixture.modificationDate(Self.science) == scienceDate)
            state = try fixture.state()
            #expect(image("/img/error.jpg")?.status == .dead)
            #expect(image("/img/error.jpg")?.consecutiveFailures == 2)

            // Round 3: the missing image is back, and the story gets its own image again.
            fixture.images.script("/img/missing.jpg", .image(type: "image/jpeg", length: 1500))
            let third = await fixture.watch()
            #expect(third.status == 0)
            #expect(
                try enclosure("missing", in: fixture)
                    == original("/img/missing.jpg", fixture, length: 1500, type: "image/jpeg"))
            state = try fixture.state()
            #expect(image("/img/missing.jpg")?.status == .alive)
            #expect(image("/img/missing.jpg")?.consecutiveFailures == 0)
            try expectValidFeeds(fixture)

            // A rebuild from the same NewsAPI answer honours every verdict: no dead image comes back, known
            // lengths and types stay.
            let watched = try fixture.feedData(Self.health)
            let rebuilt = await fixture.build()
            #expect(rebuilt.status == 0, "rebuild failed: \(rebuilt.standardError)")
            for slug in ["gone", "error", "page", "hang", "moved-missing"] {
                #expect(try enclosure(slug, in: fixture) == Self.defaultImage, "\(slug) after the rebuild")
            }
            #expect(
                try enclosure("ok", in: fixture) == original("/img/ok.jpg", fixture, length: 3000, type: "image/jpeg"))
            #expect(
                try enclosure("really-png", in: fixture)
                    == original("/img/really-png.jpg", fixture, length: 4321, type: "image/png"))
            #expect(
                try enclosure("missing", in: fixture)
                    == original("/img/missing.jpg", fixture, length: 1500, type: "image/jpeg"))
            #expect(
                try enclosure("moved", in: fixture)
                    == original("/img/moved.jpg", fixture, length: 777, type: "image/webp"))
            #expect(try fixture.feedData(Self.health) == watched)
            try expectValidFeeds(fixture)
        }
    }

    // MARK: Output formats

    @Test func jsonPrintsOneDocumentWithPerFeedCountsIncludingRecentlyCheckedImages() async throws {
        let feeds = [
            (
                id: Self.health,
                stories: [Story("ok", image: "/img/ok.jpg"), Story("missing", image: "/img/missing.jpg")]
            ),
            (id: Self.science, stories: [Story("s1", image: "/img/science-1.png")]),
        ]
        let settings = #"{"timeout": "20s", "recheck": "1h"}"#
        try await Fixture.run(feeds: feeds, answers: Self.answers, watchSettings: settings) { fixture in
            #expect(await fixture.build().status == 0)
            #expect(await fixture.watch().status == 0)

            // Second round: the live images were checked a moment ago and are skipped; the dead one is asked again.
            let run = await fixture.watch(["--allow-private", "--json"])
            #expect(run.status == 0)
            #expect(run.standardError == "")
            let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
            let document = try #require(object as? [String: Any])
            let feeds = try #require(document["feeds"] as? [[String: Any]])
            #expect(feeds.map { $0["feed"] as? String } == [Self.health, Self.science])
            let counts = feeds.map { feed in
                ["checked", "ok", "dead", "blocked", "skipped"].map { feed[$0] as? Int ?? -1 }
            }
            #expect(counts == [[1, 0, 1, 0, 1], [0, 0, 0, 0, 1]])
            let findings = try #require(document["findings"] as? [[String: Any]])
            #expect(
                findings.map { $0["url"] as? String }
                    == ["/img/ok.jpg", "/img/missing.jpg", "/img/science-1.png"].map { fixture.image($0) })
            #expect(findings.map { $0["status"] as? String } == ["skipped", "dead", "skipped"])
            #expect(findings[1]["http"] as? Int == 404)
            #expect(findings[1]["changed"] as? Bool == false)
            #expect(document["startedAt"] as? String == "2027-01-15T08:00:00Z")

            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let report = try decoder.decode(WatchReport.self, from: Data(run.standardOutput.utf8))
            #expect(report.feeds.map(\.skipped) == [1, 1])
        }
    }

    @Test func quietPrintsNothingWhenAllIsWellAndOnlyTheProblemsOtherwise() async throws {
        let feeds = [
            (id: Self.health, stories: [Story("ok", image: "/img/ok.jpg")]),
            (id: Self.science, stories: [Story("s1", image: "/img/science-1.png")]),
        ]
        try await Fixture.run(feeds: feeds, answers: Self.answers) { fixture in
            #expect(await fixture.build().status == 0)
            let calm = await fixture.watch(["--allow-private", "--quiet"])
            #expect(calm.status == 0)
            #expect(calm.standardOutput == "")
            #expect(calm.standardError == "")

            fixture.images.script("/img/science-1.png", .status(410))
            let troubled = await fixture.watch(["--allow-private", "--quiet"])
            #expect(troubled.status == 0)
            #expect(
                troubled.standardOutput == """
                    us/science: 1 checked, 0 ok, 1 dead, 0 blocked, 0 skipped (recently checked or not reached); \
                    rewritten
                      dead: \(fixture.image("/img/science-1.png")): HTTP 410

                    """)

            // Known dead images are not mailed again every round.
            let again = await fixture.watch(["--allow-private", "--quiet"])
            #expect(again.status == 0)
            #expect(again.standardOutput == "")
            let loud = await fixture.watch(["--allow-private"])
            #expect(loud.standardOutput.contains("still dead: \(fixture.image("/img/science-1.png")): HTTP 410"))
        }
    }

    // MARK: Address guard

    @Test func withoutAllowPrivateNoLoopbackImageIsContactedAndTheFeedsStayAsTheyAre() async throws {
        let feeds = [
            (
                id: Self.health,
                stories: [Story("ok", image: "/img/ok.jpg"), Story("missing", image: "/img/missing.jpg")]
            )
        ]
        try await Fixture.run(feeds: feeds, answers: Self.answers) { fixture in
            #expect(await fixture.build().status == 0)
            let bytes = try fixture.feedData(Self.health)
            let date = try fixture.modificationDate(Self.health)

            let run = await fixture.watch([])
            #expect(run.status == 0)
            #expect(fixture.images.requests == [])
            #expect(
                run.standardOutput.contains(
                    "us/health: 0 checked, 0 ok, 0 dead, 2 blocked, 0 skipped (recently checked or not reached); "
                        + "unchanged"))
            #expect(run.standardOutput.contains("  blocked: \(fixture.image("/img/missing.jpg")): "))
            #expect(try fixture.feedData(Self.health) == bytes)
            #expect(try fixture.modificationDate(Self.health) == date)
            let state = try fixture.state()
            #expect(state.images[fixture.image("/img/ok.jpg")]?.status == .blocked)
            #expect(state.images[fixture.image("/img/missing.jpg")]?.status == .blocked)
            #expect(state.images[fixture.image("/img/missing.jpg")]?.lastError?.contains("127.0.0.1") == true)
        }
    }

    // MARK: Options

    @Test func concurrencyOptionOverridesTheConfig() async throws {
        let stories = (1...4).map { Story("slow-\($0)", image: "/img/slow-\($0).jpg") }
        var answers: [String: ScriptedImageHost.Answer] = [:]
        for index in 1...4 {
            answers["/img/slow-\(index).jpg"] = .image(type: "image/jpeg", length: 10, delay: .milliseconds(150))
        }
        // Nothing hangs here: a long timeout keeps a busy machine from failing the slow answers.
        let patient = #"{"timeout": "20s", "recheck": "0s", "failuresBeforeDead": 2, "failureSpacing": "0s"}"#
        try await Fixture.run(feeds: [(id: Self.health, stories: stories)], answers: answers, watchSettings: patient) {
            fixture in
            #expect(await fixture.build().status == 0)
            let run = await fixture.watch(["--allow-private", "--concurrency", "1"])
            #expect(run.status == 0)
            #expect(run.standardOutput.contains("us/health: 4 checked, 4 ok"))
            #expect(fixture.images.requests.count == 4)
            #expect(fixture.images.mostAtOnce == 1)
        }
    }

    @Test func intervalStopsWhileWaitingBetweenRoundsWithoutAnotherRound() async throws {
        let feeds = [(id: Self.science, stories: [Story("s1", image: "/img/science-1.png")])]
        try await Fixture.run(feeds: feeds, answers: Self.answers) { fixture in
            #expect(await fixture.build().status == 0)
            let stop = StopSignal()
            let output = TextOutput.capture()
            let folder = fixture.folder.url
            let watching = Task {
                await CLIRun.newsfeed(
                    ["watch", "--allow-private", "--interval", "1h"], in: folder, clock: Fixture.now, stopSignal: stop,
                    standardOutput: output)
            }
            while !output.1.text.contains("watched 1 feed in") { try await Task.sleep(for: .milliseconds(20)) }
            let stopped = ContinuousClock.now
            stop.fire()
            let run = await watching.value
            // At once rather than at the next round an hour away; loose, as a busy machine may be slow to stop.
            #expect(ContinuousClock.now - stopped < busyMachineSlack)
            #expect(run.status == 0)
            #expect(run.standardOutput.components(separatedBy: "watched 1 feed in").count == 2)
            #expect(fixture.images.requests == ["HEAD /img/science-1.png"])
        }
    }

    @Test func intervalRepeatsRoundsAndFinishesTheRoundInFlightWhenStopped() async throws {
        let feeds = [(id: Self.science, stories: [Story("slow", image: "/img/slow.jpg")])]
        let answers: [String: ScriptedImageHost.Answer] = [
            "/img/slow.jpg": .image(type: "image/jpeg", length: 64, delay: .milliseconds(400))
        ]
        try await Fixture.run(feeds: feeds, answers: answers) { fixture in
            #expect(await fixture.build().status == 0)
            let stop = StopSignal()
            let output = TextOutput.capture()
            let folder = fixture.folder.url
            let watching = Task {
                await CLIRun.newsfeed(
                    ["watch", "--allow-private", "--interval", "1s"], in: folder, clock: Fixture.now, stopSignal: stop,
                    standardOutput: output)
            }
            // Stop while the second round waits for the slow image.
            while fixture.images.requestCount(for: "/img/slow.jpg") < 2 { try await Task.sleep(for: .milliseconds(10)) }
            stop.fire()
            let run = await watching.value
            #expect(run.status == 0)
            #expect(run.standardError == "")
            let rounds = run.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("watched 1 feed in") }
            #expect(rounds.count == 2)
            #expect(run.standardOutput.hasSuffix("1 checked, 0 dead, 0 feeds rewritten\n"))
            #expect(fixture.images.requestCount(for: "/img/slow.jpg") == 2)
            #expect(try fixture.state().images[fixture.image("/img/slow.jpg")]?.length == 64)
        }
    }

    // MARK: Exit codes

    /// A folder with a valid config and no output folder yet.
    private func configuredFolder(
        watch: String = Fixture.quickWatchSettings, output: String = "Feeds"
    ) throws -> TemporaryFolder {
        let folder = TemporaryFolder("watch-command")
        try folder.write(
            """
            {"site": "\(Fixture.site)", "output": "\(output)", "feeds": [{"country": "us", "category": "health"}],
             "watch": \(watch)}
            """, to: "newsfeed.json")
        return folder
    }

    @Test(arguments: [
        ["--interval", "15x"], ["--interval", "0s"], ["--interval"], ["--concurrency", "0"],
        ["--concurrency", "many"], ["--concurrency", "2000"], ["--once", "--interval", "1m"], ["--bogus"],
        ["--json=yes"], ["extra"],
    ])
    func usageErrorsExit64WithOneLine(arguments: [String]) async throws {
        let folder = try configuredFolder()
        // Should an interval slip through, rounds would repeat: the signal ends them and the test fails.
        let stop = StopSignal()
        let backstop = Task {
            try await Task.sleep(for: .seconds(5))
            stop.fire()
        }
        defer { backstop.cancel() }
        let run = await CLIRun.newsfeed(["watch"] + arguments, in: folder.url, clock: Fixture.now, stopSignal: stop)
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.errorLines.count == 1, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("newsfeed watch: "))
        // Usage is judged before the config is read.
        let empty = TemporaryFolder("watch-command")
        #expect(await CLIRun.newsfeed(["watch"] + arguments, in: empty.url, clock: Fixture.now).status == 64)
    }

    @Test func onceIsAnExplicitSingleRound() async throws {
        let folder = try configuredFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        let run = await CLIRun.newsfeed(["watch", "--once"], in: folder.url, clock: Fixture.now)
        #expect(run.status == 0)
        let output = folder.url.appending(path: "Feeds").standardizedFileURL.path
        #expect(run.standardOutput == "nothing to watch yet: no feed has been built in \(output)\n")
    }

    /// The packaged hourly timer before the first build: exit 0, one line, and nothing at all with --quiet;
    /// --json is still one document.
    @Test func beforeTheFirstBuildARoundIsAQuietNoOp() async throws {
        let folder = try configuredFolder()
        let output = folder.url.appending(path: "Feeds").standardizedFileURL.path
        let plain = await CLIRun.newsfeed(["watch"], in: folder.url, clock: Fixture.now)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(
            plain.standardOutput
                == "nothing to watch yet: \(output) does not exist until newsfeed build writes a feed\n")
        #expect(plain.standardError == "")
        let quiet = await CLIRun.newsfeed(["watch", "--quiet"], in: folder.url, clock: Fixture.now)
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput == "" && quiet.standardError == "")
        #expect(!FileManager.default.fileExists(atPath: output), "watch leaves creating the folder to build")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        let json = await CLIRun.newsfeed(["watch", "--json", "--quiet"], in: folder.url, clock: Fixture.now)
        #expect(json.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["note"] as? String == "nothing to watch yet: no feed has been built in \(output)")
    }

    @Test func configurationProblemsExit78() async throws {
        let empty = TemporaryFolder("watch-command")
        let missing = await CLIRun.newsfeed(["watch"], in: empty.url, clock: Fixture.now)
        #expect(missing.status == 78)
        #expect(missing.errorLines.count == 1)
        #expect(missing.standardError.contains("newsfeed.json"))

        let elsewhere = await CLIRun.newsfeed(["watch", "--config", "other.json"], in: empty.url, clock: Fixture.now)
        #expect(elsewhere.status == 78)
        #expect(elsewhere.standardError.contains("other.json"))

        let zeroTimeout = try configuredFolder(watch: #"{"timeout": "0s"}"#)
        let invalid = await CLIRun.newsfeed(["watch"], in: zeroTimeout.url, clock: Fixture.now)
        #expect(invalid.status == 78)
        #expect(invalid.standardError.contains("watch.timeout"))

        let typo = try configuredFolder(watch: #"{"perhost": 2}"#)
        let unknown = await CLIRun.newsfeed(["watch"], in: typo.url, clock: Fixture.now)
        #expect(unknown.status == 78)
        #expect(unknown.standardError.contains("perhost"))
    }

    @Test func anOutputFolderThatCannotBeWatchedExits1WithOneClearLine() async throws {
        // Missing with its parent: not the first build's no-op, something is wrong.
        let folder = try configuredFolder(output: "Nowhere/Feeds")
        let output = folder.url.appending(path: "Nowhere/Feeds").standardizedFileURL.path
        let missing = await CLIRun.newsfeed(["watch", "--quiet"], in: folder.url, clock: Fixture.now)
        #expect(missing.status == 1)
        #expect(missing.standardOutput == "")
        #expect(
            missing.errorLines == [
                "newsfeed watch: \(output): the output folder does not exist; run newsfeed build first"
            ])

        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Nowhere"), withIntermediateDirectories: true)
        try folder.write("not a folder", to: "Nowhere/Feeds")
        let file = await CLIRun.newsfeed(["watch", "--quiet"], in: folder.url, clock: Fixture.now)
        #expect(file.status == 78)
        #expect(
            file.errorLines == [
                "newsfeed watch: cannot write the output folder \(output): \(output) is a file, not a folder"
            ])
    }
}

extension WatchCommandTests {
    /// Watch heals images only: a config edited since the last build (here the ttl) changes
    /// nothing in a feed whose images are all fine.
    @Test func theChannelStaysAsTheLastBuildWroteIt() async throws {
        let feeds = [(id: Self.health, stories: [Story("ok", image: "/img/ok.jpg")])]
        try await Fixture.run(feeds: feeds, answers: Self.answers) { fixture in
            #expect(await fixture.build().status == 0)
            #expect(await fixture.watch().status == 0)  // the first round writes the image's real length
            let built = try fixture.feedData(Self.health)
            let configURL = fixture.folder.url.appending(path: "newsfeed.json")
            let config = try String(contentsOf: configURL, encoding: .utf8)
            try Data(
                config.replacingOccurrences(of: #""output": "Feeds","#, with: #""output": "Feeds", "ttl": 5,"#).utf8
            )
            .write(to: configURL)
            #expect(await fixture.watch().status == 0)
            #expect(try fixture.feedData(Self.health) == built)
        }
    }
}
