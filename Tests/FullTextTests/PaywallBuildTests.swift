import FeedBuild
import FeedOutput
import FeedServe
import Foundation
import NewsModel
import TestSupport
import Testing

/// Honest paywalls in a build (issue 28, point 10): a page that holds a teaser and a subscription prompt leaves the
/// item with the feed's own text, marked as a subscriber article in every format and on the feed page, with a reader
/// view that says so; the page's teaser and prompt never reach a feed; `status`, `status --json` and `/metrics`
/// count it; a page that says it has a paywall and still gives the whole article is the article.
@Suite struct PaywallBuildTests {
    static let pageTeaser =
        "The harbour authority will close the north quay for two years while engineers rebuild the sea wall, "
        + "officials said on Monday."
    static let body = String(
        repeating: "<p>The council met on Tuesday and approved the harbour plan after a long debate about the costs, "
            + "the timetable and what the fishing fleet will do while the quay is closed for the works.</p>",
        count: 12)

    static func page(declared: Bool, text: String, prompt: String) -> String {
        let jsonLD =
            declared
            ? #"<script type="application/ld+json">{"@type": "NewsArticle", "isAccessibleForFree": false}</script>"#
            : ""
        return """
            <html><head><title>North quay to close | Harbour Gazette</title>\(jsonLD)</head><body>
            <nav><a href="/">Home</a></nav><article><h1>North quay to close</h1>\(text)\(prompt)</article>
            </body></html>
            """
    }

    static let pages = [
        // A teaser and a written-out prompt, declared not free.
        "/locked": page(
            declared: true, text: "<p>\(pageTeaser)</p>",
            prompt: #"<div class="offer"><p>Subscribe to continue reading.</p><a href="/buy">Subscribe</a></div>"#),
        // The teaser and a prompt named as a paywall, nothing declared.
        "/gated": page(
            declared: false, text: "<p>\(pageTeaser)</p>",
            prompt: #"<div class="paywall"><p>Only $1 a week for your first year.</p></div>"#),
        // Declared not free, but the whole article is on the page (as served to search engines).
        "/declared-whole": page(declared: true, text: "<p>The whole story starts here.</p>" + body, prompt: ""),
        // Declared not free, and the page says less than the feed already does.
        "/short": page(declared: true, text: "<p>The north quay closes.</p>", prompt: ""),
        // No marker, and the page says less than the feed: no article (a summary page), not a paywall.
        "/summary": page(declared: false, text: "<p>The north quay closes.</p>", prompt: ""),
    ]

    static func story(_ base: String, _ path: String, description: String) -> StubArticle {
        StubArticle(
            title: "Story \(path) - Harbour Gazette", url: base + path, description: description,
            publishedAt: "2024-05-02T10:00:00Z")
    }

    static let feedText = "Feed teaser: the north quay will close for repairs, the harbour authority said."

    func withPaywalledBuild(_ body: (BuildWorkspace) async throws -> Void) async throws {
        try await withPages(Self.pages) { _, base in
            let health = ["/locked", "/gated", "/declared-whole", "/short", "/summary"].map {
                Self.story(base, $0, description: Self.feedText + " (\($0))")
            }
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(), answers: FullTextBuildTests.answers(health, technology: [])
            ) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                #expect(run.standardOutput.contains("full text 1 of 5 stories, 3 paywalled"), "\(run.standardOutput)")
                try await body(workspace)
            }
        }
    }

