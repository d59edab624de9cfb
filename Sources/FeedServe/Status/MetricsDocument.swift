import FeedBuild
import FeedOutput
import Foundation
import NewsModel

/// `/metrics` in the Prometheus text exposition format, version 0.0.4: per-feed gauges
/// (label `feed`), the quota and the pause, and the server's own counters. Every family
/// has HELP and TYPE lines, counters end in `_total`, label values are escaped.
public enum MetricsDocument {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public static func render(report: StatusReport, requests: [Int: Int], bytes: Int) -> String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            text += "# HELP \(name) \(escapeHelp(help))\n# TYPE \(name) \(type)\n"
            for sample in samples { text += "\(name)\(sample.labels) \(sample.value)\n" }
        }
        func feedSamples(_ value: (StatusReport.Feed) -> String) -> [(labels: String, value: String)] {
            report.feeds.map { ("{feed=\"\(escapeLabel($0.path))\"}", value($0)) }
        }
        family(
            "newsfeed_feed_items", "gauge", "Items in the feed's file now.", feedSamples { "\($0.items ?? 0)" })
        family(
            "newsfeed_feed_new_items", "gauge", "Items the feed's last build added.",
            feedSamples { "\($0.newItems ?? 0)" })
        family(
            "newsfeed_feed_last_success_timestamp_seconds", "gauge",
            "Unix time of the feed's last successful fetch (0 when never).",
            feedSamples { feed in feed.lastSuccess.map { number($0.timeIntervalSince1970) } ?? "0" })
        family(
            "newsfeed_feed_dead_images", "gauge", "Items of the feed whose image watch found dead.",
            feedSamples { "\($0.deadImages)" })
        family(
            "newsfeed_feed_up", "gauge", "1 when the feed's last attempt succeeded, else 0.",
            feedSamples { $0.up ? "1" : "0" })
        family(
            "newsfeed_feed_consecutive_failures", "gauge", "The feed's failed attempts since its last success.",
            feedSamples { "\($0.consecutiveFailures)" })
        family(
            "newsfeed_feed_stale", "gauge", "1 when the feed had no success for over twice its interval, else 0.",
            feedSamples { $0.stale ? "1" : "0" })
        family(
            "newsfeed_feed_condition", "gauge",
            "1 for the feed's condition now (the one status, /status.json and /healthz give), 0 for the others.",
            report.feeds.flatMap { feed in
                FeedCondition.names.map { name in
                    (
                        "{feed=\"\(escapeLabel(feed.path))\",condition=\"\(name)\"}",
                        feed.condition.name == name ? "1" : "0"
                    )
                }
            })
        let sources = report.feeds.flatMap { feed in feed.sources.map { (feed: feed.path, source: $0) } }
        if !sources.isEmpty {
            func sourceSamples(_ value: (StatusReport.Source) -> String) -> [(labels: String, value: String)] {
                sources.map {
                    ("{feed=\"\(escapeLabel($0.feed))\",url=\"\(escapeLabel($0.source.url))\"}", value($0.source))
                }
            }
            family(
                "newsfeed_source_last_status", "gauge",
                "HTTP status of a feed source's last answer (0 for no answer or not polled yet).",
                sourceSamples { "\($0.lastStatus ?? 0)" })
            family(
                "newsfeed_source_bytes", "gauge", "Bytes of a feed source's last answer.",
                sourceSamples { "\($0.bytes ?? 0)" })
            family(
                "newsfeed_source_items_read", "gauge", "Items read from a feed source at its last good poll.",
                sourceSamples { "\($0.itemsRead ?? 0)" })
            family(
                "newsfeed_source_items_dropped", "gauge",
                "Items of a feed source dropped at its last good poll (no usable link, a repeated id).",
                sourceSamples { "\($0.itemsDropped ?? 0)" })
            family(
                "newsfeed_source_next_poll_timestamp_seconds", "gauge",
                "Unix time of a feed source's next poll (0: at the next run, or never while gone), by what set it.",
                sources.map { entry in
                    (
                        "{feed=\"\(escapeLabel(entry.feed))\",url=\"\(escapeLabel(entry.source.url))\","
                            + "set_by=\"\(escapeLabel(entry.source.setBy))\"}",
                        entry.source.nextPoll.map { number($0.timeIntervalSince1970) } ?? "0"
                    )
                })
            family(
                "newsfeed_source_moved", "gauge",
                "1 when a feed source's URL redirects permanently (301, 308): update the config.",
                sourceSamples { $0.movedTo == nil ? "0" : "1" })
            family(
                "newsfeed_source_gone", "gauge", "1 when a feed source answered 410 Gone: it is no longer polled.",
                sourceSamples { $0.goneSince == nil ? "0" : "1" })
        }
        family(
            "newsfeed_quota_requests_used", "gauge", "NewsAPI requests made in the rolling window.",
            report.windows.map { window in ("{window=\"\(escapeLabel(window.name))\"}", "\(window.used)") })
        family(
            "newsfeed_quota_requests_remaining", "gauge",
            "NewsAPI requests scheduled builds may still make in the rolling window (reserve excluded).",
            report.windows.map { window in
                ("{window=\"\(escapeLabel(window.name))\"}", window.remaining.map(String.init) ?? "+Inf")
            })
        family(
            "newsfeed_paused", "gauge", "1 while NewsAPI requests are paused (rate limit or bad key), else 0.",
            [("", report.pause == nil ? "0" : "1")])
        family(
            "newsfeed_paused_until_timestamp_seconds", "gauge",
            "Unix time a rate-limit pause ends (0 when not paused or paused until the key changes).",
            [("", report.pause?.until.map { number($0.timeIntervalSince1970) } ?? "0")])
        family(
            "newsfeed_problems", "gauge", "Problems /status lists (stale or failing feeds, pauses).",
            [("", "\(report.shownProblems.count)")])
        if let images = report.imageCache {
            family(
                "newsfeed_images_cached", "gauge", "Story images the image cache holds copies of.",
                [("", "\(images.images)")])
            family("newsfeed_images_bytes", "gauge", "Bytes of the image cache's copies.", [("", "\(images.bytes)")])
            family(
                "newsfeed_images_max_bytes", "gauge", "images.maxTotal: the most the copies may take.",
                [("", "\(images.maxTotal)")])
            family(
                "newsfeed_images_failures", "gauge", "Story images the cache could not cache, by cause.",
                images.failures.keys.sorted().map { ("{cause=\"\(escapeLabel($0))\"}", "\(images.failures[$0] ?? 0)") })
            family(
                "newsfeed_images_over_cap", "gauge",
                "Story images the last build left uncached because of images.maxTotal.", [("", "\(images.overCap)")])
        }
        if let fullText = report.fullText {
            family(
                "newsfeed_feed_fulltext_items", "gauge", "Items of the feed with their whole article (full text).",
                fullText.feeds.map { ("{feed=\"\(escapeLabel($0.path))\"}", "\($0.withArticle)") })
            family(
                "newsfeed_feed_fulltext_failures", "gauge", "Items of the feed whose page gave no article, by cause.",
                fullText.feeds.flatMap { feed in
                    ArticleFailureCause.allCases.compactMap { cause in
                        feed.failures[cause].map {
                            ("{feed=\"\(escapeLabel(feed.path))\",cause=\"\(cause.rawValue)\"}", "\($0)")
                        }
                    }
                })
            family(
                "newsfeed_feed_fulltext_waiting", "gauge", "Items of the feed whose page no build has reached yet.",
                fullText.feeds.map { ("{feed=\"\(escapeLabel($0.path))\"}", "\($0.waiting)") })
            family(
                "newsfeed_feed_fulltext_paywalled", "gauge",
                "Items of the feed whose page was a paywall's teaser (they keep the feed's text).",
                fullText.feeds.map { ("{feed=\"\(escapeLabel($0.path))\"}", "\($0.paywalled)") })
            family(
                "newsfeed_fulltext_pages_fetched_total", "counter", "Publishers' pages fetched for full text.",
                [("", "\(fullText.counters.fetched)")])
            family(
                "newsfeed_fulltext_pages_extracted_total", "counter", "Pages that gave their article.",
                [("", "\(fullText.counters.extracted)")])
            family(
                "newsfeed_fulltext_pages_paywalled_total", "counter", "Pages that were a paywall's teaser.",
                [("", "\(fullText.counters.paywalled)")])
            family(
                "newsfeed_fulltext_pages_failed_total", "counter", "Pages that gave no article, by cause.",
                ArticleFailureCause.allCases.map {
                    ("{cause=\"\($0.rawValue)\"}", "\(fullText.counters.failed[$0.rawValue] ?? 0)")
                })
            family(
                "newsfeed_fulltext_rule_misses_total", "counter",
                "Pages whose site rule matched nothing (the automatic extraction ran), by rule file.",
                fullText.counters.ruleMisses.keys.sorted().map {
                    ("{rule=\"\(escapeLabel($0))\"}", "\(fullText.counters.ruleMisses[$0] ?? 0)")
                })
        }
        if let websub = report.websub {
            family(
                "newsfeed_websub_subscriptions", "gauge", "Active WebSub subscriptions, by topic (the feed's URL).",
                websub.subscriptions.keys.sorted().map {
                    ("{topic=\"\(escapeLabel($0))\"}", "\(websub.subscriptions[$0] ?? 0)")
                })
            family(
                "newsfeed_websub_deliveries_total", "counter", "WebSub deliveries made, and given up after retries.",
                [("{outcome=\"delivered\"}", "\(websub.delivered)"), ("{outcome=\"failed\"}", "\(websub.failed)")])
            family(
                "newsfeed_websub_deliveries_pending", "gauge", "WebSub deliveries waiting.", [("", "\(websub.pending)")]
            )
            family(
                "newsfeed_websub_callback_errors", "gauge", "Callback hosts whose last delivery failed.",
                websub.lastErrors.keys.sorted().map { ("{host=\"\(escapeLabel($0))\"}", "1") })
        }
        family(
            "newsfeed_http_requests_total", "counter", "HTTP responses sent, by status code.",
            requests.keys.sorted().map { ("{code=\"\($0)\"}", "\(requests[$0] ?? 0)") })
        family(
            "newsfeed_http_response_bytes_total", "counter", "Bytes sent in HTTP responses, heads included.",
            [("", "\(bytes)")])
        return text
    }

    /// A label value: backslash, double quote and line feed escaped.
    package static func escapeLabel(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// HELP text: backslash and line feed escaped.
    package static func escapeHelp(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
