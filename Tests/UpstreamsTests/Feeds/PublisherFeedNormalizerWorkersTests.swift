import Foundation
import NewsModel
import Testing
import Upstreams

/// The stories of a feed are the same, in the same order, whether one thread makes them or two (`convert` of one big
/// feed uses two): identity is settled first in feed order, then each story is made in its item's place.
@Suite struct PublisherFeedNormalizerWorkersTests {
    /// `count` items: every seventh without a link (dropped), every eleventh repeating an earlier id (repeated),
    /// HTML content longer than the summary, some with pictures, authors and dates.
    static func feed(items count: Int) throws -> PublisherFeed {
        var items: [PublisherFeedItem] = []
        for index in 0..<count {
            let link = index % 7 == 3 ? nil : URL(string: "https://news.example/\(index)?utm_source=x")
            let id = index % 11 == 10 ? "id-\(index - 5)" : "id-\(index)"
            var item = PublisherFeedItem(id: id, link: link, title: index % 5 == 0 ? nil : "Story \(index)")
            item.summary = "<p>Summary of story \(index) &amp; more.</p>"
            item.content =
                "<p>Summary of story \(index) &amp; more.</p><p>And the rest, with <a href=\"/r/\(index)\">a link</a>"
                + " and <script>alert(1)</script> nothing that runs.</p>"
            item.published = Date(timeIntervalSince1970: 1_764_000_000 + Double(index) * 60)
            item.authors = index % 3 == 0 ? ["Ana", " "] : []
            item.image = index % 4 == 0 ? URL(string: "https://img.example/\(index).jpg") : nil
            items.append(item)
        }
        return PublisherFeed(
            format: .rss, title: "News &amp; more", link: URL(string: "https://news.example/"), language: " en ",
            items: items)
    }

    @Test(arguments: [0, 1, 31, 32, 33, 1000])
    func twoThreadsMakeWhatOneMakes(count: Int) throws {
        let url = try #require(URL(string: "https://news.example/feed.xml"))
        let now = Date(timeIntervalSince1970: 1_765_000_000)
        let one = PublisherFeedNormalizer().stories(from: try Self.feed(items: count), feedURL: url, seenAt: now)
        let two = PublisherFeedNormalizer().stories(
            from: try Self.feed(items: count), feedURL: url, seenAt: now, workers: 2)

        #expect(one == two)
        if count == 1000 {
            #expect(one.dropped == 143)
            #expect(one.repeated > 0)
            #expect(one.stories.count == 1000 - one.dropped - one.repeated)
            #expect(one.stories.allSatisfy { $0.contentHTML?.contains("<script") == false })
        }
    }
}

/// `convert` makes stories while the feed is still read (``PublisherFeedNormalizer/readStories``): the stories are
/// those made from the feed read first, whatever the format, wherever the feed's own title stands, and for items the
/// reader keeps whole (a feed cut short, another encoding).
@Suite struct StoriesWhileReadingTests {
    let url = URL(string: "https://news.example/feed.xml") ?? URL(filePath: "/")
    let now = Date(timeIntervalSince1970: 1_765_000_000)

    /// `count` RSS items: every seventh without a link, every eleventh repeating an earlier guid, HTML content.
    static func rss(items count: Int, closed: Bool = true) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <title>News &amp; more</title><link>https://www.news.example/</link><language>en</language>

            """
        for index in 0..<count {
            let guid = index % 11 == 10 ? "id-\(index - 5)" : "id-\(index)"
            let link = index % 7 == 3 ? "" : "<link>https://news.example/\(index)?utm_source=x</link>"
            text += """
                <item><title>Story \(index)</title>\(link)<guid isPermaLink="false">\(guid)</guid>
                <description>Summary of story \(index) &amp; more.</description>
                <content:encoded><![CDATA[<p>Summary of story \(index) &amp; more.</p><p>And the rest, with \
                <a href="/r/\(index)">a link</a> and <script>alert(1)</script> nothing that runs.</p>]]></content:encoded>
                <pubDate>Mon, 01 Dec 2025 10:\(String(format: "%02d", index % 60)):00 +0000</pubDate></item>

