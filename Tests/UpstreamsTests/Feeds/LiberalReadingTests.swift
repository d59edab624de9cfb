import Foundation
import NewsModel
import Testing
import Upstreams

/// What feedparser's test suite showed newsfeed's reader missing, each read now as feedparser reads it.
@Suite struct LiberalReadingTests {
    let url = URL(string: "https://liberal.example/feed.xml") ?? URL(filePath: "/")

    func firstItem(_ text: String) throws -> PublisherFeedItem {
        try #require(try PublisherFeedReader.read(Data(text.utf8), url: url).items.first)
    }

    @Test func atom03Base64TitlesAreDecoded() throws {
        let item = try firstItem(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry>
            <title mode="base64">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title></entry></feed>
            """)
        #expect(item.title == "Example <b>Atom</b>")
    }

    @Test func atom10TextOfABinaryTypeIsBase64() throws {
        let item = try firstItem(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry>
            <title type="application/octet-stream">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title></entry></feed>
            """)
        #expect(item.title == "Example <b>Atom</b>")
    }

    @Test func xhtmlContentKeepsItsMarkupAndEscapedTextAndResolvesXMLBase() throws {
        let item = try firstItem(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry xml:base="https://liberal.example/posts/">
            <link href="1"/>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">On &lt;blink&gt; and <b>bold</b></div></content>
            </entry></feed>
            """)
        #expect(item.content?.contains("On &lt;blink&gt; and <b>bold</b>") == true)
        #expect(item.link?.absoluteString == "https://liberal.example/posts/1")
    }

    @Test func atom03LinksWithTheirTargetAsTextAreRead() throws {
        let item = try firstItem(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry>
            <link rel="alternate" type="text/html">http://www.example.com/a</link>
            <link rel="enclosure" type="audio/mpeg">http://www.example.com/a.mp3</link></entry></feed>
            """)
        #expect(item.link?.absoluteString == "http://www.example.com/a")
        #expect(item.enclosures.map(\.url.absoluteString) == ["http://www.example.com/a.mp3"])
    }

    @Test func anAtomEntryWithoutALinkTakesItsHTTPId() throws {
        let item = try firstItem(
            #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://www.example.org/thing</id></entry></feed>"#)
        #expect(item.link?.absoluteString == "http://www.example.org/thing")
    }

    @Test func atomItemsNamedItemAreEntries() throws {
        let item = try firstItem(
            #"<feed xmlns="http://www.w3.org/2005/Atom"><item><title>It</title></item></feed>"#)
        #expect(item.title == "It")
    }

    @Test func rssItemsWithAtomStyleLinksAndMediaTitlesAreRead() throws {
        let item = try firstItem(
            """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><item>
            <media:title>Fallback</media:title><link href="http://podlove.example/1"/>
            <link rel="enclosure" type="audio/mpeg" length="5" href="http://podlove.example/1.mp3"/>
            </item></channel></rss>
            """)
        #expect(item.title == "Fallback")
        #expect(item.link?.absoluteString == "http://podlove.example/1")
        #expect(item.enclosures.map(\.type) == ["audio/mpeg"])
    }

    @Test func cdfChannelsAreRead() throws {
        let item = try firstItem(
            """
            <CHANNEL BASE="http://base.example.org/" HREF="http://www.example.org/"><TITLE>c</TITLE>
            <ITEM HREF="/item/1" LASTMOD="2004-04-06T23:05:43-05:00"><TITLE>item title</TITLE>
            <ABSTRACT>item abstract</ABSTRACT></ITEM></CHANNEL>
            """)
        #expect(item.link?.absoluteString == "http://base.example.org/item/1")
        #expect(item.title == "item title")
        #expect(item.summary == "item abstract")
        #expect(item.updated?.timeIntervalSince1970 == 1_081_310_743)
    }

    @Test func anUppercaseHexReferenceIsACharacter() throws {
        let item = try firstItem(#"<rss><channel><item><title>&#X41;</title></item></channel></rss>"#)
        #expect(item.title == "A")
    }
}
