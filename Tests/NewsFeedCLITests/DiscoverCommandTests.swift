import Foundation
import TestSupport
import Testing

/// `newsfeed discover`: the feeds a page advertises, then same-site links that look like feeds, each checked to be
/// one; a feed given directly says so; none found is exit 1 (issue 27, point 9).
@Suite struct DiscoverCommandTests {
    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Harbour Gazette</title>
        <link>https://gazette.example/</link><description>News from the harbour</description>
        <item><title>The bridge</title><link>https://gazette.example/bridge</link></item>
        <item><title>The ferry</title><link>https://gazette.example/ferry</link></item></channel></rss>
        """
    static let atom = """
        <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Gazette comments</title>
        <id>urn:x</id><updated>2026-12-01T00:00:00Z</updated>
        <entry><title>On the bridge</title><id>urn:1</id><link href="https://gazette.example/c/1"/>
        <updated>2026-12-01T00:00:00Z</updated></entry></feed>
        """
    static let json = #"{"version": "https://jsonfeed.org/version/1.1", "title": "Gazette JSON", "items": []}"#

    static func page(_ head: String, _ body: String = "") -> FeedHostStub.Answer {
        .init(
            contentType: "text/html; charset=utf-8",
            "<!DOCTYPE html><html><head>\(head)</head><body>\(body)</body></html>")
    }

    private func discover(_ answers: [String: FeedHostStub.Answer], path: String, private allow: Bool = true)
        async throws -> CommandRun
    {
        var run: CommandRun?
        try await withLoopbackHost(FeedHostStub(answers)) { base in
            run = await CommandRun.run(
                ["discover", base + path] + (allow ? ["--allow-private"] : []), workingDirectory: TemporaryFolder().url)
        }
        return try #require(run)
    }

    @Test func advertisedFeedsAreListedInPageOrderWithFormatItemsAndTitle() async throws {
        let head = """
            <title>Harbour Gazette</title>
            <link rel="alternate" type="application/rss+xml" title="All news" href="/rss.xml">
            <link rel="alternate" type="application/atom+xml" href="comments/atom.xml">
            <link rel="alternate" type="application/feed+json" href="/feed.json?a=1&amp;b=2">
            <link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
            <link rel="stylesheet" href="/style.css">
            """
        let run = try await discover(
            [
                "/": Self.page(head), "/rss.xml": .init(Self.rss),
                "/comments/atom.xml": .init(contentType: "application/atom+xml", Self.atom),
                "/feed.json": .init(contentType: "application/feed+json", Self.json),
            ], path: "/")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].hasSuffix("/rss.xml  RSS, 2 items, \"Harbour Gazette\""), "\(lines)")
        #expect(lines[1].hasSuffix("/comments/atom.xml  Atom, 1 item, \"Gazette comments\""), "\(lines)")
        #expect(lines[2].hasSuffix("/feed.json?a=1&b=2  JSON Feed, 0 items, \"Gazette JSON\""), "\(lines)")
    }

    @Test func sameSiteLinksThatLookLikeFeedsComeAfterAndOnlyThoseThatParse() async throws {
        let body = """
            <a href="/about">About</a> <a href="/feed/">Subscribe</a> <a href="/sitemap.xml">Sitemap</a>
            <a href="https://elsewhere.example/rss">Their feed</a> <a href="/index.rss">Old feed</a>
            """
        let run = try await discover(
            [
                "/": Self.page("<title>No links</title>", body), "/feed/": .init(Self.rss),
                "/index.rss": .init(contentType: "text/html", "<!DOCTYPE html><html><body>moved</body></html>"),
            ], path: "/")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasSuffix("/feed/  RSS, 2 items, \"Harbour Gazette\"") == true)
        #expect(run.standardError.isEmpty, "a guess that is no feed is not worth a line: \(run.standardError)")
    }

    @Test func anAdvertisedFeedThatFailsIsNamedOnStandardError() async throws {
        let head = """
            <link rel="alternate" type="application/rss+xml" href="/gone.xml">
            <link rel="alternate" type="application/rss+xml" href="/rss.xml">
            """
        let run = try await discover(["/": Self.page(head), "/rss.xml": .init(Self.rss)], path: "/")
        #expect(run.status == 0)
        #expect(run.standardError.contains("/gone.xml: advertised, but HTTP 404 from "), "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").count == 1)
    }

    @Test func aFeedGivenDirectlySaysSo() async throws {
        let run = try await discover(["/rss.xml": .init(Self.rss)], path: "/rss.xml")
        #expect(run.status == 0)
        #expect(run.standardOutput.hasSuffix("/rss.xml is itself a feed: RSS, 2 items, \"Harbour Gazette\"\n"))
    }

    @Test func aPageWithNoFeedIsExitOneWithACause() async throws {
        let run = try await discover(["/": Self.page("<title>Plain</title>", "<p>Nothing</p>")], path: "/")
        #expect(run.status == 1)
        #expect(
            run.standardError.hasSuffix(
                ": no feed found (the page advertises no feed and links none that looks like one)\n"),
            "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aLoopbackPageIsRefusedWithoutAllowPrivateAndTheFlagIsNamed() async throws {
        let run = try await discover(["/rss.xml": .init(Self.rss)], path: "/rss.xml", private: false)
        #expect(run.status == 1)
        #expect(run.standardError.contains("--allow-private allows it"), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1)
    }

    @Test func somethingThatIsNoHTTPAddressIsAUsageError() async throws {
        let run = await CommandRun.run(["discover", "ftp://x.example/feed"], workingDirectory: TemporaryFolder().url)
        #expect(run.status == 64)
        #expect(run.standardError == "newsfeed discover: ftp://x.example/feed: not an http(s) address\n")
    }
}