                """
        }
        return text + (closed ? "</channel></rss>" : "<item><title>Cut short</title><link>https://news.example/cut")
    }

    /// Entries first, the feed's title and link after them, as some Atom feeds have it.
    static let atomTitleLast = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">
        <entry><id>tag:news.example,2025:1</id><title>Eins</title><link href="https://news.example/1"/>
        <summary>Erste Meldung.</summary><content type="html">&lt;p&gt;Erste Meldung, länger.&lt;/p&gt;</content>
        <updated>2025-12-01T10:00:00Z</updated></entry>
        <entry><id>tag:news.example,2025:2</id><title>Zwei</title><link href="/2"/>
        <updated>2025-12-01T11:00:00Z</updated></entry>
        <title>Nachrichten</title><link rel="alternate" href="https://www.news.example/de/"/>
        </feed>
        """

    func bothWays(_ text: String) throws -> (PublisherFeedNormalizer.Result, PublisherFeedNormalizer.Result) {
        try bothWays(Data(text.utf8))
    }

    func bothWays(_ data: Data) throws -> (PublisherFeedNormalizer.Result, PublisherFeedNormalizer.Result) {
        let read = try PublisherFeedReader.read(data, url: url)
        let first = PublisherFeedNormalizer().stories(from: read, feedURL: url, seenAt: now)
        let (feed, pipelined) = try PublisherFeedNormalizer().readStories(data, url: url, seenAt: now, workers: 2)
        #expect(feed.items.isEmpty)
        #expect(feed.title == read.title && feed.link == read.link && feed.language == read.language)
        return (first, pipelined)
    }

    @Test(arguments: [0, 1, 40, 600])
    func rssItemsMakeTheSameStories(count: Int) throws {
        let (first, pipelined) = try bothWays(Self.rss(items: count))
        #expect(first == pipelined)
        #expect(pipelined.stories.allSatisfy { $0.sourceName == "News & more" && $0.language == "en" })
        if count == 600 {
            #expect(pipelined.dropped == 86 && pipelined.repeated > 0)
        }
    }

    @Test func aFeedCutShortKeepsItsLastItemAndTheSameStories() throws {
        let (first, pipelined) = try bothWays(Self.rss(items: 30, closed: false))
        #expect(first == pipelined)
        #expect(pipelined.stories.contains { $0.title == "Cut short" })
    }

    @Test func theFeedsOwnFieldsAfterItsEntriesReachEveryStory() throws {
        let (first, pipelined) = try bothWays(Self.atomTitleLast)
        #expect(first == pipelined)
        #expect(pipelined.stories.map(\.sourceName) == ["Nachrichten", "Nachrichten"])
        #expect(pipelined.stories.allSatisfy { $0.sourceURL.absoluteString == "https://www.news.example/" })
        #expect(pipelined.stories.allSatisfy { $0.language == "de" })
    }

    @Test func rdfJSONAndAnotherEncodingMakeTheSameStories() throws {
        for text in [
            FeedFixtures.rss10RDF, FeedFixtures.rss090, FeedFixtures.jsonFeed11, FeedFixtures.atom10WithXMLBase,
        ] {
            let (first, pipelined) = try bothWays(text)
            #expect(first == pipelined)
            #expect(!pipelined.stories.isEmpty)
        }
        let latin1 = Self.rss(items: 12).replacingOccurrences(of: "UTF-8", with: "ISO-8859-1")
            .replacingOccurrences(of: "Story 1<", with: "Café 1<")
        let (first, pipelined) = try bothWays(try #require(latin1.data(using: .isoLatin1)))
        #expect(first == pipelined)
        #expect(pipelined.stories.contains { $0.title == "Café 1" })
    }

    @Test func somethingThatIsNoFeedFailsAndLetsTheHelperGo() {
        #expect(throws: PublisherFeedError.self) {
            try PublisherFeedNormalizer().readStories(
                Data(FeedFixtures.htmlPageWithFeedLink.utf8), url: url, seenAt: now, workers: 2)
        }
        for text in [
            #"<?xml version="1.0"?><opml><body><item><link>https://a.example/</link></item></body></opml>"#, "{1",
        ] {
            #expect(throws: PublisherFeedError.self) {
                try PublisherFeedNormalizer().readStories(Data(text.utf8), url: url, seenAt: now, workers: 2)
            }
        }
    }
}
