import FeedBuild
import FeedFormats
import FeedOutput
import FeedServe
import Foundation
import NewsModel
import TestSupport
import Testing

/// Every view of the status report says every fact of it: `status` (its lines), `status --json` and `/status.json`
/// (both print ``StatusReport/json``), `/status` (``StatusPage``) and `/metrics` (``MetricsDocument``, the numbers:
/// a metric has no text, so a reason or an error message is not in it, but whether there is one is). One report,
/// with every fact set to a value no other fact has, and each view searched for each fact.
@Suite struct StatusViewsAgreementTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let lastSuccess = now.addingTimeInterval(-7200)
    static let pauseUntil = now.addingTimeInterval(1800)
    static let nextPoll = now.addingTimeInterval(2400)

    /// A report with every fact set: a failing, stale feed with full text, the image cache, a rate-limit pause,
    /// the quota, problems.
    static func report() throws -> StatusReport {
        let folder = TemporaryFolder()
        var config = try ConfigLoader.parse(
            Data(#"{"feeds": [{"country": "us", "category": "health"}], "images": {"maxTotal": "1MB"}}"#.utf8),
            path: "newsfeed.json", folder: folder.url)
        config.images.cache = true
        var state = BridgeState()
        state.pause = PauseRecord(
            cause: .rateLimited, reason: "slow-down-words", since: now.addingTimeInterval(-60), until: pauseUntil)
        var report = StatusReport(config: config, state: state, now: now)
        var feed = try #require(report.feeds.first)
        feed.items = 37
        feed.newItems = 5
        feed.deadImages = 3
        feed.lastSuccess = lastSuccess
        feed.lastError = "NewsAPI answered HTTP 502 (bad-gateway-words)"
        feed.lastErrorTime = now.addingTimeInterval(-600)
        feed.consecutiveFailures = 4
        feed.failing = true
        feed.stale = true
        feed.up = false
        feed.condition = .failing(reason: "bad-gateway-words", since: lastSuccess, retry: nil)
        feed.sources = [
            StatusReport.Source(
                url: "https://pub.example/rss", lastAnswer: "HTTP 503", lastStatus: 503,
                lastPoll: now.addingTimeInterval(-300),
                bytes: 4321, itemsRead: 17, itemsDropped: 2, nextPoll: nextPoll, setBy: "Retry-After",
                movedTo: "https://pub.example/moved-rss", goneSince: nil)
        ]
        report.feeds = [feed]
        var window = try #require(report.windows.first)
        (window.name, window.limit, window.used, window.remaining, window.reserveLeft) = ("24h", 100, 41, 52, 7)
        report.windows = [window]
        report.reserve = 9
        var images = ImageCacheStatus(usage: ImageCacheUsage([:]), maxTotal: ByteSize(bytes: 1_048_576), overCap: 4)
        images.images = 11
        images.bytes = 4096
        images.failures = ["not-an-image": 2]
        report.imageCache = images
        var counters = ArticleCounters()
        counters.fetched = 29
        counters.extracted = 23
        counters.failed = ["timeout": 6]
        counters.ruleMisses = ["pub.example.txt": 3]
        report.fullText = FullTextStatus(
            feeds: [
                FullTextStatus.Feed(
                    path: "us/health", items: 37, withArticle: 19, failures: [.timeout: 12], waiting: 6)
            ], counters: counters)
        report.websub = WebSubStatus(
            subscriptions: ["https://feeds.example/us/health.rss": 13], delivered: 71, failed: 8, pending: 5,
            lastErrors: ["reader.example": "reader.example answered 503"])
        return report
    }

    /// One fact, as each view words it; nil where a view has no way to say it (text in `/metrics`).
    struct Fact: CustomStringConvertible {
        var description: String
        var text: [String]
        var json: [String]
        var page: [String]
        var metrics: [String]?
    }

    static let facts: [Fact] = [
        Fact(
            description: "items and new items", text: ["37 items (5 new in the last build)"],
            json: [#""items":37"#, #""newItems":5"#], page: ["37 items (5 new in the last build)"],
            metrics: [#"newsfeed_feed_items{feed="us/health"} 37"#, #"newsfeed_feed_new_items{feed="us/health"} 5"#]),
        Fact(
            description: "dead images", text: ["3 dead images"], json: [#""deadImages":3"#],
            page: ["3 dead images"], metrics: [#"newsfeed_feed_dead_images{feed="us/health"} 3"#]),
        Fact(
            description: "the feed's condition", text: ["failing"], json: [#""condition":"failing""#],
            page: [#"data-condition="failing""#],
            metrics: [#"newsfeed_feed_condition{feed="us/health",condition="failing"} 1"#]),
        Fact(
            description: "the last error", text: ["bad-gateway-words"], json: ["bad-gateway-words"],
            page: ["bad-gateway-words"], metrics: [#"newsfeed_feed_up{feed="us/health"} 0"#]),
        Fact(
            description: "the failures in a row", text: ["4 failures in a row"],
            json: [#""consecutiveFailures":4"#], page: ["4 failures in a row"],
            metrics: [#"newsfeed_feed_consecutive_failures{feed="us/health"} 4"#]),
        Fact(
            description: "stale", text: ["STALE"], json: [#""stale":true"#], page: ["<strong>stale</strong>"],
            metrics: [#"newsfeed_feed_stale{feed="us/health"} 1"#]),
        Fact(
            description: "the last success", text: ["last success " + ScheduleTime.past(lastSuccess)],
            json: [lastSuccess.formatted(.iso8601)], page: [PageLayout.time(lastSuccess)],
            metrics: [#"newsfeed_feed_last_success_timestamp_seconds{feed="us/health"} 1699992800"#]),
        Fact(
            description: "the quota", text: ["41 of 100 requests used", "52 more in the 24 h window"],
            json: [#""24h":41"#, #""24h":52"#], page: ["41 used of 100", "52 left"],
            metrics: [
                #"newsfeed_quota_requests_used{window="24h"} 41"#,
                #"newsfeed_quota_requests_remaining{window="24h"} 52"#,
            ]),
        Fact(
            description: "the pause", text: ["slow-down-words"], json: ["slow-down-words", #""cause":"rateLimited""#],
            page: ["Paused", "slow-down-words"],
            metrics: ["newsfeed_paused 1", "newsfeed_paused_until_timestamp_seconds 1700001800"]),
        Fact(
            description: "the problems", text: ["problem: NewsAPI: paused", "problem: us/health: stale"],
            json: [#""problems":["#, "NewsAPI: paused", "us/health: stale"],
            page: ["4 problems", "us/health: stale"], metrics: ["newsfeed_problems 4"]),
        Fact(
            description: "a feed source's poll",
            text: [
                "source https://pub.example/rss, last answer HTTP 503", "4321 bytes", "17 items read, 2 dropped",
                "(set by Retry-After)",
            ],
            json: [
                #""lastAnswer":"HTTP 503""#, #""lastStatus":503"#, #""bytes":4321"#, #""itemsRead":17"#,
                #""itemsDropped":2"#,
                #""nextPollSetBy":"Retry-After""#, nextPoll.formatted(.iso8601),
            ],
            page: [
                "source https://pub.example/rss, last answer HTTP 503", "17 items read, 2 dropped",
                "(set by Retry-After)",
            ],
            metrics: [
                #"newsfeed_source_last_status{feed="us/health",url="https://pub.example/rss"} 503"#,
                #"newsfeed_source_bytes{feed="us/health",url="https://pub.example/rss"} 4321"#,
                #"newsfeed_source_items_dropped{feed="us/health",url="https://pub.example/rss"} 2"#,
                #"newsfeed_source_next_poll_timestamp_seconds{feed="us/health",url="https://pub.example/rss",set_by="Retry-After"} 1700002400"#,
            ]),
        Fact(
            description: "a moved feed source",
            text: ["moved permanently to https://pub.example/moved-rss; update the config"],
            json: [#""movedTo":"https://pub.example/moved-rss""#],
            page: ["moved permanently to https://pub.example/moved-rss; update the config"],
            metrics: [#"newsfeed_source_moved{feed="us/health",url="https://pub.example/rss"} 1"#]),
        Fact(
            description: "the feed's full-text tally",
            text: ["us/health full text: 19 of 37 items", "12 timeout", "6 not fetched yet"],
            json: [#""withArticle":19"#, #""timeout":12"#, #""waiting":6"#],
            page: ["us/health full text: 19 of 37 items", "12 timeout", "6 not fetched yet"],
            metrics: [
                #"newsfeed_feed_fulltext_items{feed="us/health"} 19"#,
                #"newsfeed_feed_fulltext_failures{feed="us/health",cause="timeout"} 12"#,
                #"newsfeed_feed_fulltext_waiting{feed="us/health"} 6"#,
            ]),
        Fact(
            description: "the full-text pages", text: ["29 fetched, 23 extracted, 6 failed"],
            json: [#""fetched":29"#, #""extracted":23"#], page: ["29 fetched, 23 extracted, 6 failed"],
            metrics: [
                "newsfeed_fulltext_pages_fetched_total 29", "newsfeed_fulltext_pages_extracted_total 23",
                #"newsfeed_fulltext_pages_failed_total{cause="timeout"} 6"#,
            ]),
        Fact(
            description: "the site rules that matched nothing",
            text: ["full text site rules that matched nothing: 3 pages (pub.example.txt 3)"],
            json: [#""pub.example.txt":3"#],
            page: ["full text site rules that matched nothing: 3 pages (pub.example.txt 3)"],
            metrics: [#"newsfeed_fulltext_rule_misses_total{rule="pub.example.txt"} 3"#]),
        Fact(
            description: "the image cache", text: ["images: 11 cached", "2 not-an-image", "4 left uncached"],
            json: [#""cached":11"#, #""not-an-image":2"#, #""overCap":4"#],
            page: ["images: 11 cached", "2 not-an-image", "4 left uncached"],
            metrics: [
                "newsfeed_images_cached 11", "newsfeed_images_bytes 4096",
                #"newsfeed_images_failures{cause="not-an-image"} 2"#, "newsfeed_images_over_cap 4",
            ]),
    ]

    static let websubFacts: [Fact] = [
        Fact(
            description: "the WebSub subscriptions and deliveries",
            text: [
                "websub: 13 subscriptions (https://feeds.example/us/health.rss 13)", "71 made, 8 failed, 5 pending",
            ],
            json: [#""https://feeds.example/us/health.rss":13"#, #""delivered":71"#, #""failed":8"#, #""pending":5"#],
            page: ["websub: 13 subscriptions", "71 made, 8 failed, 5 pending"],
            metrics: [
                #"newsfeed_websub_subscriptions{topic="https://feeds.example/us/health.rss"} 13"#,
                #"newsfeed_websub_deliveries_total{outcome="delivered"} 71"#,
                #"newsfeed_websub_deliveries_total{outcome="failed"} 8"#, "newsfeed_websub_deliveries_pending 5",
            ]),
        Fact(
            description: "the last error per callback host",
            text: ["websub: last error from reader.example: reader.example answered 503"],
            json: [#""reader.example":"reader.example answered 503""#],
            page: ["last error from reader.example: reader.example answered 503"],
            metrics: [#"newsfeed_websub_callback_errors{host="reader.example"} 1"#]),
    ]

    @Test(arguments: facts + websubFacts)
    func everyViewSaysTheFact(_ fact: Fact) throws {
        let report = try Self.report()
        let text = report.lines.joined(separator: "\n")
        // Spacing aside: `"items":37` whether the document writes `"items": 37` or `"items" : 37`.
        let json = report.json.replacingOccurrences(of: "\" : ", with: "\":").replacingOccurrences(
            of: "\": ", with: "\":")
        let page = StatusPage.render(title: "News", report: report)
        let metrics = MetricsDocument.render(report: report, requests: [:], bytes: 0)
        for wording in fact.text { #expect(text.contains(wording), "status lacks \(wording):\n\(text)") }
        for wording in fact.json { #expect(json.contains(wording), "status --json lacks \(wording):\n\(json)") }
        for wording in fact.page {
            #expect(page.contains(PageLayout.text(wording)) || page.contains(wording), "/status lacks \(wording)")
        }
        for wording in fact.metrics ?? [] {
            #expect(metrics.contains("\n" + wording + "\n"), "/metrics lacks \(wording):\n\(metrics)")
        }
    }
}
