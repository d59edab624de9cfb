import Foundation

/// `/status`: the `status` report as an HTML page in the index's look (light and dark).
public enum StatusPage {
    public static func render(title: String, report: StatusReport) -> String {
        let pageTitle = MarkupEscaping.text("\(title) status")
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(pageTitle)</title>
            <style>
            \(FeedIndexPage.styleSheet)\(extraStyle)</style>
            </head>
            <body>
            <main>
            <h1>\(pageTitle)</h1>

            """
        let problems = report.problems
        html += "<p class=\"summary\">\(report.feeds.count == 1 ? "1 feed" : "\(report.feeds.count) feeds") · "
        html += problems.isEmpty ? "no problems" : "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
        html += " · <a href=\"status.json\">JSON</a> · <a href=\"metrics\">metrics</a></p>\n"
        if !problems.isEmpty {
            html += "<ul class=\"problems\">\n"
            for problem in problems { html += "<li>\(MarkupEscaping.text(problem))</li>\n" }
            html += "</ul>\n"
        }
        html += """
            <table>
            <thead><tr><th scope="col">Feed</th><th scope="col">Last success</th><th scope="col">Last error</th>\
            <th scope="col">Next due</th><th scope="col" class="count">Items</th>\
            <th scope="col" class="count">New</th><th scope="col" class="count">Dead images</th></tr></thead>
            <tbody>

            """
        for feed in report.feeds { html += row(feed) }
        html += "</tbody>\n</table>\n<h2>NewsAPI quota</h2>\n<table>\n"
        html += "<thead><tr><th scope=\"col\">Window</th><th scope=\"col\" class=\"count\">Used</th>"
        html += "<th scope=\"col\" class=\"count\">Limit</th><th scope=\"col\" class=\"count\">Remaining</th>"
        html += "<th scope=\"col\" class=\"count\">Reserve left</th></tr></thead>\n<tbody>\n"
        for window in report.windows {
            html += "<tr><td>\(window.name)</td><td class=\"count\">\(window.used)</td>"
            html += "<td class=\"count\">\(window.limit.map(String.init) ?? "unlimited")</td>"
            html += "<td class=\"count\">\(window.remaining.map(String.init) ?? "unlimited")</td>"
            html += "<td class=\"count\">\(window.reserveLeft.map(String.init) ?? "–")</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if let pause = report.pause {
            html += "<p class=\"problem\">Paused \(MarkupEscaping.text(StatusReport.pauseText(pause)))</p>\n"
        } else {
            html += "<p class=\"summary\">Not paused · reserve \(report.reserve) request"
            html += "\(report.reserve == 1 ? "" : "s") per window for <code>build --only</code></p>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    private static func row(_ feed: StatusReport.Feed) -> String {
        var row = "<tr><td>\(MarkupEscaping.text(feed.path))<br><span class=\"path\">\(feed.kind)"
        row += ", every \(ScheduleTime.span(feed.interval))"
        if feed.stale { row += " · <span class=\"problem\">stale</span>" }
        if feed.failing { row += " · <span class=\"problem\">failing</span>" }
        row += "</span></td><td>\(time(feed.lastSuccess, otherwise: "never"))</td><td>"
        if let error = feed.lastError {
            row +=
                "\(time(feed.lastErrorTime, otherwise: ""))<br><span class=\"muted\">\(MarkupEscaping.text(error))</span>"
        } else {
            row += "<span class=\"muted\">none</span>"
        }
        row += "</td><td>\(time(feed.nextDue, otherwise: "now"))</td>"
        row += "<td class=\"count\">\(feed.items ?? 0)</td><td class=\"count\">\(feed.newItems ?? 0)</td>"
        row += "<td class=\"count\">\(feed.deadImages)</td></tr>\n"
        return row
    }

    private static func time(_ date: Date?, otherwise: String) -> String {
        guard let date else { return "<span class=\"muted\">\(otherwise)</span>" }
        return "<time datetime=\"\(date.formatted(.iso8601))\">\(ScheduleTime.text(date))</time>"
    }

    private static let extraStyle = """
        h2 { margin-top: 2rem; font-size: 1.25rem; }
        .problem, .problems { color: #b3261e; }
        @media (prefers-color-scheme: dark) { .problem, .problems { color: #f2b8b5; } }

        """
}
