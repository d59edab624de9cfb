import Foundation
import HTTPFetching
import Synchronization
import Upstreams

/// An in-memory ``HTTPFetching`` that answers with a canned outcome and records requests.
final class FakeFetcher: HTTPFetching {
    enum Answer: Sendable {
        case response(status: Int, body: Data, headers: [String: String])
        case failure(FetchError)
    }

    private let answer: Answer
    private let recorded = Mutex<[FetchRequest]>([])

    init(_ answer: Answer) {
        self.answer = answer
    }

    convenience init(status: Int, body: Data, headers: [String: String] = ["Content-Type": "application/json"]) {
        self.init(.response(status: status, body: body, headers: headers))
    }

    /// Every request made so far.
    var requests: [FetchRequest] { recorded.withLock { $0 } }

    func fetch(_ request: FetchRequest, timeout: Duration) async throws(FetchError) -> (Data, HTTPResponseHead) {
        recorded.withLock { $0.append(request) }
        switch answer {
        case .failure(let error):
            throw error
        case .response(let status, let body, let headers):
            return (body, HTTPResponseHead(url: request.url, statusCode: status, headerFields: headers))
        }
    }
}
