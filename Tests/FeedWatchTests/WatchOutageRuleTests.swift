import FeedWatch
import Foundation
import HTTPFetching
import NewsModel
import TestSupport
import Testing

/// The own-outage rule end to end: only failures that never got an HTTP answer, over two or more hosts, make a
/// round look like our network is down; HTTP errors are the publishers' and blocked URLs are no checks at all.
@Suite(.timeLimit(.minutes(1))) struct WatchOutageRuleTests {
    private typealias Fixture = WatchCommandFixture
    private typealias Story = WatchCommandFixture.Story

    private static let sports = "us/sports"

    /// Two working images and six 404s, spread over both loopback hosts.
    private static let sportsStories: [Story] =
        [Story("ok-1", image: "/img/ok-1.jpg"), Story("ok-2", image: "/img/ok-2.jpg", onSecondHost: true)]
        + (1...6).map { Story("missing-\($0)", image: "/img/missing-\($0).jpg", onSecondHost: $0 % 2 == 0) }

    private static let sportsAnswers: [String: ScriptedImageHost.Answer] = [
        "/img/ok-1.jpg": .image(type: "image/jpeg", length: 1000),
        "/img/ok-2.jpg": .image(type: "image/png", length: 2000),
    ]

    private static let defaultImageURL = Fixture.defaultImageURL
    /// No image here hangs, so a long timeout costs nothing and keeps a starved machine from looking offline.
    private static let patientSettings =
        #"{"timeout": "20s", "recheck": "0s", "failuresBeforeDead": 2, "failureSpacing": "0s"}"#

    @Test func aSecondRoundThatChecksOnlyThe404sRecordsThemAndExits0() async throws {
        // Live images are not due again for 6 hours; dead ones are rechecked every round.
        let settings = #"{"timeout": "20s", "recheck": "6h", "failureSpacing": "0s"}"#
        try await Fixture.run(
            feeds: [(id: Self.sports, stories: Self.sportsStories)], answers: Self.sportsAnswers,
            watchSettings: settings
        ) { fixture in
            #expect(await fixture.build().status == 0)
            let first = await fixture.watch()
            #expect(first.status == 0, "\(first.standardError)")
            #expect(first.standardOutput.contains("us/sports: 8 checked, 2 ok, 6 dead, 0 blocked"))

            let second = await fixture.watch()
            #expect(second.status == 0, "\(second.standardError)")
            #expect(second.standardError == "")
            #expect(second.standardOutput.contains("us/sports: 6 checked, 0 ok, 6 dead, 0 blocked, 2 skipped"))
            #expect(fixture.images.requestCount(for: "/img/ok-1.jpg") == 1)
            #expect(fixture.images.requestCount(for: "/img/missing-1.jpg") == 2)
            let state = try fixture.state()
            #expect(state.images[fixture.image("/img/missing-2.jpg", onSecondHost: true)]?.status == .dead)
        }
    }

    /// Every image of the feed fails with an HTTP answer from the first round on: the network works, so the
    /// round counts and the feed is healed (at once for 404 and 410, after the second failure for the rest).
    @Test(arguments: [
        ScriptedImageHost.Answer.status(404), .status(410), .status(500), .status(403), .htmlPage,
        .redirect(to: "/img/nowhere.jpg"),
    ])
    func roundsWhereEveryImageAnswersAnHTTPFailureAreRecorded(answer: ScriptedImageHost.Answer) async throws {
        let stories = (1...6).map { Story("bad-\($0)", image: "/img/bad-\($0).jpg", onSecondHost: $0 % 2 == 0) }
        var answers: [String: ScriptedImageHost.Answer] = [:]
        for index in 1...6 { answers["/img/bad-\(index).jpg"] = answer }
        try await Fixture.run(
            feeds: [(id: Self.sports, stories: stories)], answers: answers, watchSettings: Self.patientSettings
        ) { fixture in
            #expect(await fixture.build().status == 0)
            for round in 1...2 {
                let run = await fixture.watch()
                #expect(run.status == 0, "round \(round): \(run.standardError)")
                #expect(run.standardError == "")
                #expect(run.standardOutput.contains("us/sports: 6 checked, 0 ok"))
            }
            let state = try fixture.state()
            for index in 1...6 {
                let url = fixture.image("/img/bad-\(index).jpg", onSecondHost: index % 2 == 0)
                #expect(state.images[url]?.status == .dead, "\(url)")
            }
            let enclosures = try fixture.items(Self.sports).values.map { $0.enclosure?["url"] }
            #expect(enclosures.count == 6)
            #expect(enclosures.allSatisfy { $0 == Self.defaultImageURL })
        }
    }

    @Test func refusedConnectionsOnTwoHostsAreStillOurOwnOutage() async throws {
        // Port 9 (discard) has no listener on loopback: every check fails before any HTTP answer.
        let stories = (1...6).map { index in
            Story("down-\(index)", image: "http://127.0.0.\(index % 2 + 1):9/img/down-\(index).jpg")
        }
        try await Fixture.run(feeds: [(id: Self.sports, stories: stories)], answers: [:]) { fixture in
            #expect(await fixture.build().status == 0)
            let before = try fixture.feedData(Self.sports)
            let run = await fixture.watch()
            #expect(run.status == 1)
            #expect(run.standardOutput == "")
            #expect(
                run.errorLines == [
                    "newsfeed watch: every one of 6 image checks failed (e.g. connection refused): "
                        + "is this machine offline? nothing was recorded and no feed was changed"
                ])
            #expect(try fixture.state().images.isEmpty)
            #expect(try fixture.feedData(Self.sports) == before)
        }
    }

    /// Resolves `*.offline.test` to nothing (as DNS does when the machine is offline) and IP literals to themselves.
    private struct OfflineResolver: HostResolving {
        func addresses(of host: String) async throws(FetchError) -> [IPAddress] {
            if let literal = IPAddress(host) { return [literal] }
            throw .hostNotFound(host: host, detail: "Temporary failure in name resolution")
        }
    }

    @Test func blockedImagesDoNotDisableTheOutageGuard() async throws {
        let offlineStories = (1...54).map { Story("far-\($0)", image: "https://img\($0 % 3).offline.test/\($0).jpg") }
        let loopbackStories = (1...6).map { Story("near-\($0)", image: "/img/near-\($0).jpg") }
        let feeds = [(id: "us/general", stories: offlineStories), (id: Self.sports, stories: loopbackStories)]
        try await Fixture.run(feeds: feeds, answers: [:]) { fixture in
            #expect(await fixture.build().status == 0)
            let config = try ConfigLoader.load(path: "newsfeed.json", workingDirectory: fixture.folder.url)
            let before = try fixture.feedData(Self.sports)
            let watcher = FeedWatcher(
                config: config, settings: config.watch, policy: PublicAddressPolicy(), resolver: OfflineResolver(),
                clock: { Fixture.now })
            await #expect(
                throws: WatchError.everyCheckFailed(
                    count: 54, example: "could not resolve host img0.offline.test: Temporary failure in name resolution"
                )
            ) {
                try await watcher.runRound()
            }
            #expect(fixture.images.requests == [])
            #expect(try fixture.state().images.isEmpty)
            #expect(try fixture.feedData(Self.sports) == before)
        }
    }

    @Test func theBlockedLineSaysHowToAllowPrivateAddresses() async throws {
        let stories = [Story("near", image: "/img/near.jpg")]
        try await Fixture.run(
            feeds: [(id: Self.sports, stories: stories)], answers: [:], watchSettings: Self.patientSettings
        ) { fixture in
            #expect(await fixture.build().status == 0)
            let run = await fixture.watch([])
            #expect(run.status == 0)
            #expect(fixture.images.requests == [])
            #expect(run.standardOutput.contains("us/sports: 0 checked, 0 ok, 0 dead, 1 blocked"))
            let line = try #require(run.standardOutput.split(separator: "\n").first { $0.contains("blocked: ") })
            #expect(line.hasPrefix("  blocked: \(fixture.image("/img/near.jpg")): 127.0.0.1 is "))
            #expect(line.hasSuffix("--allow-private checks private addresses too"))
        }
    }
}
