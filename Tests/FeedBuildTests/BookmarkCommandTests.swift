import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed bookmark add|list|remove` on a built output folder: metadata copied from the
/// feeds, the bookmarks feed rewritten on every change, nothing lost.
@Suite struct BookmarkCommandTests {
    static let climateURL = "https://news.example.com/climate-2"

    static func bookmark(_ workspace: BuildWorkspace, _ arguments: [String]) async -> CommandRun {
        await workspace.run(["bookmark"] + arguments)
    }

    static func listed(_ workspace: BuildWorkspace) async throws -> [[String: String]] {
        let run = await bookmark(workspace, ["list", "--json"])
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        return objects.map { $0.mapValues { "\($0)" } }
    }

    var bookmarksData: (BuildWorkspace) -> Data? {
        { try? Data(contentsOf: $0.output.appending(path: "bookmarks.rss")) }
    }

    @Test func aBareURLFromABuiltFeedTakesItsMetadataAndTheFeedShowsIt() async throws {
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg).status == 0)

            let added = await Self.bookmark(workspace, ["add", Self.climateURL, "--note", "Read <b>later</b>"])
            #expect(added.status == 0, "\(added.standardError)")
            #expect(
                added.outputLines == ["bookmarked from search/climate-change: Story climate-2 (\(Self.climateURL))"])

            let listed = try await Self.listed(workspace)
            #expect(
                listed == [
                    [
                        "number": "1", "url": Self.climateURL, "title": "Story climate-2", "source": "Example Times",
                        "addedAt": "2024-05-02T12:00:00Z", "note": "Read later", "feed": "search/climate-change",
                        "query": "climate change",
                    ]
                ])

            let feed = try RSSReader().read(try #require(bookmarksData(workspace)), path: "bookmarks.rss")
            #expect(feed.stories.map(\.url.absoluteString) == [Self.climateURL])
            #expect(feed.stories.first?.summary == "What happened in story climate-2. — Note: Read later")
            #expect(feed.stories.first?.sourceName == "Example Times")
            #expect(try workspace.violationsInEveryFormat("bookmarks") == [])
            let json = try String(contentsOf: workspace.output.appending(path: "bookmarks.json"), encoding: .utf8)
            #expect(json.contains("Note: Read later"))
            let atom = try String(contentsOf: workspace.output.appending(path: "bookmarks.atom"), encoding: .utf8)
            #expect(atom.contains(Self.climateURL))
            let index = try String(contentsOf: workspace.output.appending(path: "index.html"), encoding: .utf8)
            #expect(index.contains("bookmarks.rss"))
            let opml = try String(contentsOf: workspace.output.appending(path: "feeds.opml"), encoding: .utf8)
            #expect(opml.contains("bookmarks.rss"))
            // Every outline, the bookmarks one too, points its htmlUrl at that feed's own page.
            let outlines = opml.split(separator: "\n").filter { $0.contains("<outline ") }
            #expect(outlines.count >= 2)
            for outline in outlines {
                let xmlURL = try #require(Self.attribute("xmlUrl", of: outline))
                let htmlURL = Self.attribute("htmlUrl", of: outline)
                let page = xmlURL.replacingOccurrences(of: ".rss", with: ".html")
                #expect(htmlURL == page, "\(outline)")
            }
            #expect(FileManager.default.fileExists(atPath: workspace.output.appending(path: "bookmarks.html").path))
        }
    }

    static func attribute(_ name: String, of element: Substring) -> String? {
        guard let start = element.range(of: " \(name)=\"") else { return nil }
        return String(element[start.upperBound...].prefix { $0 != "\"" })
    }

    static let star = PageMarks.bookmarkStar

    static func page(_ workspace: BuildWorkspace, _ feedID: String) throws -> String {
        try String(contentsOf: workspace.output.appending(path: "\(feedID).html"), encoding: .utf8)
    }

    @Test func theHTMLPagesStarBookmarkedStoriesAndKeepTheStarThroughBuilds() async throws {
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg).status == 0)
            let search = try Self.page(workspace, "search/climate-change")
            #expect(!search.contains(Self.star))
            let rss = workspace.feedData("search/climate-change")
            let apple = try Self.page(workspace, "ddg/apple")

            #expect(await Self.bookmark(workspace, ["add", Self.climateURL]).status == 0)

            let starred = try Self.page(workspace, "search/climate-change")
            #expect(starred.components(separatedBy: Self.star).count == 2, "one star")
            #expect(starred.contains(Self.star + #"<a href="\#(Self.climateURL)""#))
            #expect(HTMLPageChecker.violations(in: starred) == [])
            #expect(workspace.feedData("search/climate-change") == rss, "only the page changes")
            #expect(try Self.page(workspace, "ddg/apple") == apple)
            let bookmarksPage = try Self.page(workspace, "bookmarks")
            #expect(bookmarksPage.contains(Self.star))
            #expect(try workspace.violationsInEveryFormat("bookmarks") == [])

            workspace.clock.advance(by: 3600)
            let rebuild = await SourcesEndToEndTests.build(workspace, ddg, ["--only", "search/climate-change"])
            #expect(rebuild.outputLines.first == "search/climate-change: unchanged, 2 items", "\(rebuild.outputLines)")
            #expect(try Self.page(workspace, "search/climate-change") == starred)

            #expect(await Self.bookmark(workspace, ["remove", Self.climateURL]).status == 0)
            #expect(!(try Self.page(workspace, "search/climate-change").contains(Self.star)))
        }
    }

    @Test func aDuckDuckGoItemKeepsItsQueryAndAnOtherURLNeedsATitle() async throws {
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg, ["--only", "ddg/apple"]).status == 0)
            let index = try String(contentsOf: workspace.output.appending(path: "index.html"), encoding: .utf8)
            #expect(!index.contains("bookmarks.rss"), "no bookmarks feed listed before it has an item")

            #expect(await Self.bookmark(workspace, ["add", "https://duckduckgo.com/Fiona_Apple"]).status == 0)
            let other = "https://blog.example.org/a-post"
            let refused = await Self.bookmark(workspace, ["add", other])
            #expect(refused.status == 64)
            #expect(
                refused.errorLines == [
                    "newsfeed bookmark add: --title is required: \(other) is not an item of any built feed"
                ])
            workspace.clock.advance(by: 60)
            #expect(await Self.bookmark(workspace, ["add", other, "--title", "A post"]).status == 0)

            let listed = try await Self.listed(workspace)
            #expect(listed.map { $0["title"] } == ["A post", "Fiona Apple"], "newest first")
            #expect(listed.map { $0["feed"] } == [nil, "ddg/apple"])
            #expect(listed.map { $0["query"] } == [nil, "apple"])
            let feed = try RSSReader().read(try #require(bookmarksData(workspace)), path: "bookmarks.rss")
            #expect(feed.stories.map(\.title) == ["A post", "Fiona Apple"])
            #expect(feed.stories.last?.image?.url.absoluteString == "https://duckduckgo.com/i/fiona.jpg")
            #expect(
                feed.stories.first?.image?.url.absoluteString == "https://feeds.example.com/assets/default-image.png")
        }
    }

    @Test func addingTwiceChangesNothingAndRemoveTakesANumberOrAURL() async throws {
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg, ["--only", "search/climate-change"]).status == 0)
            #expect(await Self.bookmark(workspace, ["add", Self.climateURL]).status == 0)
            workspace.clock.advance(by: 60)
            #expect(await Self.bookmark(workspace, ["add", "https://news.example.com/climate-1"]).status == 0)
            let before = bookmarksData(workspace)
            let store = workspace.output.appending(path: ".newsfeed/bookmarks.json")
            let storeBefore = try Data(contentsOf: store)

            let again = await Self.bookmark(workspace, ["add", Self.climateURL])
            #expect(again.status == 0)
            #expect(again.outputLines == ["already bookmarked (number 2): \(Self.climateURL); nothing changed"])
            #expect(bookmarksData(workspace) == before)
            #expect(try Data(contentsOf: store) == storeBefore)

            let text = await Self.bookmark(workspace, ["list"])
            #expect(
                text.outputLines.first
                    == "1. Story climate-1 — Example Times (2024-05-02T12:01:00Z, from search/climate-change)")

            #expect(
                await Self.bookmark(workspace, ["remove", "1"]).outputLines.first?.hasPrefix("removed: Story climate-1")
                    == true)
            #expect(try await Self.listed(workspace).map { $0["url"] } == [Self.climateURL])
            let missing = await Self.bookmark(workspace, ["remove", "5"])
            #expect(missing.status == 1)
            #expect(missing.errorLines == ["newsfeed bookmark remove: no bookmark number 5 (there are 1)"])
            #expect(await Self.bookmark(workspace, ["remove", Self.climateURL]).status == 0)
            #expect(try await Self.listed(workspace).isEmpty)
            let feed = try RSSReader().read(try #require(bookmarksData(workspace)), path: "bookmarks.rss")
            #expect(feed.stories.isEmpty)
            let gone = await Self.bookmark(workspace, ["remove", Self.climateURL])
            #expect(gone.status == 1)
            #expect(gone.errorLines == ["newsfeed bookmark remove: not bookmarked: \(Self.climateURL)"])
            for number in ["1", "0", "-1"] {
                let none = await Self.bookmark(workspace, ["remove", "--", number])
                #expect(none.status == 1)
                #expect(none.errorLines == ["newsfeed bookmark remove: no bookmark number \(number) (there are 0)"])
            }
        }
    }

    @Test func aCorruptListIsMovedAsideNeverSilentlyEmptied() async throws {
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg, ["--only", "search/climate-change"]).status == 0)
            let store = workspace.output.appending(path: ".newsfeed/bookmarks.json")
            try Data(#"{"version": 1, "bookmarks": [{"url": "#.utf8).write(to: store)

            let run = await Self.bookmark(workspace, ["add", Self.climateURL])

            #expect(run.status == 0)
            let aside = ".newsfeed/bookmarks.json.corrupt-\(Int(testNow.timeIntervalSince1970))"
            #expect(run.errorLines.first?.contains("unreadable bookmarks moved to bookmarks.json.corrupt-") == true)
            #expect(
                try Data(contentsOf: workspace.output.appending(path: aside))
                    == Data(#"{"version": 1, "bookmarks": [{"url": "#.utf8))
            #expect(try await Self.listed(workspace).count == 1)
        }
    }

    @Test func usageErrorsNameTheProblem() async throws {
        try await SourcesEndToEndTests.with { workspace, _ in
            #expect(await Self.bookmark(workspace, []).status == 64)
            #expect(await Self.bookmark(workspace, ["star", "x"]).status == 64)
            let bad = await Self.bookmark(workspace, ["add", "not a url", "--title", "x"])
            #expect(bad.status == 64)
            #expect(bad.errorLines == [#"newsfeed bookmark add: "not a url" is not an absolute http(s) URL"#])
            #expect(await Self.bookmark(workspace, ["add", "https://x.example/", "--title", " "]).status == 64)
        }
    }

    /// `list` is read-only: on a fresh config (no build, no bookmarks) it says there are none, exits 0
    /// and creates nothing, not even the lock, also when the output folder could not be created.
    @Test(arguments: ["Feeds", "no/such/folder/Feeds"])
    func listingBeforeAnyBookmarkCreatesNothing(output: String) async throws {
        let folder = TemporaryFolder()
        try folder.write(#"{"output": "\#(output)", "feeds": [{"ddg": "rust"}]}"#, to: "newsfeed.json")

        let run = await CommandRun.run(["bookmark", "list"], workingDirectory: folder.url)
        #expect(run.status == 0)
        #expect(run.outputLines == ["no bookmarks yet (add one with `newsfeed bookmark add URL`)"])
        #expect(run.standardError.isEmpty)

        let json = await CommandRun.run(["bookmark", "list", "--json"], workingDirectory: folder.url)
        #expect(json.status == 0)
        #expect(json.standardOutput == "[]\n")
        #expect(json.standardError.isEmpty)
        #expect(folder.allFiles() == ["newsfeed.json"])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "Feeds").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "no").path))
    }

    /// A list that reads cleanly is read without the lock; a broken one is still moved aside by `list`.
    @Test func listingReadsWithoutTheLockAndStillMovesABrokenListAside() async throws {
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg, ["--only", "search/climate-change"]).status == 0)
            #expect(await Self.bookmark(workspace, ["add", Self.climateURL]).status == 0)
            let lock = workspace.output.appending(path: ".newsfeed/lock")
            try FileManager.default.removeItem(at: lock)
            #expect(try await Self.listed(workspace).map { $0["url"] } == [Self.climateURL])
            #expect(!FileManager.default.fileExists(atPath: lock.path), "a clean list needs no lock")

            let store = workspace.output.appending(path: ".newsfeed/bookmarks.json")
            try Data("{oops".utf8).write(to: store)
            let run = await Self.bookmark(workspace, ["list"])
            #expect(run.status == 0)
            #expect(run.errorLines.first?.contains("unreadable bookmarks moved to bookmarks.json.corrupt-") == true)
            #expect(!FileManager.default.fileExists(atPath: store.path))
        }
    }

    @Test func anOptionBeforeTheActionIsAMissingAction() async throws {
        let folder = TemporaryFolder()
        for arguments in [["--config", "x.json"], ["--json"], []] {
            let run = await CommandRun.run(["bookmark"] + arguments, workingDirectory: folder.url)
            #expect(run.status == 64)
            #expect(run.errorLines == ["newsfeed bookmark: say add, list or remove (see `newsfeed help bookmark`)"])
        }
    }

    /// Several processes adding at once, each under the output lock: none is lost.
    @Test func concurrentAddsFromSeveralProcessesLoseNone() async throws {
        let binary = try #require(ChildProcess.newsfeed, "the newsfeed executable is not built next to the tests")
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg, ["--only", "search/climate-change"]).status == 0)
            let count = 8
            let outcomes = try await withThrowingTaskGroup(of: ChildProcess.Outcome.self) { group in
                for number in 1...count {
                    group.addTask {
                        try await ChildProcess.run(
                            binary,
                            [
                                "bookmark", "add", "https://blog.example.org/post-\(number)", "--title",
                                "Post \(number)",
                            ],
                            environment: ChildProcess.loopbackEnvironment(), workingDirectory: workspace.folder.url,
                            timeout: .seconds(60))
                    }
                }
                var all: [ChildProcess.Outcome] = []
                for try await outcome in group { all.append(outcome) }
                return all
            }
            for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.summary)") }
            let urls = Set(try await Self.listed(workspace).compactMap { $0["url"] })
            #expect(urls == Set((1...count).map { "https://blog.example.org/post-\($0)" }))
            let feed = try RSSReader().read(try #require(bookmarksData(workspace)), path: "bookmarks.rss")
            #expect(feed.stories.count == count)
        }
    }
}
