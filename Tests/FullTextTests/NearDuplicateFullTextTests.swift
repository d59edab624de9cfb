import Foundation
import NewsModel
import TestSupport
import Testing

/// With full text, a wire story that two sites run with their own header and footer is one item of a merged feed:
/// the first published, with the other listed as "Also at" and as JSON Feed's `_newsfeed.alsoAt` (issue 27,
/// point 13), and it stays one in the next build.
@Suite struct NearDuplicateFullTextTests {
    static let wire = """
        A passenger ferry and a harbour tug collided in thick fog at the mouth of Port Alder on Tuesday morning, the \
        harbour authority said, leaving both vessels damaged but no one seriously hurt.

        The ferry Morning Star, carrying 212 passengers from Kell Island, struck the tug Brannock shortly after seven \
        o'clock as visibility fell below fifty metres. Coastguard crews reached the scene within fifteen minutes and \
        escorted both vessels to the main pier.

        "We were lucky, and we know it," harbour master Ruth Okafor told reporters at the quay. She said the radar on \
        the tug had been under repair since the weekend and that an inquiry would examine why it was allowed to sail.

        Three passengers were treated for minor injuries at the pier. Ferry services to Kell Island were suspended \
        for the rest of the day while engineers inspected the Morning Star's bow.
        """

    static func page(_ title: String, header: String, footer: String) -> String {
        let paragraphs = wire.components(separatedBy: "\n\n").map { "<p>\($0)</p>" }.joined(separator: "\n")
        return """
            <!DOCTYPE html><html lang="en"><head><title>\(title)</title></head><body>
            <header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
            <article><h1>\(title)</h1><p class="byline">\(header)</p>
            \(paragraphs)
            <p>\(footer)</p></article>
            <footer>Contact us. Terms. Privacy.</footer></body></html>
            """
    }

    static func rss(_ base: String, title: String, date: String) -> String {
        """
        <rss version="2.0"><channel><title>\(title)</title><link>\(base)/</link>
          <item><title>Ferry and tug collide in fog</title><link>\(base)/ferry</link>
            <description>A ferry and a tug collided.</description><pubDate>\(date)</pubDate></item>
        </channel></rss>
        """
    }

