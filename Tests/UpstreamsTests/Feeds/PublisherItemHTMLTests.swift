import Foundation
import NewsModel
import Testing
import Upstreams

/// An item's content that says more than its summary keeps its markup, sanitized (issue 27, point 4); content
/// that is plain text (Atom `type="text"`, JSON Feed `content_text`) stays plain.
@Suite struct PublisherItemHTMLTests {
    let feedURL = URL(string: "https://gazette.example/rss.xml") ?? URL(filePath: "/")
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func stories(_ text: String) throws -> [Story] {
        let feed = try PublisherFeedReader.read(Data(text.utf8), url: feedURL)
        return PublisherFeedNormalizer().stories(from: feed, feedURL: feedURL, seenAt: now).stories
    }

    @Test func rssContentEncodedKeepsItsMarkupWithoutWhatRuns() throws {
        let story = try #require(
            try stories(
                """
                <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>G</title>
                <item><title>Ferry</title><link>https://gazette.example/ferry</link><description>Short.</description>
                <content:encoded><![CDATA[<h2>Fog</h2><p>The <em>ferry</em> hit <a href="/tug">a tug</a>.</p>
                <script>steal()</script><img src="/px.gif" width="1" height="1"><p onclick="x()">Nobody hurt.</p>]]>
                </content:encoded></item></channel></rss>
                """
            ).first)
        let html = try #require(story.contentHTML)
        #expect(html.contains("<h2>Fog</h2>"))
        #expect(html.contains("<em>ferry</em>"))
        #expect(html.contains(#"href="https://gazette.example/tug""#))
        #expect(!html.contains("script") && !html.contains("onclick") && !html.contains("px.gif"))
        #expect(story.content?.contains("Nobody hurt.") == true)
    }

    @Test func plainTextContentAndAContentNoLongerThanTheSummaryHaveNoHTML() throws {
        let atom = try stories(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id><updated>2023-11-14T00:00:00Z</updated>
            <entry><title>T</title><id>urn:a:1</id><link href="https://a.example/1"/><updated>2023-11-14T00:00:00Z</updated>
            <summary>One.</summary><content type="text">One. And a &lt;b&gt; that is text.</content></entry>
            <entry><title>U</title><id>urn:a:2</id><link href="https://a.example/2"/><updated>2023-11-14T00:00:00Z</updated>
            <summary>Same words.</summary><content type="html">&lt;p&gt;Same words.&lt;/p&gt;</content></entry></feed>
            """)
        #expect(atom.count == 2)
        #expect(atom[0].contentHTML == nil)
        #expect(atom[1].contentHTML == nil, "the content says no more than the summary")
        let json = try stories(
            #"{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [{"id": "1", "url": "https://j.example/1", "title": "T", "summary": "S.", "content_text": "S. And much more text."}]}"#
        )
        #expect(json.first?.contentHTML == nil)
        #expect(json.first?.content == "S. And much more text.")
    }
}
