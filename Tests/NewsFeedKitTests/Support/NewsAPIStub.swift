import Foundation
import HTTPServing
import Synchronization

/// A loopback NewsAPI: answers `GET /v2/top-headlines?country=…&category=…` with the articles scripted for that
/// feed, so `newsfeed build` can run in-process against it (`NEWSAPI_BASE_URL`).
final class NewsAPIStub: HTTPHandler {
    /// One article as NewsAPI would send it; only the fields a test varies are parameters.
    struct Article: Sendable, Hashable {
        /// Makes the article URL and title unique within a feed.
        var slug: String
        /// `urlToImage`: nil sends JSON null.
        var imageURL: String?
        var publishedAt: Date
    }

    private let articlesOfFeed: Mutex<[String: [Article]]>
    private let received = Mutex<[String]>([])

    /// - Parameter articles: per feed id (`us/health`).
    init(_ articles: [String: [Article]]) {
        articlesOfFeed = Mutex(articles)
    }

    /// The request targets received, in order.
    var requests: [String] { received.withLock { $0 } }

    func handle(_ request: HTTPRequest) async -> HTTPAction {
        received.withLock { $0.append(request.target) }
        guard request.path == "/v2/top-headlines", request.headers["X-Api-Key"]?.isEmpty == false else {
            return .respond(Self.json(404, ["status": "error", "code": "notFound", "message": "unknown endpoint"]))
        }
        var parameters: [String: String] = [:]
        for pair in (request.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { parameters[parts[0]] = parts[1] }
        }
        let feed = "\(parameters["country"] ?? "")/\(parameters["category"] ?? "")"
        let articles = articlesOfFeed.withLock { $0[feed] } ?? []
        let formatter = ISO8601DateFormatter()
        let objects: [[String: Any]] = articles.map { article in
            [
                "source": ["id": NSNull(), "name": "Example News"],
                "author": "Reporter",
                "title": "Story \(article.slug) in \(feed) - Example News",
                "description": "What happened in story \(article.slug).",
                "url": "https://news.example.com/\(feed)/\(article.slug)",
                "urlToImage": article.imageURL.map { $0 as Any } ?? NSNull(),
                "publishedAt": formatter.string(from: article.publishedAt),
                "content": "The whole of story \(article.slug).",
            ]
        }
        return .respond(Self.json(200, ["status": "ok", "totalResults": objects.count, "articles": objects]))
    }

    private static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json; charset=utf-8")
        return HTTPResponse(status: status, headers: headers, body: .data(data))
    }
}
