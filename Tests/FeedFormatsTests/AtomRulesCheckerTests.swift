import Foundation
import TestSupport
import Testing

/// The Atom checker passes a good feed and catches every rule it claims, one broken feed per rule.
@Suite struct AtomRulesCheckerTests {
    static let now = FeedDocumentSamples.buildTime
    static let selfURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.atom")

    static let good = """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en-us">
          <id>https://feeds.example.com/us/health.atom</id>
          <title>Health</title>
          <updated>2025-01-06T09:30:00Z</updated>
          <link rel="self" type="application/atom+xml" href="https://feeds.example.com/us/health.atom"/>
          <link rel="alternate" type="text/html" href="https://feeds.example.com/us/health.html"/>
          <generator>newsfeed test</generator>
          <entry>
            <id>https://publisher.example/story</id>
            <title type="text">Plain text title</title>
            <published>2020-11-14T23:12:00Z</published>
            <updated>2020-11-14T23:12:00Z</updated>
            <author><name>Author Name</name></author>
            <link rel="alternate" type="text/html" href="https://publisher.example/story"/>
            <summary type="text">A summary</summary>
            <content type="html">&lt;p&gt;fuller HTML&lt;/p&gt;</content>
            <category term="Publisher" scheme="https://publisher.example/"/>
            <link rel="enclosure" type="image/jpeg" length="0" href="https://img.example/x.jpg"/>
            <media:content url="https://img.example/x.jpg" medium="image" type="image/jpeg"/>
            <media:thumbnail url="https://img.example/x.jpg"/>
          </entry>
          <entry>
            <id>https://publisher.example/other</id>
            <title>Same time as the first</title>
            <updated>2020-11-14T23:12:00Z</updated>
            <author><name>Publisher</name><uri>https://publisher.example/</uri></author>
            <link href="https://publisher.example/other"/>
          </entry>
        </feed>
        """

    static func violations(_ xml: String) -> [String] {
        AtomRulesChecker.violations(in: Data(xml.utf8), selfURL: selfURL, now: now)
    }

    /// Two entries sharing `updated` is fine: the validator's DuplicateUpdated is not a rule here.
    @Test func aGoodFeedHasNothingToReport() {
        #expect(Self.violations(Self.good) == [])
    }

    @Test(arguments: [
        ("<title>Health</title>", "", "feed-title"),
        ("  <id>https://feeds.example.com/us/health.atom</id>\n", "", "feed-id"),
        ("<updated>2025-01-06T09:30:00Z</updated>\n  <link rel=\"self\"", "<link rel=\"self\"", "feed-updated"),
        ("<updated>2025-01-06T09:30:00Z</updated>", "<updated>Mon, 06 Jan 2025 09:30:00 +0000</updated>", "rfc3339"),
        ("<published>2020-11-14T23:12:00Z</published>", "<published>2020-02-30T23:12:00Z</published>", "rfc3339"),
        (
            "<published>2020-11-14T23:12:00Z</published>", "<published>2031-01-01T00:00:00Z</published>",
            "implausible-date"
        ),
        (
            #"<link rel="self" type="application/atom+xml" href="https://feeds.example.com/us/health.atom"/>"#, "",
            "feed-self"
        ),
        (
            #"href="https://feeds.example.com/us/health.atom"/>"#,
            #"href="https://feeds.example.com/elsewhere.atom"/>"#, "feed-self"
        ),
        (
            #"<link rel="self" type="application/atom+xml""#, #"<link rel="self" type="application/rss+xml""#,
            "self-type"
        ),
        (#"<id>https://publisher.example/story</id>"#, "<id>story-1</id>", "id-iri"),
        (#"<id>https://publisher.example/other</id>"#, "<id>https://publisher.example/story</id>", "duplicate-id"),
        ("<author><name>Author Name</name></author>", "", "entry-author"),
        ("<author><name>Author Name</name></author>", "<author><email>a@b.example</email></author>", "author-name"),
        (#"<link href="https://publisher.example/other"/>"#, "", "entry-content-or-alternate"),
        (
            #"<title type="text">Plain text title</title>"#, #"<title type="text">&lt;b&gt;bold&lt;/b&gt;</title>"#,
            "text-markup"
        ),
        ("&lt;p&gt;fuller HTML&lt;/p&gt;", "&lt;script&gt;x()&lt;/script&gt;", "html-unsafe-tag"),
        ("&lt;p&gt;fuller HTML&lt;/p&gt;", "&lt;p onclick=&quot;x()&quot;&gt;hi&lt;/p&gt;", "html-event-attribute"),
        (#"<content type="html">"#, #"<content type="fancy">"#, "text-type"),
        (
            #"<link rel="enclosure" type="image/jpeg" length="0""#, #"<link rel="enclosure" type="image/jpeg""#,
            "enclosure-length"
        ),
        (#"<link rel="enclosure" type="image/jpeg""#, #"<link rel="enclosure""#, "enclosure-type"),
        (#"length="0""#, #"length="big""#, "enclosure-length"),
        (#"<link href="https://publisher.example/other"/>"#, #"<link href="/other"/>"#, "link-relative"),
        (
            #"type="text/html" href="https://feeds.example.com/us/health.html"/>"#,
            #"type="text/html" href="https://feeds.example.com/us/health.html"/><link rel="alternate" type="text/html" href="https://feeds.example.com/"/>"#,
            "duplicate-alternate"
        ),
        (#"<category term="Publisher""#, #"<category term="""#, "category-term"),
        (#"scheme="https://publisher.example/""#, #"scheme="not an iri""#, "category-scheme"),
        (#"medium="image""#, #"medium="picture""#, "media-medium"),
        (#"<media:thumbnail url="https://img.example/x.jpg"/>"#, "<media:thumbnail/>", "media-url"),
        (#"xml:lang="en-us""#, #"xml:lang="english (us)""#, "xml-lang"),
        (
            #"xmlns:media="http://search.yahoo.com/mrss/""#, #"xmlns:media="http://search.yahoo.com/mrss""#,
            "media-namespace"
        ),
        ("</feed>", "", "well-formed"),
        (#"<feed xmlns="http://www.w3.org/2005/Atom""#, "<feed", "atom-root"),
    ])
    func eachRuleCatchesItsBrokenFeed(old: String, new: String, rule: String) throws {
        #expect(Self.good.contains(old), "the fixture changed: \(old)")
        let found = Self.violations(Self.good.replacingOccurrences(of: old, with: new))
        #expect(found.contains { $0.contains("[\(rule)]") }, "\(rule): \(found)")
    }

    @Test func notUTF8IsAnError() {
        var data = Data(Self.good.utf8)
        data.append(0xFF)
        #expect(AtomRulesChecker.violations(in: data, now: Self.now).first?.contains("[utf-8]") == true)
    }
}
