import Foundation
import HTTPFetching
import Synchronization
import Upstreams

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An in-memory ``HTTPFetching`` that answers with a canned outcome and records requests.
final class FakeFetcher: HTTPFetching {
    enum Answer: Sendable {
        case response(status: Int, body: Data, headers: [String: String])
        case failure(FetchError)
    }

    private let answer: Answer
    private let recorded = Mutex<[URLRequest]>([])

    init(_ answer: Answer) {
        self.answer = answer
    }

    convenience init(status: Int, body: Data, headers: [String: String] = ["Content-Type": "application/json"]) {
        self.init(.response(status: status, body: body, headers: headers))
    }

    /// Every request made so far.
    var requests: [URLRequest] { recorded.withLock { $0 } }

    func fetch(_ request: URLRequest, timeout: Duration) async throws(FetchError) -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(request) }
        switch answer {
        case .failure(let error):
            throw error
        case .response(let status, let body, let headers):
            guard
                let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw .transport("fake could not build a response") }
            return (body, response)
        }
    }
}
