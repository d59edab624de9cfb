import Foundation
import Testing

@testable import NewsFeedKit

/// `newsfeed watch` end to end: feeds built by `newsfeed build` from a loopback NewsAPI, images on a loopback host
/// with scripted answers, the command run in-process exactly as the executable runs it.
@Suite(.timeLimit(.minutes(1))) struct WatchCommandTests {
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
        try await Fixture.run(feeds: Self.allFeeds, answers: Self.answers) { fixture in
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
}
