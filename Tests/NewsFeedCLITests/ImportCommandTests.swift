import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed import`: the subscriptions of feed readers' OPML exports become `feed` entries at the end of the
/// config's `feeds`, and nothing else in the config changes (issue 27, point 8).
@Suite struct ImportCommandTests {
    static let config = """
        {
          "site": "http://127.0.0.1:8080/",
          "feeds": [
            {"country": "us", "category": "health"},
            {"feed": "https://Blog.example.org/feed/"}
          ],
          "maxItems": 50
        }

        """

    /// Miniflux: one folder level, `title` and `text` both set, `htmlUrl`, `type="rss"`.
    static let miniflux = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0">
            <head><title>Miniflux</title><dateCreated>Fri, 04 Dec 2026 10:00:00 UTC</dateCreated></head>
            <body>
                <outline text="News">
                    <outline title="Harbour Gazette" text="Harbour Gazette" xmlUrl="https://gazette.example/rss.xml" htmlUrl="https://gazette.example/"></outline>
                    <outline title="Valley Radio" text="Valley Radio" xmlUrl="https://radio.example/podcast.xml" htmlUrl="https://radio.example/"></outline>
                </outline>
                <outline text="Blogs">
                    <outline title="Field Notes" text="Field Notes" xmlUrl="https://blog.example.org/feed" htmlUrl="https://blog.example.org/"></outline>
                </outline>
            </body>
        </opml>
        """

    /// FreshRSS: `text` only, `type="rss"`, categories as folders, an `&amp;` in a title.
    static let freshRSS = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>FreshRSS</title></head><body>
        <outline text="Tech &amp; Science"><outline text="Lab Weekly" type="rss" xmlUrl="https://lab.example/atom" htmlUrl="https://lab.example/" description="Weekly notes"/></outline>
        </body></opml>
        """

    /// NetNewsWire: version 1.1, folders nested two deep, `xmlUrl` beside `title`, no encoding declared.
    static let netNewsWire = """
        <?xml version="1.0"?>
        <opml version="1.1">
        \t<head><title>Subscriptions-OnMyMac.opml</title></head>
        <body>
        \t<outline text="Reading" title="Reading">
        \t\t<outline text="Long" title="Long">
        \t\t\t<outline text="Slow Review" title="Slow Review" description="" type="rss" version="RSS" htmlUrl="https://slow.example/" xmlUrl="https://slow.example/feed.json"/>
        \t\t</outline>
        \t</outline>
        \t<outline text="Top" title="Top" type="rss" version="RSS" xmlUrl="https://top.example/index.xml"/>
        </body>
        </opml>
        """

    /// Feedly: outlines directly in categories, `xmlUrl` with a query string, one feed in two categories.
    static let feedly = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="1.0"><head><title>Me subscriptions in feedly Cloud</title></head><body>
        <outline text="Morning" title="Morning"><outline type="rss" text="City Desk" title="City Desk" xmlUrl="https://city.example/rss?section=local" htmlUrl="https://city.example"/></outline>
        <outline text="Evening" title="Evening"><outline type="rss" text="City Desk" title="City Desk" xmlUrl="https://city.example/rss?section=local" htmlUrl="https://city.example"/></outline>
        </body></opml>
        """

    private func importing(_ opml: String, _ extra: [String] = [], config: String = Self.config) async throws -> (
        CommandRun, String, TemporaryFolder
    ) {
        let folder = TemporaryFolder()
        try folder.write(config, to: "newsfeed.json")
        try folder.write(opml, to: "subscriptions.opml")
        let run = await CommandRun.run(["import", "subscriptions.opml"] + extra, workingDirectory: folder.url)
        let text = try String(contentsOf: folder.url.appending(path: "newsfeed.json"), encoding: .utf8)
        return (run, text, folder)
    }

    @Test func aMinifluxExportAddsItsFeedsAtTheEndAndSkipsOnesTheConfigHas() async throws {
        let (run, text, folder) = try await importing(Self.miniflux)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput
                == "added 2 feeds, skipped 1 (1 already in the config) to newsfeed.json\n")
        #expect(
            text == """
                {
                  "site": "http://127.0.0.1:8080/",
                  "feeds": [
                    {"country": "us", "category": "health"},
                    {"feed": "https://Blog.example.org/feed/"},
                    {"feed": "https://gazette.example/rss.xml", "title": "Harbour Gazette"},
                    {"feed": "https://radio.example/podcast.xml", "title": "Valley Radio"}
                  ],
                  "maxItems": 50
                }

                """)
        // The result loads: the new entries are feeds of the config.
        let config = try ConfigLoader.load(path: "newsfeed.json", workingDirectory: folder.url)
        #expect(config.feeds.count == 4)
    }

    @Test func aFreshRSSExportTakesTheOutlinesTextAsTitle() async throws {
        let (run, text, _) = try await importing(Self.freshRSS)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(text.contains(#"{"feed": "https://lab.example/atom", "title": "Lab Weekly"}"#), "\(text)")
    }

    @Test func aNetNewsWireExportIsFlattenedFromNestedFolders() async throws {
        let (run, text, _) = try await importing(Self.netNewsWire)
        #expect(run.status == 0, "\(run.standardError)")
        let slow = try #require(text.range(of: #"{"feed": "https://slow.example/feed.json", "title": "Slow Review"}"#))
        let top = try #require(text.range(of: #"{"feed": "https://top.example/index.xml", "title": "Top"}"#))
        #expect(slow.lowerBound < top.lowerBound, "in the file's order")
    }

    @Test func aFeedlyExportListingAFeedInTwoCategoriesAddsItOnce() async throws {
        let (run, text, _) = try await importing(Self.feedly)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "added 1 feed, skipped 1 (1 listed twice in the file) to newsfeed.json\n")
        #expect(text.components(separatedBy: "https://city.example/rss?section=local").count == 2)
    }

    @Test func importingTheSameFileTwiceAddsNothingTheSecondTime() async throws {
        let (_, first, folder) = try await importing(Self.miniflux)
        let again = await CommandRun.run(["import", "subscriptions.opml"], workingDirectory: folder.url)
        #expect(again.status == 0)
        #expect(
            again.standardOutput == "added 0 feeds, skipped 3 (3 already in the config); newsfeed.json not changed\n")
        #expect(try String(contentsOf: folder.url.appending(path: "newsfeed.json"), encoding: .utf8) == first)
    }

    @Test func dryRunPrintsTheEntriesAndWritesNothing() async throws {
        let (run, text, _) = try await importing(Self.miniflux, ["--dry-run"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                {"feed": "https://gazette.example/rss.xml", "title": "Harbour Gazette"}
                {"feed": "https://radio.example/podcast.xml", "title": "Valley Radio"}
                would add 2 feeds, skipped 1 (1 already in the config); newsfeed.json not changed (--dry-run)

                """)
        #expect(text == Self.config)
    }

    @Test func standardInputIsReadForADash() async throws {
        let folder = TemporaryFolder()
        try folder.write(Self.config, to: "newsfeed.json")
        let run = await CommandRun.run(
            ["import", "-"], workingDirectory: folder.url, standardInput: Data(Self.freshRSS.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("added 1 feed, skipped 0 to newsfeed.json"))
    }

    @Test func addressesThatAreNotHTTPAreSkippedAndCounted() async throws {
        let opml = """
            <opml version="2.0"><body><outline text="Old" xmlUrl="ftp://files.example/feed.xml"/>
            <outline text="Relative" xmlUrl="/feed.xml"/><outline text="Good" xmlUrl="http://good.example/rss"/></body></opml>
            """
        let (run, _, _) = try await importing(opml)
        #expect(run.standardOutput == "added 1 feed, skipped 2 (2 not an http(s) address) to newsfeed.json\n")
    }

    @Test(arguments: [
        ("<rss version=\"2.0\"><channel/></rss>", "not OPML: an XML document whose root is <rss>, not <opml>"),
        ("{\"feeds\": []}", "not OPML: no XML document could be read from it"),
        ("", "not OPML: the file is empty"),
        ("<opml version=\"2.0\"><head/></opml>", "not OPML: the <opml> document has no <body>"),
    ])
    func somethingThatIsNoOPMLIsAOneLineErrorAndTheConfigStays(opml: String, cause: String) async throws {
        let (run, text, _) = try await importing(opml)
        #expect(run.status == 1)
        #expect(run.standardError == "newsfeed import: subscriptions.opml: \(cause)\n")
        #expect(text == Self.config)
    }

    @Test func anOPMLWithAnExternalEntityNeverReadsIt() async throws {
        let opml = """
            <?xml version="1.0"?><!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <opml version="2.0"><body><outline text="&secret;" xmlUrl="https://x.example/rss"/></body></opml>
            """
        let (run, text, _) = try await importing(opml)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!text.contains("root:"), "\(text)")
    }

    @Test func aMissingFileAndAnInvalidConfigSayWhich() async throws {
        let folder = TemporaryFolder()
        try folder.write(Self.config, to: "newsfeed.json")
        let missing = await CommandRun.run(["import", "nowhere.opml"], workingDirectory: folder.url)
        #expect(missing.status == 1)
        #expect(missing.standardError == "newsfeed import: nowhere.opml: cannot read: no such file\n")
        try folder.write("{\"feeds\": [}", to: "broken.json")
        try folder.write(Self.freshRSS, to: "s.opml")
        let broken = await CommandRun.run(
            ["import", "s.opml", "--config", "broken.json"], workingDirectory: folder.url)
        #expect(broken.status == 78)
        #expect(broken.standardError.hasPrefix("broken.json"), "\(broken.standardError)")
    }
}
