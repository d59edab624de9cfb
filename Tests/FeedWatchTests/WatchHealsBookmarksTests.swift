import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `watch` checks the images of the bookmarks feed like any feed's: a bookmark whose image died
/// shows the default image in every format, and a round that finds nothing new leaves its files alone.
@Suite struct WatchHealsBookmarksTests {
    typealias Fixture = WatchCommandFixture

    /// With the default formats, and without RSS (whose build date then lives in `.newsfeed/history/`).
    @Test(arguments: [nil, ["atom", "json", "html"]])
    func aBookmarkWhoseImageDiedShowsTheDefaultImage(formats: [String]?) async throws {
        let stories = [Fixture.Story("dead", image: "/img/missing.jpg"), Fixture.Story("fine", image: "/img/ok.jpg")]
        let answers: [String: ScriptedImageHost.Answer] = [
            "/img/missing.jpg": .status(404), "/img/ok.jpg": .image(type: "image/jpeg", length: 3000),
        ]
        try await Fixture.run(feeds: [(id: "us/health", stories: stories)], answers: answers) { fixture in
            if let formats {
                let config = try String(
                    contentsOf: fixture.folder.url.appending(path: "newsfeed.json"), encoding: .utf8)
                let list = formats.map { "\"\($0)\"" }.joined(separator: ", ")
                try fixture.folder.write(
                    config.replacingOccurrences(
                        of: #""output": "Feeds","#, with: #""output": "Feeds", "formats": [\#(list)],"#),
                    to: "newsfeed.json")
            }
            let written = (formats ?? ["rss", "atom", "json", "html"]).compactMap(FeedFormat.init(rawValue:))
            #expect(await fixture.build().status == 0)
            for slug in ["dead", "fine"] {
                let url = "https://news.example.com/us/health/\(slug)"
                let added = await CLIRun.newsfeed(["bookmark", "add", url], in: fixture.folder.url, clock: Fixture.now)
                #expect(added.status == 0, "\(added.standardError)")
            }
            let rss =
                written.contains(.rss)
                ? fixture.output.fileURL(relativePath: "bookmarks.rss")
                : fixture.output.stateFolder.appending(path: "history/bookmarks.rss")
            let page = fixture.output.fileURL(relativePath: "bookmarks.html")
            let before = try RSSReader().read(try Data(contentsOf: rss), path: "bookmarks.rss")
            #expect(before.stories.map { $0.image?.url.path } == ["/img/ok.jpg", "/img/missing.jpg"])

            let round = await fixture.watch()

            #expect(round.status == 0, "\(round.standardError)")
            #expect(round.standardOutput.contains("bookmarks: 2 checked, 1 ok, 1 dead"), "\(round.standardOutput)")
            let after = try RSSReader().read(try Data(contentsOf: rss), path: "bookmarks.rss")
            #expect(after.stories.map(\.url) == before.stories.map(\.url), "every bookmark stays")
            #expect(after.stories.first?.image?.url.path == "/img/ok.jpg")
            #expect(after.stories.last?.image?.url.absoluteString == Fixture.defaultImageURL)
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(!html.contains("/img/missing.jpg"), "the page shows the default image instead")
            #expect(HTMLPageChecker.violations(in: html) == [])
            for format in written where format != .html {
                let text = try String(
                    contentsOf: fixture.output.fileURL(relativePath: "bookmarks.\(format.fileExtension)"),
                    encoding: .utf8)
                #expect(!text.contains("/img/missing.jpg"), "\(format) is healed too")
            }

            let files = try written.map {
                try Data(contentsOf: fixture.output.fileURL(relativePath: "bookmarks.\($0.fileExtension)"))
            }
            // An hour later: a rewrite would carry the new build date, so equal bytes mean no rewrite.
            let again = await fixture.watch(at: Fixture.now.addingTimeInterval(3600))
            #expect(again.status == 0, "\(again.standardError)")
            let unchanged = try written.map {
                try Data(contentsOf: fixture.output.fileURL(relativePath: "bookmarks.\($0.fileExtension)"))
            }
            #expect(unchanged == files, "nothing new: the bookmarks feed is not rewritten")
        }
    }
}