    @Test func aWireStoryOnTwoSitesIsOneItemWithTheOtherAlsoAt() async throws {
        let courier = FeedHostStub([
            "/ferry": .init(
                contentType: "text/html; charset=utf-8",
                Self.page(
                    "Ferry and tug collide", header: "By Staff Reporter. Share this story.",
                    footer: "Sign up to our newsletter."))
        ])
        let wireHost = FeedHostStub([
            "/ferry": .init(
                contentType: "text/html; charset=utf-8",
                Self.page("Ferry collides with tug in fog", header: "Wire service.", footer: "Copyright the wire."))
        ])
        try await withLoopbackHost(courier) { courierBase in
            courier.set(
                "/rss.xml",
                FeedHostStub.Answer(Self.rss(courierBase, title: "Courier", date: "Thu, 02 May 2024 10:00:00 GMT")))
            try await withLoopbackHost(wireHost) { wireBase in
                wireHost.set(
                    "/rss.xml",
                    FeedHostStub.Answer(Self.rss(wireBase, title: "Wire", date: "Thu, 02 May 2024 08:00:00 GMT")))
                let config = """
                    {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true,
                     "formats": ["rss", "json"], "fullText": {"hostSpacing": "0s"},
                     "feeds": [{"feed": ["\(courierBase)/rss.xml", "\(wireBase)/rss.xml"], "name": "coast",
                                "fullText": true}]}
                    """
                try await BuildWorkspace.with(config: config) { workspace in
                    let run = await workspace.build()
                    #expect(run.status == 0, "\(run.standardError)")
                    #expect(run.outputLines.first == "feed/coast: written, 1 item (1 new); full text 2 of 2 stories")
                    let json = try Data(contentsOf: workspace.output.appending(path: "feed/coast.json"))
                    let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
                    let items = try #require(object["items"] as? [[String: Any]])
                    #expect(items.count == 1)
                    #expect(items.first?["url"] as? String == "\(wireBase)/ferry", "the first published stays")
                    let extensionObject = items.first?["_newsfeed"] as? [String: Any]
                    #expect(extensionObject?["alsoAt"] as? [String] == ["\(courierBase)/ferry"])
                    #expect(
                        (items.first?["content_html"] as? String)?.contains(
                            "Also at: <a href=\"\(courierBase)/ferry\">") == true)
                    #expect(try workspace.violationsInEveryFormat("feed/coast") == [])

                    // The next build still shows the story once, with its other place.
                    workspace.clock.advance(by: 3600)
                    let again = await workspace.build(["--force"])
                    #expect(again.status == 0, "\(again.standardError)")
                    let stories = try workspace.snapshot("feed/coast").stories
                    #expect(stories.map(\.url.absoluteString) == ["\(wireBase)/ferry"])
                    let rss = try String(contentsOf: workspace.feedURL("feed/coast"), encoding: .utf8)
                    #expect(rss.components(separatedBy: "Also at: ").count == 2)

                    // The copy leaves its feed: it was still another place of the story, which says so.
                    let empty =
                        #"<rss version="2.0"><channel><title>Courier</title><link>\#(courierBase)/</link></channel></rss>"#
                    courier.set("/rss.xml", FeedHostStub.Answer(empty))
                    workspace.clock.advance(by: 3600)
                    #expect(await workspace.build(["--force"]).status == 0)
                    let later = try String(
                        contentsOf: workspace.output.appending(path: "feed/coast.json"), encoding: .utf8)
                    #expect(later.contains(#""alsoAt": ["\#(courierBase)/ferry"]"#), "\(later)")
                }
            }
        }
    }

    @Test func aCopyThatArrivesABuildLaterIsStillTheSameItem() async throws {
        let courier = FeedHostStub([
            "/ferry": .init(
                contentType: "text/html; charset=utf-8",
                Self.page("Ferry and tug collide", header: "By Staff Reporter.", footer: "Sign up to our newsletter."))
        ])
        let wireHost = FeedHostStub([
            "/ferry": .init(
                contentType: "text/html; charset=utf-8",
                Self.page("Ferry collides with tug in fog", header: "Wire service.", footer: "Copyright the wire."))
        ])
        try await withLoopbackHost(courier) { courierBase in
            let empty =
                #"<rss version="2.0"><channel><title>Courier</title><link>\#(courierBase)/</link></channel></rss>"#
            courier.set("/rss.xml", FeedHostStub.Answer(empty))
            try await withLoopbackHost(wireHost) { wireBase in
                wireHost.set(
                    "/rss.xml",
                    FeedHostStub.Answer(Self.rss(wireBase, title: "Wire", date: "Thu, 02 May 2024 08:00:00 GMT")))
                let config = """
                    {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true,
                     "formats": ["rss", "json"], "fullText": {"hostSpacing": "0s"},
                     "feeds": [{"feed": ["\(courierBase)/rss.xml", "\(wireBase)/rss.xml"], "name": "coast",
                                "fullText": true}]}
                    """
                try await BuildWorkspace.with(config: config) { workspace in
                    #expect(await workspace.build().status == 0)
                    courier.set(
                        "/rss.xml",
                        FeedHostStub.Answer(
                            Self.rss(courierBase, title: "Courier", date: "Thu, 02 May 2024 10:00:00 GMT")))
                    workspace.clock.advance(by: 3600)
                    let run = await workspace.build(["--force"])
                    #expect(run.status == 0, "\(run.standardError)")
                    let stories = try workspace.snapshot("feed/coast").stories
                    #expect(stories.map(\.url.absoluteString) == ["\(wireBase)/ferry"])
                    let json = try String(
                        contentsOf: workspace.output.appending(path: "feed/coast.json"), encoding: .utf8)
                    #expect(json.contains(#""alsoAt": ["\#(courierBase)/ferry"]"#), "\(json)")
                }
            }
        }
    }
}
