import Foundation
import NewsModel
import TestSupport
import Testing

/// `fullText` on a publisher's own feed: items get their pages' articles as NewsAPI stories do, except that an item
/// whose feed already carries more text than its page gives keeps the feed's own.
@Suite struct FeedSourceFullTextTests {
    static func feed(_ base: String) -> String {
        let long = String(
            repeating: "The harbour board met again and went through every line of the budget. ", count: 40)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
              <title>The Daily</title><link>\(base)/</link><description>News</description>
              <item><title>Teaser only</title><link>\(base)/story/1</link><description>A teaser.</description>
                <pubDate>Thu, 02 May 2024 09:30:00 GMT</pubDate></item>
              <item><title>Whole story in the feed</title><link>\(base)/story/2</link><description>Short.</description>
                <content:encoded><![CDATA[<p>\(long)</p>]]></content:encoded>
                <pubDate>Thu, 02 May 2024 09:00:00 GMT</pubDate></item>
            </channel></rss>
            """
    }

    @Test func teasersGetTheirArticleAndAFullerFeedKeepsItsOwnText() async throws {
        try await withPublisher { publisher, base in
            let host = FeedHostStub(["/rss.xml": .init(Self.feed(base))])
            try await withLoopbackHost(host) { feedBase in
                let config = """
                    {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true,
                     "fullText": {"hostSpacing": "0s"},
                     "feeds": [{"feed": "\(feedBase)/rss.xml", "name": "daily", "fullText": true}]}
                    """
                try await BuildWorkspace.with(config: config) { workspace in
                    let run = await workspace.build()
                    #expect(run.status == 0, "\(run.standardError)")
                    #expect(Set(publisher.pages) == ["/story/1", "/story/2"])
                    let rss = try String(contentsOf: workspace.feedURL("feed/daily"), encoding: .utf8)
                    #expect(rss.components(separatedBy: "The council of the town met").count == 2, "story 1 only")
                    #expect(rss.contains("The harbour board met again"))
                    #expect(try workspace.violationsInEveryFormat("feed/daily") == [])
                }
            }
        }
    }
}
