import FeedFormats
import Foundation
import TestSupport
import Testing

/// The checker must pass good feeds and catch every rule it claims; a checker that cannot fail
/// would let the renderer's end-to-end tests pass for nothing.
@Suite struct FeedRulesCheckerTests {
    /// Mon, 06 Jan 2025 09:30:00 +0000.
    static let now = FeedDocumentSamples.buildTime
    static let selfURL = FeedDocumentSamples.selfURL

    static let namespaces = """
        xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" \
        xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/"
        """

    static let channelHead = """
        <title>Health</title>
        <link>https://feeds.example.com/</link>
        <description>Top headlines</description>
        <language>en-us</language>
        <lastBuildDate>Mon, 06 Jan 2025 09:30:00 +0000</lastBuildDate>
        <ttl>60</ttl>
        <generator>newsfeed test</generator>
        <atom:link rel="self" type="application/rss+xml" href="https://feeds.example.com/us/health.rss"/>
        """

    /// feed-rules.md's "complete item that passes with nothing to report".
    static let completeItem = """
        <item>
          <title>Plain text title</title>
          <link>https://publisher.example/story</link>
          <description>Escaped HTML summary</description>
          <content:encoded><![CDATA[<p>fuller HTML</p>]]></content:encoded>
          <dc:creator>Author Name</dc:creator>
          <guid isPermaLink="true">https://publisher.example/story</guid>
          <pubDate>Sat, 14 Nov 2020 23:12:00 +0000</pubDate>
          <source url="https://publisher.example/">Publisher</source>
          <enclosure url="https://img.example/x.jpg" length="0" type="image/jpeg"/>
          <media:content url="https://img.example/x.jpg" medium="image" type="image/jpeg"/>
          <media:thumbnail url="https://img.example/x.jpg"/>
        </item>
        """

