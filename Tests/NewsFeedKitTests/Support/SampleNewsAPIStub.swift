import Foundation
import HTTPServing
import Synchronization

@testable import NewsFeedKit

/// NewsAPI's top-headlines endpoint on 127.0.0.1, mounted on ``HTTPServer``: answers
/// `GET /v2/top-headlines?country=CC&category=NAME` from canned bodies, so `build` and
/// `serve --refresh` run their real client against it (via `NEWSAPI_BASE_URL`).
final class SampleNewsAPIStub: Sendable {
    /// The key the stub accepts in `X-Api-Key`; any other gets NewsAPI's `apiKeyInvalid`.
    static let apiKey = "stub-key-0123456789abcdef"

    let baseURL: URL
    private let server: HTTPServer
    private let handler: Handler

    /// Starts answering: `bodies` maps `country/category` (e.g. `us/health`) to a JSON
    /// body; other feeds get an empty `ok` answer.
    init(bodies: [String: Data]) throws {
        handler = Handler(bodies: bodies)
        server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), handler: handler)
        let port = try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
    }

    /// A stub answering the bundled sample feeds of `newsfeed demo`.
    static func samples() throws -> SampleNewsAPIStub {
        var bodies: [String: Data] = [:]
        for spec in SampleHeadlines.feeds {
            bodies[spec.id] = SampleHeadlines.response(for: spec)
        }
        return try SampleNewsAPIStub(bodies: bodies)
    }

    /// What `build` and `serve --refresh` need to reach this stub.
    var environment: [String: String] {
        ["NEWSAPI_KEY": Self.apiKey, "NEWSAPI_BASE_URL": baseURL.absoluteString]
    }

    /// `country/category` of every request answered so far, in order.
    var requestedFeeds: [String] { handler.requested.withLock { $0 } }

    func shutdown() async { await server.shutdown() }

    private final class Handler: HTTPHandler {
        let bodies: [String: Data]
        let requested = Mutex<[String]>([])

        init(bodies: [String: Data]) {
            self.bodies = bodies
        }

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            guard request.path == "/v2/top-headlines" else {
                return .respond(json(404, #"{"status":"error","code":"notFound","message":"no such endpoint"}"#))
            }
            guard request.headers["X-Api-Key"] == SampleNewsAPIStub.apiKey else {
                return .respond(
                    json(401, #"{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid."}"#))
            }
            let items = URLComponents(string: "http://stub/?" + (request.query ?? ""))?.queryItems ?? []
            let country = items.first { $0.name == "country" }?.value ?? ""
            let category = items.first { $0.name == "category" }?.value ?? ""
            let feed = "\(country)/\(category)"
            requested.withLock { $0.append(feed) }
            let body = bodies[feed] ?? Data(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8)
            return .respond(json(200, body))
        }

        private func json(_ status: Int, _ text: String) -> HTTPResponse {
            json(status, Data(text.utf8))
        }

        private func json(_ status: Int, _ body: Data) -> HTTPResponse {
            HTTPResponse(
                status: status, headers: HTTPHeaders([("Content-Type", "application/json; charset=utf-8")]),
                body: .data(body))
        }
    }
}
