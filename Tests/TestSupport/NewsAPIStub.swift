import Foundation
import HTTPServing
import Synchronization

/// A NewsAPI stand-in on 127.0.0.1 for end-to-end tests of `newsfeed build`.
///
/// Each `country/category` pair gets a scripted ``Answer`` that tests may change between builds;
/// every request's target and headers are recorded, so a test can prove how the key travelled
/// and how many requests a run made. It runs on ``HTTPServer`` (port 0, one event loop) and answers
/// on the event loop at once, so builds against it take milliseconds.
package final class NewsAPIStub: Sendable {
    /// What the stub does with a request for one feed.
    package enum Answer: Sendable {
        /// An HTTP answer with these bytes.
        case respond(status: Int, headers: [String: String], body: Data)
        /// Never answers; the client has to give up on its own deadline.
        case hang
        /// Resets the connection without answering.
        case reset

        /// `{"status":"ok",…}` holding `articles`.
        package static func articles(_ articles: [StubArticle]) -> Answer {
            let list = articles.map(\.json)
            let object: [String: Any] = ["status": "ok", "totalResults": list.count, "articles": list]
            let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return .json(200, body)
        }

        /// NewsAPI's error envelope with `code` and `message`.
        package static func error(_ status: Int, code: String, message: String, headers: [String: String] = [:])
            -> Answer
        {
            let object = ["status": "error", "code": code, "message": message]
            let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return .respond(
                status: status, headers: headers.merging(["Content-Type": "application/json"]) { mine, _ in mine },
                body: body)
        }

        /// A JSON body as is, e.g. a truncated one.
        package static func json(_ status: Int, _ body: Data) -> Answer {
            .respond(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
        }
    }

    /// One request as the stub saw it.
    package struct Request: Sendable {
        /// The request target exactly as sent, e.g. `/v2/top-headlines?country=us&category=health&pageSize=100`.
        package var target: String
        package var headers: HTTPHeaders
        /// `us/health`, from the query's `country` and `category` (empty when they are missing);
        /// `search:<q>` for an `everything` request.
        package var feedID: String
    }

    /// The answers and the requests, shared by the stub and its handler.
    private final class Ledger: Sendable {
        struct Contents {
            var answers: [String: Answer]
            var requests: [Request] = []
        }

        let contents: Mutex<Contents>

        init(answers: [String: Answer]) { contents = Mutex(Contents(answers: answers)) }
    }

    private let ledger: Ledger
    private let server: HTTPServer
    /// The port the stub listens on.
    package let port: Int

    /// Starts a stub that answers `answers` (keyed by `country/category`); unscripted feeds get a 404 envelope.
    package init(_ answers: [String: Answer] = [:]) throws {
        let ledger = Ledger(answers: answers)
        let handler = Handler(ledger: ledger)
        let configuration = HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, idleTimeout: .seconds(10), shutdownGracePeriod: .milliseconds(50),
            eventLoopCount: 1, handlerExecutor: StubExecutor.shared)
        server = HTTPServer(configuration: configuration, handler: handler)
        self.ledger = ledger
        port = try server.start()
    }

    /// `http://127.0.0.1:<port>`, the value for `NEWSAPI_BASE_URL`.
    package var baseURLString: String { "http://127.0.0.1:\(port)" }

    /// Changes the answer for `feedID` (`us/health`) from the next request on.
    package func answer(_ feedID: String, with answer: Answer) {
        ledger.contents.withLock { $0.answers[feedID] = answer }
    }

    /// Every request so far, oldest first.
    package var requests: [Request] { ledger.contents.withLock { $0.requests } }

    /// How many requests asked for `feedID`.
    package func requestCount(for feedID: String) -> Int { requests.filter { $0.feedID == feedID }.count }

    /// Closes the listening socket and every connection.
    package func stop() async { await server.shutdown() }

    private struct Handler: HTTPHandler {
        let ledger: Ledger

        func respondImmediately(to request: HTTPRequest) -> HTTPAction? {
            let feedID = Self.feedID(of: request)
            let answer = ledger.contents.withLock { contents -> Answer? in
                contents.requests.append(Request(target: request.target, headers: request.headers, feedID: feedID))
                return contents.answers[feedID]
            }
            guard let answer else {
                return .respond(
                    Self.response(
                        for: .error(404, code: "stubNotScripted", message: "no answer scripted for \(feedID)")))
            }
            switch answer {
            case .hang: return .hang
            case .reset: return .reset
            case .respond: return .respond(Self.response(for: answer))
            }
        }

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            respondImmediately(to: request) ?? .reset
        }

        private static func response(for answer: Answer) -> HTTPResponse {
            guard case .respond(let status, let headers, let body) = answer else { return .text(500, "not scripted") }
            var fields = HTTPHeaders()
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.set(name, value) }
            return HTTPResponse(status: status, headers: fields, body: .data(body), closeConnection: true)
        }

        /// `us/health` for top headlines (`us/` without a category), `search:<q>` for `everything`.
        private static func feedID(of request: HTTPRequest) -> String {
            let components = URLComponents(string: request.target)
            let items = components?.queryItems ?? []
            if components?.path == "/v2/everything" {
                return "search:" + (items.first { $0.name == "q" }?.value ?? "")
            }
            let country = items.first { $0.name == "country" }?.value ?? ""
            let category = items.first { $0.name == "category" }?.value ?? ""
            return country.isEmpty && category.isEmpty ? "" : "\(country)/\(category)"
        }
    }
}