    func jsonItems(_ workspace: BuildWorkspace) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: workspace.output.appending(path: "us/health.json"))
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: items.map { (URL(string: $0["url"] as? String ?? "")?.path ?? "", $0) })
    }

    @Test func aPaywallsTeaserKeepsTheFeedsTextMarkedInEveryFormat() async throws {
        try await withPaywalledBuild { workspace in
            let items = try jsonItems(workspace)
            for path in ["/locked", "/gated", "/short"] {
                let item = try #require(items[path])
                #expect(item["tags"] as? [String] == [StoryArticle.subscriberLabel], "\(path)")
                #expect((item["_newsfeed"] as? [String: Any])?["paywalled"] as? Bool == true, "\(path)")
                let content = (item["content_html"] as? String ?? "") + (item["content_text"] as? String ?? "")
                #expect(content.contains("Feed teaser"), "\(path): \(content)")
            }
            let whole = try #require(items["/declared-whole"])
            #expect(whole["tags"] == nil)
            #expect(items["/summary"]?["tags"] == nil)
            #expect((whole["content_text"] as? String)?.contains("fishing fleet") == true)

            // Neither the page's teaser nor its prompt is the article in any format or on the page.
            for format in ["rss", "atom", "json", "html"] {
                let text = String(
                    decoding: try Data(contentsOf: workspace.output.appending(path: "us/health.\(format)")),
                    as: UTF8.self)
                for leaked in [
                    "Subscribe to continue", "$1 a week", "officials said on Monday", "The north quay closes",
                ] {
                    #expect(!text.contains(leaked), "\(leaked) in us/health.\(format)")
                }
                #expect(text.contains(StoryArticle.subscriberLabel), "no mark in us/health.\(format)")
            }
            let rss = String(decoding: try #require(workspace.feedData("us/health")), as: UTF8.self)
            #expect(rss.components(separatedBy: "<category>Subscriber article</category>").count == 4)
            #expect(try workspace.violationsInEveryFormat("us/health") == [])
        }
    }

    @Test func theReaderViewShowsTheFeedsTextUnderASubscriberNote() async throws {
        try await withPaywalledBuild { workspace in
            let items = try jsonItems(workspace)
            let page = try #require(items["/locked"]?["url"] as? String)
            let record = try #require(OutputFolder(root: workspace.output).articleStore.load(page).record)
            #expect(record.article?.paywall == "declared not free, with a subscription prompt")
            #expect(record.article?.text == "" && record.article?.html == "")
            let reader = String(
                decoding: try Data(
                    contentsOf: workspace.output.appending(path: try #require(record.article?.readerPath))),
                as: UTF8.self)
            #expect(reader.contains("<strong>Subscriber article</strong>"))
            #expect(reader.contains("Feed teaser: the north quay"))
            #expect(reader.contains("href=\"\(page)\""))
            #expect(!reader.contains("Subscribe to continue") && !reader.contains("officials said on Monday"))
        }
    }

    @Test func statusJSONAndMetricsCountThePaywalledItems() async throws {
        try await withPaywalledBuild { workspace in
            let status = await workspace.run(["status"])
            #expect(
                status.outputLines.contains(
                    "us/health full text: 1 of 5 items with the article; 3 paywalled; failures: 1 no article"),
                "\(status.standardOutput)")
            #expect(
                status.outputLines.contains(
                    "full text pages: 5 fetched, 1 extracted, 3 paywalled, 1 failed (1 no article)"))
            let json = await workspace.run(["status", "--json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            let feeds = try #require(document["feeds"] as? [[String: Any]])
            let health = try #require(feeds.first { $0["path"] as? String == "us/health" })
            #expect((health["fullText"] as? [String: Any])?["paywalled"] as? Int == 3)
            #expect((document["fullText"] as? [String: Any])?["paywalled"] as? Int == 3)
            let config = try ConfigLoader.load(path: "newsfeed.json", workingDirectory: workspace.folder.url)
            let report = StatusReport(config: config, state: try workspace.state(), now: workspace.clock.now)
            let metrics = MetricsDocument.render(report: report, requests: [:], bytes: 0)
            #expect(metrics.contains("newsfeed_feed_fulltext_paywalled{feed=\"us/health\"} 3\n"))
            #expect(metrics.contains("newsfeed_fulltext_pages_paywalled_total 3\n"))
            #expect(metrics.contains("newsfeed_feed_fulltext_items{feed=\"us/health\"} 1\n"))
        }
    }

    @Test func aLaterBuildKeepsTheMarkOnceAndAsksNoPaywalledPageAgain() async throws {
        try await withPaywalledBuild { workspace in
            workspace.clock.advance(by: 7200)
            let again = await workspace.build(["--force"])
            #expect(again.status == 0, "\(again.standardError)")
            let rss = String(decoding: try #require(workspace.feedData("us/health")), as: UTF8.self)
            #expect(rss.components(separatedBy: "<category>Subscriber article</category>").count == 4)
            let status = await workspace.run(["status"])
            // Only the summary page, a failure, is due again (3 h after its first try).
            #expect(
                status.outputLines.contains(
                    "full text pages: 5 fetched, 1 extracted, 3 paywalled, 1 failed (1 no article)"),
                "\(status.standardOutput)")
        }
    }
}
