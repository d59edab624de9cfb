import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed convert FILE|- --source feed`: a publisher's RSS, Atom or JSON feed to any format, offline.
@Suite struct ConvertFeedSourceTests {
    /// An RSS 2.0 feed dated before the test clock (2024-05-02T12:00Z), with HTML and a podcast enclosure.
    static let podcastRSS = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Harbour Radio</title><link>https://radio.example/</link>
          <description>Shows</description>
          <item><title>Episode 2: fog</title><link>https://radio.example/2</link>
            <description><![CDATA[<p>About <b>fog</b>&nbsp;at sea.</p>]]></description>
            <pubDate>Thu, 02 May 2024 09:30:00 GMT</pubDate>
            <enclosure url="https://radio.example/2.mp3" type="audio/mpeg" length="100"/></item>
          <item><title>Episode 1: tides</title><link>https://radio.example/1</link>
            <pubDate>Wed, 01 May 2024 09:30:00 GMT</pubDate></item>
        </channel></rss>
        """

    func convert(_ input: String, _ arguments: [String]) async -> CommandRun {
        await CommandRun.run(
            ["convert", "-", "--source", "feed"] + arguments, workingDirectory: TemporaryFolder().url,
            standardInput: Data(input.utf8))
    }

    @Test(arguments: FeedFormat.allCases)
    func anRSSFeedBecomesAValidFeedInEveryFormat(format: FeedFormat) async throws {
        let run = await convert(Self.podcastRSS, ["--format", format.rawValue])
        #expect(run.status == 0, "\(run.standardError)")
        let feed = Data(run.standardOutput.utf8)
        let url = URL(string: "http://127.0.0.1:8080/feed/feed.\(format.fileExtension)")
        let violations: [String]
        switch format {
        case .rss: violations = FeedRulesChecker.violations(in: feed, selfURL: url, now: testNow)
        case .atom: violations = AtomRulesChecker.violations(in: feed, selfURL: url, now: testNow)
        case .json: violations = JSONFeedRulesChecker.violations(in: feed, feedURL: url, now: testNow)
        case .html: violations = StandalonePageChecker.violations(in: String(decoding: feed, as: UTF8.self))
        }
        #expect(violations == [])
        #expect(run.standardOutput.contains("Episode 2: fog"))
        #expect(run.standardOutput.contains("Harbour Radio"))
    }

    @Test func jsonTurnsRSSIntoJSONFeed() async throws {
        let run = await convert(Self.podcastRSS, ["--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Harbour Radio")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["url"] as? String } == ["https://radio.example/2", "https://radio.example/1"])
    }

    @Test func anHTMLPageIsRefusedWithItsCause() async {
        let page =
            #"<!DOCTYPE html><html><head><link rel="alternate" type="application/atom+xml" href="https://x.example/atom.xml"></head></html>"#
        let run = await convert(page, [])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "newsfeed convert: stdin: not a feed: an HTML page; it links the feed https://x.example/atom.xml"),
            "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func sourceGoesAloneAndTakesOnlyFeed() async {
        let both = await convert(Self.podcastRSS, ["--ddg", "x"])
        #expect(both.status == 64)
        #expect(both.standardError.contains("give one of --country/--category, --search, --ddg or --source"))
        let other = await CommandRun.run(
            ["convert", "-", "--source", "opml"], workingDirectory: TemporaryFolder().url, standardInput: Data())
        #expect(other.status == 64)
    }
}
