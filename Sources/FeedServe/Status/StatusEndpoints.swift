import FeedBuild
import Foundation
import HTTPServing
import NewsModel

/// `/status`, `/status.json` and `/metrics` of `serve`: the `status` report of the
/// served config, made fresh per request from the state and the feed files.
public struct StatusEndpoints: Sendable {
    public static let pagePath = "/status"
    public static let jsonPath = "/status.json"
    public static let metricsPath = "/metrics"

    public var config: NewsFeedConfig
    /// `NEWSAPI_KEY`, to tell whether a bad-key pause still applies (never shown).
    public var apiKey: String?
    public var metrics: ServerMetrics

    public init(config: NewsFeedConfig, apiKey: String?, metrics: ServerMetrics) {
        self.config = config
        self.apiKey = apiKey
        self.metrics = metrics
    }

    public func handles(_ path: String) -> Bool {
        path == Self.pagePath || path == Self.jsonPath || path == Self.metricsPath
    }

    /// The answer for one of the three paths at `now`.
    public func response(for path: String, now: Date) -> HTTPResponse {
        let report: StatusReport
        do {
            report = try StatusReport.load(config: config, now: now, apiKey: apiKey)
        } catch {
            return Self.respond(503, "text/plain; charset=utf-8", "\(error.description)\n")
        }
        switch path {
        case Self.jsonPath:
            return Self.respond(200, "application/json", report.json)
        case Self.metricsPath:
            let counts = metrics.snapshot
            return Self.respond(
                200, MetricsDocument.contentType,
                MetricsDocument.render(report: report, requests: counts.requests, bytes: counts.bytes))
        default:
            let title = config.isSampleData ? "newsfeed — sample data" : "newsfeed"
            return Self.respond(200, "text/html; charset=utf-8", StatusPage.render(title: title, report: report))
        }
    }

    private static func respond(_ status: Int, _ type: String, _ body: String) -> HTTPResponse {
        let headers = HTTPHeaders([
            ("Content-Type", type), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
        ])
        return HTTPResponse(status: status, headers: headers, body: .data(Data(body.utf8)))
    }
}
