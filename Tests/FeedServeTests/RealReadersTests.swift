import Foundation
import TestSupport
import Testing

/// The end-to-end proof: `newsfeed serve` on loopback, feeds built by `newsfeed build`
/// from the bundled samples (through a loopback NewsAPI), and two real readers
/// subscribed over HTTP to every feed the served OPML lists, in RSS and in Atom.
///
/// Without `NEWSFEED_REQUIRE_READERS=1` a test whose reader is not installed is
/// skipped (its trait says why); `.ci/run` sets the variable and installs both, so
/// there a missing reader fails the test.
///
/// Serialized: each test starts servers and builds (and here, child processes); run all at
/// once on 2 cores they starve the timing-bound tests of other suites.
@Suite(.serialized) struct RealReadersTests {
    @Test(
        "newsboat subscribes to every served feed and stores every item's title and link",
        .enabled("newsboat or sqlite3 is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.newsboat.shouldRun
        },
        .timeLimit(.minutes(1)))
    func newsboatReadsEveryFeed() async throws {
        let newsboat = try #require(ChildProcess.findExecutable("newsboat"), "\(FeedReader.newsboat.installHint)")
        let sqlite = try #require(ChildProcess.findExecutable("sqlite3"), "\(FeedReader.newsboat.installHint)")
        try await ServedSamples.with { served in
            let home = served.folder.url.appending(path: "newsboat-home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            // Only what a headless reload needs: no browser, no external commands.
            let config = try served.folder.write("reload-threads 3\ndownload-timeout 10\n", to: "newsboat.conf")
            let environment = ChildProcess.loopbackEnvironment(
                base: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                overrides: [
                    "HOME": home.path, "XDG_CONFIG_HOME": home.appending(path: "config").path,
                    "XDG_DATA_HOME": home.appending(path: "data").path,
                    "XDG_CACHE_HOME": home.appending(path: "cache").path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                    "TERM": "dumb",
                ])
            // RSS and Atom in caches of their own: newsboat keys items by guid across feeds, and both
            // formats carry the same ids.
            for (name, feedURLs) in [("rss", served.feedURLs), ("atom", served.atomURLs)] {
                let urls = try served.folder.write(
                    feedURLs.map(\.absoluteString).joined(separator: "\n"), to: "urls-\(name)")
                let cache = served.folder.url.appending(path: "cache-\(name).db")
                let reload = try await ChildProcess.run(
                    newsboat, ["-u", urls.path, "-c", cache.path, "-C", config.path, "-x", "reload"],
                    environment: environment, workingDirectory: served.folder.url)
                try #require(reload.status == 0 && !reload.timedOut, "newsboat reload: \(reload.summary)")

                let query = try await ChildProcess.run(
                    sqlite, ["-json", "-readonly", cache.path, "SELECT feedurl, title, url FROM rss_item ORDER BY id"],
                    environment: environment)
                try #require(query.status == 0, "sqlite3 on newsboat's cache: \(query.summary)")
                let rows =
                    query.standardOutput.isEmpty
                    ? [] : try JSONDecoder().decode([CachedItem].self, from: query.standardOutput)

                for feedURL in feedURLs {
                    let expected = try served.items(at: feedURL)
                    let stored = rows.filter { $0.feedurl == feedURL.absoluteString }
                    #expect(stored.count == expected.count, "\(feedURL): newsboat stored \(stored.count) items")
                    for item in expected {
                        #expect(
                            stored.contains { $0.title == item.title && $0.url == item.link },
                            "\(feedURL): newsboat lacks \(item); it has \(stored.map { "\"\($0.title)\" <\($0.url)>" })"
                        )
                    }
                }
            }
            try await served.expectFetchedOverHTTP()
        }
    }

    @Test(
        "feedparser reads every served feed without complaint, every item with title, link and image enclosure",
        .enabled("python3's feedparser is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.feedparser.shouldRun
        },
        .timeLimit(.minutes(1)))
    func feedparserReadsEveryFeed() async throws {
        let python = try #require(ChildProcess.findExecutable("python3"), "\(FeedReader.feedparser.installHint)")
        try #require(await FeedReader.feedparser.isInstalled, "\(FeedReader.feedparser.installHint)")
        try await ServedSamples.with { served in
            let run = try await ChildProcess.run(
                python, ["-c", Self.feedparserScript] + served.rssAndAtomURLs.map(\.absoluteString),
                environment: ChildProcess.loopbackEnvironment(), workingDirectory: served.folder.url)
            try #require(run.status == 0 && !run.timedOut, "feedparser script: \(run.summary)")
            let parsed = try JSONDecoder().decode([ParsedFeed].self, from: run.standardOutput)
            #expect(parsed.map(\.url) == served.rssAndAtomURLs.map(\.absoluteString))

            for feed in parsed {
                let expected = try served.items(at: try #require(URL(string: feed.url)))
                #expect(feed.status == 200, "\(feed.url): HTTP status \(String(describing: feed.status))")
                #expect(!feed.bozo, "\(feed.url): feedparser flags the feed: \(feed.bozoException)")
                let version = feed.url.hasSuffix(".atom") ? "atom10" : "rss20"
                #expect(feed.version == version, "\(feed.url): feedparser sees \(feed.version)")
                #expect(!feed.title.isEmpty, "\(feed.url): no feed title")
                #expect(feed.entries.count == expected.count, "\(feed.url): \(feed.entries.count) entries")
                for (entry, item) in zip(feed.entries, expected) {
                    #expect(entry.title == item.title, "\(feed.url): entry title")
                    #expect(entry.link == item.link, "\(feed.url): entry link of \(item)")
                    let expectedImage = try #require(item.enclosureURL, "\(feed.url): the feed gives \(item) no image")
                    let enclosure = entry.enclosures.first { $0.href == expectedImage }
                    #expect(enclosure != nil, "\(feed.url): no enclosure \(expectedImage) on \(item)")
                    #expect(enclosure?.type == item.enclosureType, "\(feed.url): enclosure type of \(item)")
                    #expect(enclosure?.type?.hasPrefix("image/") == true, "\(feed.url): \(item) enclosure type")
                }
            }
            try await served.expectFetchedOverHTTP()
        }
    }

    @Test func readersAreRequiredOnlyWhenTheVariableSaysSo() {
        #expect(FeedReader.areRequired(in: ["NEWSFEED_REQUIRE_READERS": "1"]))
        #expect(FeedReader.areRequired(in: ["NEWSFEED_REQUIRE_READERS": "true"]))
        #expect(!FeedReader.areRequired(in: ["NEWSFEED_REQUIRE_READERS": "0"]))
        #expect(!FeedReader.areRequired(in: ["NEWSFEED_REQUIRE_READERS": ""]))
        #expect(!FeedReader.areRequired(in: [:]))
    }

    /// Fetches each URL given as an argument over HTTP and prints what feedparser saw, as JSON.
    static let feedparserScript = """
        import json, sys
        import feedparser
        feeds = []
        for url in sys.argv[1:]:
            parsed = feedparser.parse(url)
            feeds.append({
                "url": url,
                "status": parsed.get("status"),
                "bozo": bool(parsed.get("bozo")),
                "bozoException": str(parsed.get("bozo_exception", "")),
                "version": parsed.get("version", ""),
                "title": parsed.feed.get("title", ""),
                "entries": [{
                    "title": entry.get("title"),
                    "link": entry.get("link"),
                    "enclosures": [{"href": e.get("href"), "type": e.get("type")} for e in entry.get("enclosures", [])],
                } for entry in parsed.entries],
            })
        json.dump(feeds, sys.stdout)
        """

    /// One row of newsboat's `rss_item` table.
    private struct CachedItem: Decodable {
        var feedurl: String
        var title: String
        var url: String
    }

    /// What the feedparser script prints for one feed.
    private struct ParsedFeed: Decodable {
        struct Entry: Decodable {
            var title: String?
            var link: String?
            var enclosures: [Enclosure]
        }

        struct Enclosure: Decodable {
            var href: String?
            var type: String?
        }

        var url: String
        var status: Int?
        var bozo: Bool
        var bozoException: String
        var version: String
        var title: String
        var entries: [Entry]
    }
}
