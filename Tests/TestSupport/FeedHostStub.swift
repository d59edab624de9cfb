import Foundation
import HTTPServing
import Synchronization

/// A publisher's feed host on loopback: each path answers the status, `Content-Type` and body given for it (404
/// for any other path); answers can be changed between requests, so a test can make a feed fail on its next poll.
package final class FeedHostStub: HTTPHandler {
    package struct Answer: Sendable {
        package var status: Int
        package var contentType: String
        package var body: Data
        /// A `Location` header, for redirects.
        package var location: String?
        /// An `ETag`: a request whose `If-None-Match` names it is answered `304 Not Modified`.
        package var etag: String?
        /// A `Last-Modified`: a request whose `If-Modified-Since` is the same is answered `304 Not Modified`.
        package var lastModified: String?
        /// Further header fields (`Retry-After`, `Cache-Control`).
        package var headers: [String: String] = [:]

        package init(status: Int = 200, contentType: String = "application/rss+xml", body: Data) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }

        /// A redirect with `status` to `location`.
        package static func redirect(_ status: Int = 301, to location: String) -> Answer {
            var answer = Answer(status: status, contentType: "text/plain", body: Data("moved".utf8))
            answer.location = location
            return answer
        }

        package init(status: Int = 200, contentType: String = "application/rss+xml", _ text: String) {
            self.init(status: status, contentType: contentType, body: Data(text.utf8))
        }
    }

    private let answers: Mutex<[String: Answer]>
    private let asked = Mutex<[String]>([])
    private let conditions = Mutex<[String]>([])

    package init(_ answers: [String: Answer]) {
        self.answers = Mutex(answers)
    }

    /// Replaces what `path` answers.
    package func set(_ path: String, _ answer: Answer) {
        answers.withLock { $0[path] = answer }
    }

    /// The paths asked for, in order.
    package var paths: [String] { asked.withLock { $0 } }
    /// Per request, in order: `If-None-Match: …` and `If-Modified-Since: …` as sent, or empty.
    package var conditionalHeaders: [String] { conditions.withLock { $0 } }

    package func handle(_ request: HTTPRequest) async -> HTTPAction {
        asked.withLock { $0.append(request.path) }
        guard let answer = answers.withLock({ $0[request.path] }) else { return .respond(.text(404, "no such feed")) }
        let noneMatch = request.headers["If-None-Match"]
        let modifiedSince = request.headers["If-Modified-Since"]
        conditions.withLock {
            $0.append(
                [noneMatch.map { "If-None-Match: \($0)" }, modifiedSince.map { "If-Modified-Since: \($0)" }]
                    .compactMap { $0 }.joined(separator: ", "))
        }
        var headers = HTTPHeaders()
        if answer.status == 200 { for (name, value) in answer.headers { headers.set(name, value) } }
        if let etag = answer.etag { headers.set("ETag", etag) }
        if let lastModified = answer.lastModified { headers.set("Last-Modified", lastModified) }
        if answer.status == 200,
            (answer.etag != nil && noneMatch == answer.etag)
                || (noneMatch == nil && answer.lastModified != nil && modifiedSince == answer.lastModified)
        {
            return .respond(HTTPResponse(status: 304, headers: headers, body: .data(Data())))
        }
        headers.set("Content-Type", answer.contentType)
        if let location = answer.location { headers.set("Location", location) }
        for (name, value) in answer.headers { headers.set(name, value) }
        return .respond(HTTPResponse(status: answer.status, headers: headers, body: .data(answer.body)))
    }
}
