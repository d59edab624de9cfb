import FeedBuild
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed build` of a merged feed (issue 27, points 12 and 13) from a loopback feed host: one feed newest first,
/// each story once, a failing source named in the run and in `status`, the last good output kept when all fail.
@Suite struct MergedFeedBuildTests {
    static let harbourRSS = """
        <rss version="2.0"><channel><title>Harbour Gazette</title><link>https://gazette.example/</link>
          <item><title>Ferry and tug collide in fog</title><link>https://gazette.example/news/ferry</link>
            <guid isPermaLink="false">g-1</guid><pubDate>Thu, 02 May 2024 09:30:00 GMT</pubDate></item>
          <item><title>Harbour master retires</title><link>https://gazette.example/news/retires</link>
            <pubDate>Wed, 01 May 2024 16:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    /// An Atom feed that carries the Gazette's ferry story again, under a tracking and AMP address.
    static let islandAtom = """
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Island News</title><id>urn:island</id>
          <updated>2024-05-02T11:00:00Z</updated><link href="https://island.example/"/>
          <entry><title>Ferry collides with tug</title><id>urn:island:7</id>
            <link href="https://amp.gazette.example/news/ferry/amp?utm_source=island&amp;utm_medium=atom"/>
            <updated>2024-05-02T10:00:00Z</updated><summary>From the Gazette.</summary></entry>
          <entry><title>New school opens on the island</title><id>urn:island:8</id>
            <link href="https://island.example/school"/><updated>2024-05-02T11:00:00Z</updated>
            <summary>Forty pupils.</summary></entry>
        </feed>
        """

    static func config(_ base: String, name: Bool = true) -> String {
        """
        {
          "site": "\(BuildWorkspace.site)",
          "output": "Feeds",
          "allowPrivate": true,
          "feeds": [
            {"feed": ["\(base)/rss.xml", "\(base)/island.atom"]\(name ? #", "name": "coast""# : "")}
          ]
        }
        """
    }

    static func with(_ body: (BuildWorkspace, FeedHostStub, String) async throws -> Void) async throws {
        let host = FeedHostStub([
            "/rss.xml": .init(harbourRSS),
            "/island.atom": .init(contentType: "application/atom+xml", islandAtom),
        ])
        try await withLoopbackHost(host) { base in
            try await BuildWorkspace.with(config: config(base)) { workspace in
                try await body(workspace, host, base)
            }
        }
    }

    @Test func twoSourcesMakeOneFeedNewestFirstEachStoryOnce() async throws {
        try await Self.with { workspace, _, _ in
            let run = await workspace.build()
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.outputLines.first == "feed/coast: written, 3 items (3 new)")
            let stories = try workspace.snapshot("feed/coast").stories
            // The ferry story is the Gazette's (published first), once; the island's copy was another address of it.
            #expect(
                stories.map(\.title) == [
                    "New school opens on the island", "Ferry and tug collide in fog", "Harbour master retires",
                ])
            #expect(try workspace.violationsInEveryFormat("feed/coast") == [])
        }
    }

    @Test func aFailingSourceIsNamedAndTheOthersStillMakeTheFeed() async throws {
        try await Self.with { workspace, host, base in
            #expect(await workspace.build().status == 0)
            host.set("/island.atom", .init(status: 404, contentType: "text/plain", "gone"))
            workspace.clock.advance(by: 3600)
            let run = await workspace.build(["--force"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.standardError.contains(
                    "feed/coast: a source failed, the others made the feed: HTTP 404 from \(base)/island.atom"),
                "\(run.standardError)")
            let status = await workspace.run(["status"])
            #expect(
                status.outputLines.contains {
                    $0 == "problem: feed/coast: a source is failing: HTTP 404 from \(base)/island.atom"
                },
                "\(status.outputLines)")
            let json = await workspace.run(["status", "--json"])
            #expect(json.standardOutput.contains("a source is failing"))

            // Back again: the problem is gone with the next build.
            host.set("/island.atom", .init(contentType: "application/atom+xml", Self.islandAtom))
            workspace.clock.advance(by: 3600)
            #expect(await workspace.build(["--force"]).status == 0)
            #expect(!(await workspace.run(["status"])).standardOutput.contains("a source is failing"))
        }
    }

    @Test func eachSourceHasItsOwnPollRowAndPollingRules() async throws {
        try await Self.with { workspace, host, base in
            #expect(await workspace.build().status == 0)
            host.set("/island.atom", .init(status: 503, contentType: "text/plain", "busy"))
            workspace.clock.advance(by: 3600)
            #expect(await workspace.build(["--force"]).status == 0)
            let status = await workspace.run(["status"]).standardOutput
            #expect(status.contains("source \(base)/rss.xml, last answer 200"), "\(status)")
            #expect(status.contains("source \(base)/island.atom, last answer HTTP 503"), "\(status)")
            // The 503 backs the sources' host off: even --force waits for it.
            workspace.clock.advance(by: 60)
            let held = await workspace.build(["--force"])
            #expect(held.standardOutput.contains("not polled"), "\(held.standardOutput)")
        }
    }

    /// The status rows of the merged feed's sources, by URL.
    static func rows(_ workspace: BuildWorkspace) async throws -> [String: [String: Any]] {
        let run = await workspace.run(["status", "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let feeds = try #require(object["feeds"] as? [[String: Any]])
        let sources = try #require(feeds.first?["sources"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: sources.map { ($0["url"] as? String ?? "", $0) })
    }

    @Test func aSourceThatAnswersAPageNotAFeedSaysWhyInItsRow() async throws {
        try await Self.with { workspace, host, base in
            #expect(await workspace.build().status == 0)
            host.set("/island.atom", .init(contentType: "text/html", "<html><body><p>Under repair</p></body></html>"))
            workspace.clock.advance(by: 3600)
            #expect(await workspace.build(["--force"]).status == 0)
            let status = await workspace.run(["status"]).standardOutput
            let row = try #require(status.split(separator: "\n").first { $0.contains("source \(base)/island.atom") })
            #expect(row.contains("last answer 200 (not a feed: "), "\(row)")
            #expect(!row.contains("0 items read"), "\(row)")
            let rows = try await Self.rows(workspace)
            #expect(rows["\(base)/island.atom"]?["lastStatus"] as? Int == 200)
            #expect((rows["\(base)/island.atom"]?["lastAnswer"] as? String)?.hasPrefix("200 (not a feed: ") == true)
        }
    }

    @Test func aSourceThatAskedToWaitWaitsAloneWhileTheOthersArePolled() async throws {
        try await Self.with { workspace, host, base in
            var waiting = FeedHostStub.Answer(contentType: "application/atom+xml", Self.islandAtom)
            waiting.headers = ["Retry-After": "20000"]
            host.set("/island.atom", waiting)
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 3700)
            let run = await workspace.build(["--force"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(host.paths.filter { $0 == "/rss.xml" }.count == 2)
            #expect(host.paths.filter { $0 == "/island.atom" }.count == 1, "its Retry-After holds, --force or not")
            // Its stories stay in the feed from the history.
            let titles = try workspace.snapshot("feed/coast").stories.map(\.title)
            #expect(titles.contains("New school opens on the island"))
            let rows = try await Self.rows(workspace)
            #expect(rows["\(base)/island.atom"]?["nextPollSetBy"] as? String == "Retry-After")
            #expect(rows["\(base)/rss.xml"]?["nextPollSetBy"] as? String == "every")
        }
    }

    @Test func aGoneSourceIsNeverPolledAgainWhileTheOthersGoOn() async throws {
        try await Self.with { workspace, host, base in
            #expect(await workspace.build().status == 0)
            host.set("/island.atom", .init(status: 410, contentType: "text/plain", "gone"))
            workspace.clock.advance(by: 3700)
            _ = await workspace.build(["--force"])
            workspace.clock.advance(by: 3700)
            let forced = await workspace.build(["--force"])
            #expect(forced.status == 0, "\(forced.standardError)")
            #expect(host.paths.filter { $0 == "/island.atom" }.count == 2, "asked once more to learn it is gone")
            #expect(host.paths.filter { $0 == "/rss.xml" }.count == 3)
            let rows = try await Self.rows(workspace)
            let gone = try #require(rows["\(base)/island.atom"])
            #expect(gone["nextPollSetBy"] as? String == "gone")
            #expect(gone["nextPoll"] is NSNull)
            #expect(gone["goneSince"] is String)
            // Named by --only, the feed asks its gone source again.
            _ = await workspace.build(["--only", "feed/coast"])
            #expect(host.paths.filter { $0 == "/island.atom" }.count == 3)
        }
    }

    @Test func everySourceFailingIsAFailureAndKeepsTheLastGoodOutput() async throws {
        try await Self.with { workspace, host, base in
            #expect(await workspace.build().status == 0)
            let written = try #require(workspace.feedData("feed/coast"))
            host.set("/island.atom", .init(status: 500, contentType: "text/plain", "down"))
            host.set("/rss.xml", .init(status: 404, contentType: "text/plain", "gone"))
            workspace.clock.advance(by: 3600)
            let run = await workspace.build(["--force"])
            #expect(run.status != 0)
            #expect(
                run.standardError.contains(
                    "every source of feed/coast failed: HTTP 404 from \(base)/rss.xml; HTTP 500 from \(base)/island.atom"
                ),
                "\(run.standardError)")
            #expect(workspace.feedData("feed/coast") == written)
        }
    }

    @Test func aMergedFeedWithoutANameIsAConfigurationError() async throws {
        try await withLoopbackHost(FeedHostStub([:])) { base in
            try await BuildWorkspace.with(config: Self.config(base, name: false)) { workspace in
                let run = await workspace.build()
                #expect(run.status == 78)
                #expect(
                    run.standardError.contains(#"feeds[0]: a merged feed ("feed" with a list of URLs) needs a "name""#),
                    "\(run.standardError)")
                #expect(run.standardError.split(separator: "\n").count == 1)
            }
        }
    }
}
