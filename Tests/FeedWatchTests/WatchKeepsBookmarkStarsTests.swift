import Foundation
import NewsModel
import TestSupport
import Testing

/// A `watch` round that rewrites a feed keeps the star of its bookmarked stories on the HTML page.
@Suite struct WatchKeepsBookmarkStarsTests {
    typealias Fixture = WatchCommandFixture

    @Test func aHealedPageKeepsItsStars() async throws {
        let stories = [Fixture.Story("dead", image: "/img/missing.jpg"), Fixture.Story("fine", image: "/img/ok.jpg")]
        let answers: [String: ScriptedImageHost.Answer] = [
            "/img/missing.jpg": .status(404), "/img/ok.jpg": .image(type: "image/jpeg", length: 3000),
        ]
        try await Fixture.run(feeds: [(id: "us/health", stories: stories)], answers: answers) { fixture in
            #expect(await fixture.build().status == 0)
            let url = "https://news.example.com/us/health/fine"
            let added = await CLIRun.newsfeed(["bookmark", "add", url], in: fixture.folder.url, clock: Fixture.now)
            #expect(added.status == 0, "\(added.standardError)")
            let page = fixture.output.fileURL(relativePath: "us/health.html")
            let before = try String(contentsOf: page, encoding: .utf8)
            #expect(before.contains(PageMarks.bookmarkStar + #"<a href="\#(url)""#))

            let round = await fixture.watch()

            #expect(round.status == 0, "\(round.standardError)")
            #expect(round.standardOutput.contains("us/health: 2 checked, 1 ok, 1 dead"), "\(round.standardOutput)")
            let after = try String(contentsOf: page, encoding: .utf8)
            #expect(after != before, "the dead image is healed on the page")
            #expect(after.contains(PageMarks.bookmarkStar + #"<a href="\#(url)""#))
            #expect(HTMLPageChecker.violations(in: after) == [])
        }
    }
}
