import Foundation

/// Small feeds written for these tests, each named for what it shows.
enum FeedFixtures {
    static let rss20WithPodcastAndMedia = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
          xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"
          xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
        <channel>
          <title>The Harbour Gazette</title>
          <link>https://gazette.example/</link>
          <atom:link rel="self" href="https://gazette.example/rss.xml"/>
          <description>News from the harbour</description>
          <language>en-gb</language>
          <image><url>https://gazette.example/logo.png</url></image>
          <item>
            <title>Ferry &amp; tug collide&nbsp;in fog</title>
            <link>/news/ferry</link>
            <guid isPermaLink="false">gazette-1</guid>
            <description><![CDATA[<p>Nobody was <b>hurt</b>.</p><script>alert(1)</script>]]></description>
            <content:encoded><![CDATA[<p>Nobody was hurt. The ferry was late by an hour, and the tug's captain said the fog
              came in faster than any he had seen in twenty years at sea.</p><img src="https://t.example/p.gif" width="1" height="1">]]></content:encoded>
            <dc:creator>Ann Writer</dc:creator>
            <category>Harbour</category>
            <pubDate>Fri, 04 Jun 2021 12:22:00 GMT</pubDate>
            <media:content url="https://gazette.example/img/ferry.jpg" medium="image"/>
            <enclosure url="https://gazette.example/audio/ferry.mp3" type="audio/mpeg" length="12345"/>
          </item>
          <item>
            <title>No link, guid is a URL</title>
            <guid>https://gazette.example/news/guid-link</guid>
            <pubDate>Fri, 04 Jun 2021 11:00:00 +0000</pubDate>
          </item>
          <item>
            <title>No link and no URL anywhere</title>
            <guid isPermaLink="false">opaque-3</guid>
          </item>
          <item>
            <title>Repeated guid, first</title>
            <link>https://gazette.example/news/repeat</link>
            <guid isPermaLink="false">same</guid>
          </item>
          <item>
            <title>Repeated guid, second</title>
            <link>https://gazette.example/news/repeat-again</link>
            <guid isPermaLink="false">same</guid>
          </item>
          <item>
            <title>Podcast episode</title>
            <link>https://gazette.example/ep/1</link>
            <itunes:image href="https://gazette.example/ep1.jpg"/>
          </item>
        </channel>
        </rss>
        """

    static let rss10RDF = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
          xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="https://rdf.example/"><title>RDF Times</title><link>https://rdf.example/</link>
            <description>An RSS 1.0 feed</description></channel>
          <item rdf:about="https://rdf.example/a"><title>First RDF item</title><link>https://rdf.example/a</link>
            <description>About the first</description><dc:date>2021-06-04T12:22:00Z</dc:date>
            <dc:creator>Rita</dc:creator></item>
        </rdf:RDF>
        """

    static let rss090 = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
          <channel><title>Old Netscape</title><link>https://old.example/</link><description>0.90</description></channel>
          <item><title>Oldest item</title><link>https://old.example/1</link></item>
        </rdf:RDF>
        """

    static let atom10WithXMLBase = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de" xml:base="https://atom.example/blog/">
          <title>Atom Blog</title>
          <link rel="alternate" type="text/html" href="https://atom.example/"/>
          <link rel="self" href="https://atom.example/feed.atom"/>
          <subtitle>Posts</subtitle>
          <id>urn:uuid:feed</id>
          <updated>2021-06-04T12:22:00Z</updated>
          <entry xml:base="posts/">
            <title type="html">Hello &lt;em&gt;world&lt;/em&gt;</title>
            <link href="hello.html"/>
            <link rel="enclosure" type="video/mp4" length="999" href="/v/hello.mp4"/>
            <id>urn:uuid:1</id>
            <published>2021-06-04T10:00:00+02:00</published>
            <updated>2021-06-05T10:00:00Z</updated>
            <author><name>Bea</name></author>
            <category term="life" label="Life"/>
            <summary>Short</summary>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>A longer <a href="more.html">text</a> than
              the short summary says, in xhtml.</p></div></content>
          </entry>
        </feed>
        """