    static func feed(
        namespaces: String = namespaces, channelHead: String = channelHead, items: [String] = [completeItem],
        root: String = "rss version=\"2.0\""
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <\(root) \(namespaces)>
        <channel>
        \(channelHead)
        \(items.joined(separator: "\n"))
        </channel>
        </\(root.prefix { $0 != " " })>
        """
    }

    /// The complete item with `old` replaced by `new`.
    static func item(replacing old: String, with new: String) -> String {
        precondition(completeItem.contains(old), "fixture text not found: \(old)")
        return feed(items: [completeItem.replacing(old, with: new)])
    }

    static func channel(replacing old: String, with new: String) -> String {
        precondition(channelHead.contains(old), "fixture text not found: \(old)")
        return feed(channelHead: channelHead.replacing(old, with: new))
    }

    private func violations(_ xml: String) -> [String] {
        FeedRulesChecker.violations(in: Data(xml.utf8), selfURL: Self.selfURL, now: Self.now)
    }

    // MARK: Good feeds pass

    @Test func passesTheCompleteItemFromFeedRules() {
        #expect(violations(Self.feed()) == [])
    }

    @Test func passesTheGoldenFeed() throws {
        let url = try #require(
            RepositoryPaths.fixtureBundle.url(
                forResource: "small-feed", withExtension: "rss", subdirectory: "Fixtures/Feeds"))
        let violations = FeedRulesChecker.violations(
            in: try Data(contentsOf: url), selfURL: Self.selfURL, now: Self.now)
        #expect(violations == [])
    }

    @Test func passesRenderedHostileStories() throws {
        var document = FeedDocumentSamples.small
        var story = FeedDocumentSamples.complete
        story.title = "Tom & Jerry: \"quotes\", 'apostrophes', 🎉, مرحبا, ]]>, a < b > c, bell\u{7}"
        story.summary = "<script>alert(1)</script> <a href=\"/relative\" onclick=\"x()\">javascript:void(0)</a> ]]>"
        story.content = "<iframe src=\"javascript:x\"></iframe>\n\n<b>bold</b> & more\u{0}"
        story.author = "<b>Ana</b> & Co"
        story.sourceName = "Source & <Sons>"
        document.stories = [story, FeedDocumentSamples.minimal]
        let data = try RSSRenderer().render(document)
        #expect(FeedRulesChecker.violations(in: data, selfURL: Self.selfURL, now: Self.now) == [])
    }

    // MARK: Every rule fires

    static let badFeeds: [(rule: String, xml: String)] = [
        ("well-formed", String(feed().dropLast(20))),
        ("well-formed", feed().replacing("<title>Health</title>", with: "<title>Health & Co</title>")),
        ("utf-8", feed().replacing(#"encoding="UTF-8""#, with: #"encoding="ISO-8859-1""#)),
        ("forbidden-character", feed().replacing("Plain text title", with: "Bell&#7;")),
        ("forbidden-character", feed().replacing("Plain text title", with: "Bell\u{7}")),
        ("rss-root", feed(root: "feed")),
        ("rss-version", feed(root: "rss version=\"0.91\"")),
        ("channel-count", feed().replacing("</channel>", with: "</channel><channel><title>x</title></channel>")),
        ("channel-title", channel(replacing: "<title>Health</title>", with: "")),
        ("channel-link", channel(replacing: "<link>https://feeds.example.com/</link>", with: "")),
        ("channel-link", channel(replacing: "<link>https://feeds.example.com/</link>", with: "<link>/</link>")),
        ("channel-description", channel(replacing: "<description>Top headlines</description>", with: "")),
        ("title-markup", channel(replacing: "<title>Health</title>", with: "<title>&lt;i&gt;Health&lt;/i&gt;</title>")),
        ("atom-self", channel(replacing: #"href="https://feeds.example.com/us/health.rss""#, with: "href=\"x\"")),
        ("atom-self", channel(replacing: "us/health.rss", with: "us/sports.rss")),
        ("atom-self", channel(replacing: #"type="application/rss+xml""#, with: #"type="text/xml""#)),
        ("atom-self", channel(replacing: #"rel="self""#, with: #"rel="alternate""#)),
        ("ttl", channel(replacing: "<ttl>60</ttl>", with: "<ttl>0</ttl>")),
        ("ttl", channel(replacing: "<ttl>60</ttl>", with: "<ttl>an hour</ttl>")),
        ("date-format", channel(replacing: "Mon, 06 Jan 2025 09:30:00 +0000", with: "2025-01-06T09:30:00Z")),
        ("date-format", item(replacing: "Sat, 14 Nov 2020 23:12:00 +0000", with: "Sat, 14 Nov 20 23:12:00 +0000")),
        ("date-format", item(replacing: "Sat, 14 Nov 2020 23:12:00 +0000", with: "Sat, 14 Nov 2020 23:12:00 GMT")),
        ("date-format", item(replacing: "Sat, 14 Nov 2020 23:12:00 +0000", with: "Sat, 31 Nov 2020 23:12:00 +0000")),
        ("date-weekday", item(replacing: "Sat, 14 Nov 2020", with: "Fri, 14 Nov 2020")),
        ("date-future", item(replacing: "Sat, 14 Nov 2020 23:12:00 +0000", with: "Mon, 06 Jan 2025 09:31:00 +0000")),
        ("date-future", channel(replacing: "Mon, 06 Jan 2025 09:30:00 +0000", with: "Mon, 06 Jan 2025 08:31:00 -0100")),
        ("date-before-1990", item(replacing: "Sat, 14 Nov 2020", with: "Tue, 14 Nov 1989")),
        ("item-title-or-description", feed(items: ["<item><guid>https://a.example/1</guid></item>"])),
        ("duplicate-element", item(replacing: "<dc:creator>", with: "<title>Again</title><dc:creator>")),
        ("duplicate-element", channel(replacing: "<ttl>60</ttl>", with: "<ttl>60</ttl><ttl>30</ttl>")),
        ("item-link", item(replacing: "<link>https://publisher.example/story</link>", with: "<link>story</link>")),
        (
            "guid-missing",
            item(replacing: #"<guid isPermaLink="true">https://publisher.example/story</guid>"#, with: "")
        ),
        (
            "guid-permalink",
            item(replacing: #"<guid isPermaLink="true">https://publisher.example/story"#, with: "<guid>abc-1")
        ),
        ("guid-permalink", item(replacing: #"isPermaLink="true""#, with: #"isPermaLink="yes""#)),
        ("guid-duplicate", feed(items: [completeItem, completeItem])),
        ("enclosure-url", item(replacing: #"url="https://img.example/x.jpg" length"#, with: #"url="/x.jpg" length"#)),
        (
            "enclosure-url",
            item(
                replacing: #"url="https://img.example/x.jpg" length"#,
                with: #"url="http://localhost:8080/x.jpg" length"#)
        ),
        (
            "enclosure-url",
            item(replacing: #"url="https://img.example/x.jpg" length"#, with: #"url="ftp://img.example/x.jpg" length"#)
        ),
        ("enclosure-length", item(replacing: #"length="0" "#, with: "")),
        ("enclosure-length", item(replacing: #"length="0""#, with: #"length="-1""#)),
        ("enclosure-length", item(replacing: #"length="0""#, with: #"length="1.5""#)),
        ("enclosure-type", item(replacing: #"length="0" type="image/jpeg""#, with: #"length="0""#)),
        ("enclosure-type", item(replacing: #"length="0" type="image/jpeg""#, with: #"length="0" type="jpeg""#)),
        (
            "enclosure-count",
            item(
                replacing: "<media:content",
                with: #"<enclosure url="https://img.example/y.jpg" length="0" type="image/jpeg"/><media:content"#)
        ),
        ("source-url", item(replacing: #"<source url="https://publisher.example/">"#, with: "<source>")),
        ("source-url", item(replacing: #"<source url="https://publisher.example/">"#, with: #"<source url="/">"#)),
        ("source-name", item(replacing: ">Publisher</source>", with: "></source>")),
        ("author-email", item(replacing: "<dc:creator>Author Name</dc:creator>", with: "<author>Author Name</author>")),
        ("author-and-creator", item(replacing: "<dc:creator>", with: "<author>a@b.example (A)</author><dc:creator>")),
        ("title-markup", item(replacing: "Plain text title", with: "&lt;b&gt;Bold&lt;/b&gt; title")),
        ("title-markup", item(replacing: "Plain text title", with: "AT&amp;amp;T")),
        ("title-markup", item(replacing: "Plain text title", with: "&amp;#x3C;b&amp;#62;")),
        ("html-unsafe-tag", item(replacing: "Escaped HTML summary", with: "&lt;script&gt;alert(1)&lt;/script&gt;")),
        (
            "html-unsafe-tag",
            item(replacing: "<p>fuller HTML</p>", with: "<iframe src=\"https://x.example/\"></iframe>")
        ),
        (
            "html-unsafe-tag",
            item(replacing: "<p>fuller HTML</p>", with: "<object data=\"https://x.example/\"></object>")
        ),
        ("html-unsafe-tag", item(replacing: "<p>fuller HTML</p>", with: "<EMBED src=\"https://x.example/\">")),
        (
            "html-event-attribute",
            item(replacing: "Escaped HTML summary", with: "&lt;img src='https://x.example/a.png' onerror='x()'&gt;")
        ),
        ("html-javascript-url", item(replacing: "<p>fuller HTML</p>", with: "<a href=\" JavaScript:alert(1)\">x</a>")),
        (
            "html-relative-link",
            item(replacing: "Escaped HTML summary", with: "&lt;a href=\"/story\"&gt;more&lt;/a&gt;")
        ),
        ("html-relative-link", item(replacing: "<p>fuller HTML</p>", with: "<img src=img.png>")),
        (
            "content-order",
            item(replacing: "<description>Escaped HTML summary</description>", with: "").replacing(
                "<dc:creator>", with: "<description>Later</description><dc:creator>")
        ),
        (
            "media-content-url",
            item(replacing: #"<media:content url="https://img.example/x.jpg""#, with: "<media:content")
        ),
        ("media-content-medium", item(replacing: #"medium="image""#, with: #"medium="picture""#)),
        (
            "media-thumbnail-url",
            item(replacing: #"<media:thumbnail url="https://img.example/x.jpg"/>"#, with: "<media:thumbnail/>")
        ),
        (
            "media-namespace",
            feed(
                namespaces: namespaces.replacing("http://search.yahoo.com/mrss/", with: "http://search.yahoo.com/mrss"))
        ),
        (
            "namespace",
            feed(
                namespaces: namespaces.replacing(
                    "http://purl.org/dc/elements/1.1/", with: "http://purl.org/dc/elements/1.0/"))
        ),
    ]

    @Test(arguments: badFeeds)
    func catchesEveryRule(rule: String, xml: String) {
        let found = violations(xml)
        #expect(found.contains { $0.contains("[\(rule)]") }, "expected [\(rule)] in \(found)")
    }

    @Test func namesSeverityRuleAndItem() {
        let found = violations(Self.item(replacing: "Sat, 14 Nov 2020", with: "Fri, 14 Nov 2020"))
        #expect(
            found == [
                #"error [date-weekday] item 1 "Plain text title": <pubDate> "Fri, 14 Nov 2020 23:12:00 +0000" says Fri, the date is a Sat"#
            ])
    }

    @Test func reportsEachDuplicateGuidAgainstItsFirstItem() {
        let found = violations(Self.feed(items: [Self.completeItem, Self.completeItem, Self.completeItem]))
        #expect(found.filter { $0.contains("[guid-duplicate]") }.count == 2)
        #expect(found.allSatisfy { $0.contains("repeats item 1") })
    }

    @Test func acceptsDatesWithoutWeekdayOrSecondsAndAnyNumericZone() {
        for date in ["14 Nov 2020 23:12:00 +0000", "Sat, 14 Nov 2020 23:12 +0000", "Sun, 15 Nov 2020 01:12:00 +0200"] {
            #expect(violations(Self.item(replacing: "Sat, 14 Nov 2020 23:12:00 +0000", with: date)) == [], "\(date)")
        }
    }

    @Test func withoutExpectedSelfURLAcceptsAnyAbsoluteSelfLink() {
        let xml = Self.channel(replacing: "us/health.rss", with: "us/sports.rss")
        #expect(FeedRulesChecker.violations(in: Data(xml.utf8), now: Self.now) == [])
    }
}
