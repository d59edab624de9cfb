import FeedBuild
import Foundation
import HTTPServing
import NewsModel
import Synchronization

/// `/status`, `/status.json` and `/metrics` of `serve`: the `status` report of the
/// served config, made fresh per request from the state and the feed files.
public struct StatusEndpoints: Sendable {
    public static let pagePath = "/status"
    public static let jsonPath = "/status.json"
    public static let metricsPath = "/metrics"

    /// The served config: shared by every copy, so a reload (``replaceConfig(_:)``) reaches them all.
    private let current: Current
    /// `NEWSAPI_KEY`, to tell whether a bad-key pause still applies (never shown).
    public var apiKey: String?
    public var metrics: ServerMetrics

    public init(config: NewsFeedConfig, apiKey: String?, metrics: ServerMetrics) {
        current = Current(config)
        self.apiKey = apiKey
        self.metrics = metrics
    }

    /// The config the answers are made from now.
    public var config: NewsFeedConfig { current.config.withLock { $0 } }

    /// Answers from `config` from now on (`serve --refresh` reloaded its config).
    public func replaceConfig(_ config: NewsFeedConfig) {
        current.config.withLock { $0 = config }
    }

    /// The one place the served config lives.
    private final class Current: Sendable {
        let config: Mutex<NewsFeedConfig>
        init(_ config: NewsFeedConfig) { self.config = Mutex(config) }
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
