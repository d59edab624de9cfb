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

    package init(_ answers: [String: Answer]) {
        self.answers = Mutex(answers)
    }

    /// Replaces what `path` answers.
    package func set(_ path: String, _ answer: Answer) {
        answers.withLock { $0[path] = answer }
    }

    /// The paths asked for, in order.
    package var paths: [String] { asked.withLock { $0 } }

    package func handle(_ request: HTTPRequest) async -> HTTPAction {
        asked.withLock { $0.append(request.path) }
        guard let answer = answers.withLock({ $0[request.path] }) else { return .respond(.text(404, "no such feed")) }
        var headers = HTTPHeaders()
        headers.set("Content-Type", answer.contentType)
        if let location = answer.location { headers.set("Location", location) }
        return .respond(HTTPResponse(status: answer.status, headers: headers, body: .data(answer.body)))
    }
}