    static let atom03 = """
        <?xml version="1.0"?>
        <feed version="0.3" xmlns="http://purl.org/atom/ns#">
          <title>Old Atom</title><link rel="alternate" type="text/html" href="https://atom03.example/"/>
          <tagline>0.3 it is</tagline>
          <entry><title>Old entry</title><link rel="alternate" type="text/html" href="https://atom03.example/1"/>
            <id>tag:atom03.example,2004:1</id><issued>2004-01-01T00:00:00Z</issued>
            <modified>2004-01-02T00:00:00Z</modified></entry>
        </feed>
        """

    static let jsonFeed11 = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "JSON Weekly", "home_page_url": "https://json.example/",
         "language": "fr", "authors": [{"name": "Feed Author"}],
         "items": [
          {"id": "1", "url": "https://json.example/1", "title": "Premier", "content_html": "<p>Bonjour <b>monde</b></p>",
           "summary": "Salut", "date_published": "2021-06-04T12:22:00Z", "tags": ["vie"], "image": "/img/1.jpg",
           "attachments": [{"url": "https://json.example/1.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 42}]},
          {"id": 2, "url": "https://json.example/2", "content_text": "Only text, no title"}
         ]}
        """

    static let jsonFeedWronglyTyped = """
        {"version": "https://jsonfeed.org/version/1", "title": 42, "home_page_url": ["no"],
         "items": [
          {"id": true, "url": 7, "title": {"x": 1}},
          {"id": "ok", "url": "https://typed.example/ok", "title": "Typed right", "tags": [1, "news"],
           "date_published": 2021, "attachments": "none", "author": "not an object"},
          "not an object at all"
         ]}
        """

    static let htmlPageWithFeedLink = """
        <!DOCTYPE html>
        <html><head><title>Home</title>
        <link rel="stylesheet" href="/s.css">
        <link rel="alternate" type="application/rss+xml" title="RSS" href="/rss.xml">
        </head><body><p>Hello</p></body></html>
        """

    static let externalEntityToPasswd = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <rss version="2.0"><channel><title>XXE</title><link>https://xxe.example/</link>
        <item><title>Secret: &xxe;</title><link>https://xxe.example/1</link><description>&xxe;</description></item>
        </channel></rss>
        """

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <rss version="2.0"><channel><title>Laughs</title>
        <item><title>&lol9;</title><link>https://lol.example/1</link></item></channel></rss>
        """

    static let brokenMarkupStrayAmpersandUnclosed = """
        <rss version="2.0"><channel><title>Tom & Jerry</title><link>https://broken.example/</link>
        <item><title>Cats & dogs &copy; 2021</title><link>https://broken.example/1?a=1&b=2</link>
        <description>Unclosed <b>bold</description></item>
        </channel>
        """

    /// "Новости" (news) and "Привет" in windows-1251 bytes under a UTF-8 declaration.
    static var windows1251DeclaredUTF8: Data {
        var data = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>".utf8)
        data.append(contentsOf: [0xCD, 0xEE, 0xE2, 0xEE, 0xF1, 0xF2, 0xE8])
        data.append(Data("</title><item><title>".utf8))
        data.append(contentsOf: [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2])
        data.append(Data("</title><link>https://cp1251.example/1</link></item></channel></rss>".utf8))
        return data
    }

    /// A UTF-16 little-endian feed with its byte-order mark, declaring UTF-16.
    static var utf16WithBOM: Data {
        let text = """
            <?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>Zwölf Brücken</title>
            <item><title>Grüße</title><link>https://utf16.example/1</link></item></channel></rss>
            """
        var data = Data([0xFF, 0xFE])
        data.append(contentsOf: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        return data
    }

    /// The windows-1251 bytes of "Новости" named by the HTTP charset while the declaration says UTF-8.
    static var windows1251ByHTTPCharset: Data {
        var data = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>".utf8)
        data.append(contentsOf: [0xCD, 0xEE, 0xE2, 0xEE, 0xF1, 0xF2, 0xE8])
        data.append(
            Data("</title><item><title>x</title><link>https://http.example/1</link></item></channel></rss>".utf8))
        return data
    }
}
