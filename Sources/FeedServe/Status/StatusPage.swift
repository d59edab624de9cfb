import FeedBuild
import FeedFormats
import Foundation
import NewsModel

/// `/status`: the `status` report as an HTML page in the look of the index and the feed
/// pages (``PageLayout``: light and dark themes, the theme choice, the same assets).
public enum StatusPage {
    public static func render(title: String, report: StatusReport) -> String {
        let links = [
            PageLayout.link("Feeds", href: "./"),
            PageLayout.link("JSON", href: "status.json", type: "application/json"),
            PageLayout.link("Metrics", href: "metrics"),
        ]
        let layout = PageLayout(title: "\(title) status", rootPrefix: "", headerLinks: links)
        let problems = report.shownProblems
        var body = "<p class=\"summary-line\">"
        body += report.feeds.count == 1 ? "1 feed" : "\(report.feeds.count) feeds"
        // The same counts as the index page's summary: both come from the feeds' conditions.
        for part in FeedCondition.summary(report.feeds.map(\.condition)) { body += " · \(part)" }
        body +=
            " · " + (problems.isEmpty ? "no problems" : "\(problems.count) problem\(problems.count == 1 ? "" : "s")")
        body += "</p>\n"
        if !problems.isEmpty {
            body += "<ul class=\"problems\">\n"
            for problem in problems { body += "<li><strong>\(PageLayout.text(problem))</strong></li>\n" }
            body += "</ul>\n"
        }
        body += "<ul class=\"feeds\">\n"
        for feed in report.feeds { body += entry(feed) }
        body += "</ul>\n<h2>NewsAPI quota</h2>\n<ul class=\"feeds quota\">\n"
        for window in report.windows {
            body += "<li class=\"feed\"><p class=\"meta\">last \(window.name): \(window.used) used"
            body += window.limit.map { " of \($0)" } ?? " (unlimited)"
            body += window.remaining.map { " · \($0) left for scheduled builds" } ?? ""
            body += window.reserveLeft.map { " · reserve \($0) left for <code>build --only</code>" } ?? ""
            body += "</p></li>\n"
        }
        body += "</ul>\n"
        if let pause = report.pause {
            body += "<p><strong>Paused \(PageLayout.text(StatusReport.pauseText(pause)))</strong></p>\n"
        } else {
            body += "<p class=\"summary-line\">Not paused.</p>\n"
        }
        // The same full-text and image-cache lines as `newsfeed status` prints.
        let extra = report.extraLines
        if !extra.isEmpty {
            body += "<ul class=\"feeds extra\">\n"
            for line in extra { body += "<li class=\"feed\"><p class=\"meta\">\(PageLayout.text(line))</p></li>\n" }
            body += "</ul>\n"
        }
        return layout.render(body: body)
    }

    private static func entry(_ feed: StatusReport.Feed) -> String {
        var html = "<li class=\"feed\" data-condition=\"\(feed.condition.name)\">\n"
        html += "<h2>\(PageLayout.text(feed.path))</h2>\n<p class=\"meta\">"
        html += "\(feed.kind) · every \(ScheduleTime.span(feed.interval))"
        let condition = PageLayout.text(feed.condition.label)
        html +=
            " · "
            + (feed.condition.isFailing || feed.condition == .pausedByKey ? "<strong>\(condition)</strong>" : condition)
        if feed.stale { html += " · <strong>stale</strong>" }
        if let failures = feed.failuresInARowText { html += " · \(failures)" }
        html += "</p>\n<p class=\"meta\">last success \(time(feed.lastSuccess, otherwise: "never"))"
        // A moment to come is rounded up to the minute, as `status` prints it (PageLayout truncates).
        let nextDue = StatusReport.nextDueText(
            feed, text: { PageLayout.time(ScheduleTime.roundedUp($0)) }, now: "<span class=\"muted\">now</span>")
        html += " · next due \(nextDue)"
        html += " · \(counted(feed.items ?? 0, "item")) (\(feed.newItems ?? 0) new in the last build)"
        html += " · \(feed.deadImages) dead image\(feed.deadImages == 1 ? "" : "s")</p>\n"
        if let error = feed.lastError {
            html += "<p class=\"meta\">last error \(time(feed.lastErrorTime, otherwise: "")): "
            html += "\(PageLayout.text(error))</p>\n"
        }
        // The same words as `newsfeed status` prints per polled URL.
        for source in feed.sources {
            html += "<p class=\"meta source\">\(PageLayout.text(source.text(time: ScheduleTime.text)))</p>\n"
        }
        return html + "</li>\n"
    }

    private static func time(_ date: Date?, otherwise: String) -> String {
        date.map(PageLayout.time) ?? "<span class=\"muted\">\(otherwise)</span>"
    }
}
