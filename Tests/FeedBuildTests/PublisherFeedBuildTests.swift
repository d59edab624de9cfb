import FeedBuild
import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed build` with `feed` entries (publishers' own RSS and JSON feeds) served by a loopback feed host: the
/// feeds written in every format pass the feed-rule checkers, and a failing source keeps its last good output.
@Suite struct PublisherFeedBuildTests {
    /// An RSS 2.0 feed dated around the workspace clock (2024-05-02T12:00Z), with HTML, a podcast enclosure, a
    /// picture and an item without any link.
    static let harbourRSS = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
          xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel><title>The Harbour Gazette</title><link>https://gazette.example/</link>
          <description>News from the harbour</description><language>en</language>
          <image><url>https://gazette.example/logo.png</url><title>Gazette</title><link>https://gazette.example/</link>
          </image>
          <item><title>Ferry &amp; tug collide&nbsp;in fog</title><link>https://gazette.example/news/ferry</link>
            <guid isPermaLink="false">g-1</guid>
            <description><![CDATA[<p>Nobody was <b>hurt</b>.</p><script>alert(1)</script>]]></description>
            <dc:creator>Ann Writer</dc:creator><category>Harbour</category>
            <pubDate>Thu, 02 May 2024 09:30:00 GMT</pubDate>
            <media:content url="https://gazette.example/img/ferry.jpg" medium="image"/>
            <enclosure url="https://gazette.example/audio/ferry.mp3" type="audio/mpeg" length="12345"/></item>
          <item><title>Harbour master retires</title><link>https://gazette.example/news/retires</link>
            <description>After forty years.</description><pubDate>Wed, 01 May 2024 18:00:00 +0200</pubDate></item>
          <item><title>No link at all</title><guid isPermaLink="false">opaque</guid></item>
        </channel></rss>
        """

    static let weeklyJSON = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "JSON Weekly", "home_page_url": "https://json.example/",
         "items": [{"id": "1", "url": "https://json.example/1", "title": "First", "content_text": "Hello there.",
                    "date_published": "2024-05-02T08:00:00Z"}]}
        """

    static func config(_ base: String) -> String {
        """
        {
          "site": "\(BuildWorkspace.site)",
          "output": "Feeds",
          "allowPrivate": true,
          "feeds": [
            {"feed": "\(base)/rss.xml", "name": "harbour"},
            {"feed": "\(base)/weekly/feed.json"}
          ]
        }
        """
    }

    static func with(_ body: (BuildWorkspace, FeedHostStub, String) async throws -> Void) async throws {
        let host = FeedHostStub([
            "/rss.xml": .init(harbourRSS),
            "/weekly/feed.json": .init(contentType: "application/feed+json", weeklyJSON),
        ])
        try await withLoopbackHost(host) { base in
            try await BuildWorkspace.with(config: config(base)) { workspace in
                try await body(workspace, host, base)
            }
        }
    }

    @Test func feedSourcesAreWrittenAsValidFeedsInEveryFormat() async throws {
        try await Self.with { workspace, _, _ in
            let run = await workspace.build()
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.outputLines == [
                    "feed/harbour: written, 2 items (2 new)", "feed/127-0-0-1-weekly: written, 1 item (1 new)",
                    "2 feeds: 2 written, 0 unchanged, 0 failed",
                ])
            for feed in ["feed/harbour", "feed/127-0-0-1-weekly"] {
                #expect(try workspace.violationsInEveryFormat(feed) == [], "\(feed)")
            }
            let harbour = try workspace.snapshot("feed/harbour")
            #expect(harbour.title == "The Harbour Gazette", "the channel title comes from the source")
            #expect(try workspace.snapshot("feed/127-0-0-1-weekly").title == "JSON Weekly")
            #expect(harbour.stories.map(\.title) == ["Ferry & tug collide in fog", "Harbour master retires"])
            let ferry = try #require(harbour.stories.first)
            #expect(ferry.summary == "Nobody was hurt.")
            #expect(ferry.author == "Ann Writer")
            #expect(ferry.publishedAt == Date(timeIntervalSince1970: 1_714_642_200))
            let rss = try String(contentsOf: workspace.feedURL("feed/harbour"), encoding: .utf8)
            #expect(!rss.contains("alert(1)") && !rss.contains("<script"))
            #expect(rss.contains("<language>en</language>"))
        }
    }

    /// The channel's title, link and description come from the source (issue 27, point 1); a configured `title`
    /// wins over the source's.
    @Test func theChannelComesFromTheSource() async throws {
        try await Self.with { workspace, _, _ in
            #expect(await workspace.build().status == 0)
            let harbour = try workspace.snapshot("feed/harbour")
            #expect(harbour.link == URL(string: "https://gazette.example/"))
            #expect(harbour.description == "News from the harbour")
            // Its picture too: RSS <image> (with the channel's own title and link), Atom <logo>, JSON Feed icon.
            #expect(harbour.image == URL(string: "https://gazette.example/logo.png"))
            let rss = workspace.feedURL("feed/harbour")
            let atom = try String(
                contentsOf: rss.deletingPathExtension().appendingPathExtension("atom"), encoding: .utf8)
            #expect(atom.contains("<logo>https://gazette.example/logo.png</logo>"))
            let json = try String(
                contentsOf: rss.deletingPathExtension().appendingPathExtension("json"), encoding: .utf8)
            #expect(json.contains(#""icon": "https://gazette.example/logo.png""#))
            #expect(try workspace.snapshot("feed/127-0-0-1-weekly").image == nil)
            let weekly = try workspace.snapshot("feed/127-0-0-1-weekly")
            #expect(weekly.link == URL(string: "https://json.example/"))
            #expect(weekly.description?.hasPrefix("The feed http://127.0.0.1:") == true, "no description of its own")
            for feed in ["feed/harbour", "feed/127-0-0-1-weekly"] {
                #expect(try workspace.violationsInEveryFormat(feed) == [], "\(feed)")
            }
        }
    }

    /// An item's own HTML (issue 27, point 4) is kept sanitized in every format, which stay valid.
    @Test func itemHTMLIsKeptSanitizedInEveryFormat() async throws {
        let rss = """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Gazette</title>
            <link>https://gazette.example/</link><description>News</description>
            <item><title>Ferry</title><link>https://gazette.example/ferry</link><description>Short.</description>
            <pubDate>Thu, 02 May 2024 09:30:00 GMT</pubDate>
            <content:encoded><![CDATA[<h2>Fog</h2><p>The <em>ferry</em> hit <a href="/tug" onclick="x()">a tug</a>.</p>
            <script>steal()</script><iframe src="https://ads.example/"></iframe><p style="color:red">Nobody hurt.</p>
            <img src="https://t.example/p.gif" width="1" height="1">]]></content:encoded></item></channel></rss>
            """
        let host = FeedHostStub(["/rss.xml": .init(rss)])
        try await withLoopbackHost(host) { base in
            let config = """
                {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true,
                 "feeds": [{"feed": "\(base)/rss.xml", "name": "html"}]}
                """
            try await BuildWorkspace.with(config: config) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                let written = try #require(workspace.feedData("feed/html"))
                let text = String(decoding: written, as: UTF8.self)
                #expect(text.contains("&lt;em&gt;ferry&lt;/em&gt;"))
                // Relative addresses resolve against the feed's own URL, as readers resolve them.
                #expect(text.contains("\(base)/tug"))
                let html = try #require(try workspace.snapshot("feed/html").stories.first?.contentHTML)
                for word in ["script", "iframe", "onclick", "style", "t.example"] {
                    #expect(!html.contains(word), "\(word)")
                }
                #expect(try workspace.violationsInEveryFormat("feed/html") == [])
                #expect(
                    try workspace.snapshot("feed/html").stories.first?.contentHTML?.contains("<em>ferry</em>") == true)
            }
        }
    }

    /// Every writer that renders a feed again from its history (watch's healing, bookmark stars) keeps the
    /// channel's picture, link and description as the build wrote them.
    @Test func aRewriteFromTheHistoryKeepsTheChannelsPicture() throws {
        let config = try ConfigLoader.parse(
            Data(#"{"feeds": [{"feed": "https://gazette.example/rss", "name": "harbour"}]}"#.utf8),
            path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
        let spec = try #require(config.feeds.first)
        let assembly = FeedAssembly(
            config: config, spec: spec, defaultImage: nil, now: Date(timeIntervalSince1970: 1_714_651_200))
        var snapshot = RSSFeedSnapshot(
            title: "The Harbour Gazette", link: URL(string: "https://gazette.example/"), description: "News")
        snapshot.image = URL(string: "https://gazette.example/logo.png")
        let document = assembly.rerender(snapshot, state: BridgeState()).document
        #expect(document.image == snapshot.image)
        #expect(document.link == snapshot.link)
        #expect(document.description == "News")
    }

    @Test func aFeedSourceIsPolledEvery30MinutesByDefaultButNeverBelowItsTTL() throws {
        let config = try ConfigLoader.parse(
            Data(
                #"{"feeds": [{"feed": "https://a.example/rss", "ttl": 10}, {"feed": "https://b.example/rss"}, {"feed": "https://c.example/rss", "every": "5m", "ttl": 5}, {"ddg": "x"}]}"#
                    .utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
        let scheduler = FeedScheduler(config: config)
        #expect(config.feeds.map(scheduler.interval(for:)) == [1800, 3600, 300, 86_400])
    }

    /// Conditional GET (issue 27, point 5): the next poll sends the last answer's `ETag`; a 304 rewrites nothing.
    @Test func aFeedAnswering304IsNotRewritten() async throws {
        try await Self.with { workspace, host, _ in
            var tagged = FeedHostStub.Answer(Self.harbourRSS)
            tagged.etag = "\"harbour-1\""
            host.set("/rss.xml", tagged)
            #expect(await workspace.build(["--only", "feed/harbour"]).status == 0)
            let file = workspace.feedURL("feed/harbour")
            let before = try Data(contentsOf: file)
            let stamp = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            workspace.clock.advance(by: 3600)
            let run = await workspace.build(["--only", "feed/harbour", "--force"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(host.conditionalHeaders.last == "If-None-Match: \"harbour-1\"")
            #expect(
                run.outputLines == ["feed/harbour: unchanged, 2 items", "1 feed: 0 written, 1 unchanged, 0 failed"])
            #expect(try Data(contentsOf: file) == before)
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == stamp)
        }
    }

    @Test func anItemThatComesBackChangedIsUpdatedInPlaceNeverRepeated() async throws {
        try await Self.with { workspace, host, _ in
            #expect(await workspace.build(["--only", "feed/harbour"]).status == 0)
            let changed = Self.harbourRSS.replacingOccurrences(
                of: "Ferry &amp; tug collide&nbsp;in fog", with: "Ferry and tug collide: nobody hurt")
            host.set("/rss.xml", .init(changed))
            workspace.clock.advance(by: 3600)
            let run = await workspace.build(["--only", "feed/harbour", "--force"])
            #expect(run.status == 0, "\(run.standardError)")
            let stories = try workspace.snapshot("feed/harbour").stories
            #expect(stories.map(\.title) == ["Ferry and tug collide: nobody hurt", "Harbour master retires"])
        }
    }

    @Test func tenThousandItemsKeepMaxItems() async throws {
        var rss = #"<rss version="2.0"><channel><title>Many</title><link>https://many.example/</link>"#
        for index in 0..<10_000 {
            let minute = String(format: "%02d", index % 60)
            rss +=
                "<item><title>Item \(index)</title><link>https://many.example/\(index)</link>"
                + "<pubDate>Thu, 02 May 2024 09:\(minute):00 GMT</pubDate></item>"
        }
        rss += "</channel></rss>"
        let host = FeedHostStub(["/many.xml": .init(rss)])
        try await withLoopbackHost(host) { base in
            let config = """
                {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true, "maxItems": 50,
                 "feeds": [{"feed": "\(base)/many.xml", "name": "many"}]}
                """
            try await BuildWorkspace.with(config: config) { (workspace: BuildWorkspace) async throws in
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                #expect(try workspace.snapshot("feed/many").stories.count == 50)
                #expect(try workspace.violationsInEveryFormat("feed/many") == [])
            }
        }
    }

    @Test func anEveryBelowFiveMinutesIsAConfigurationError() async throws {
        let config = #"{"output": "Feeds", "feeds": [{"feed": "https://a.example/rss.xml", "every": "2m"}]}"#
        try await BuildWorkspace.with(config: config) { workspace in
            let run = await workspace.build()
            #expect(run.status == 78)
            #expect(
                run.standardError.contains("feeds[0].every: must be at least 5m for a publisher's feed, not 2m"),
                "\(run.standardError)")
        }
    }

    @Test func aFailingSourceKeepsTheLastGoodOutputAndSaysWhy() async throws {
        try await Self.with { workspace, host, base in
            #expect(await workspace.build(["--only", "feed/harbour"]).status == 0)
            let written = try #require(workspace.feedData("feed/harbour"))

            host.set("/rss.xml", .init(status: 404, contentType: "text/plain", "gone fishing"))
            workspace.clock.advance(by: 3600)
            let notFound = await workspace.build(["--only", "feed/harbour", "--force"])
            #expect(notFound.status != 0)
            #expect(notFound.standardError.contains("HTTP 404 from \(base)/rss.xml"), "\(notFound.standardError)")
            #expect(workspace.feedData("feed/harbour") == written)

            let page = """
                <!DOCTYPE html><html><head><link rel="alternate" type="application/rss+xml" href="/real.xml">
                </head><body>Home</body></html>
                """
            host.set("/rss.xml", .init(contentType: "text/html", page))
            workspace.clock.advance(by: 3600)
            let html = await workspace.build(["--only", "feed/harbour", "--force"])
            #expect(html.status != 0)
            #expect(
                html.standardError.contains("not a feed: an HTML page; it links the feed \(base)/real.xml"),
                "\(html.standardError)")
            #expect(workspace.feedData("feed/harbour") == written)
        }
    }
}
