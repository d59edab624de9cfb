import Foundation
import HTTPServing
import Synchronization

/// A loopback image host whose answer per path is scripted by the test and may change between rounds (an image
/// that dies, or comes back). It records every request it receives.
package final class ScriptedImageHost: HTTPHandler {
    /// What the host answers for one path.
    package enum Answer: Sendable, Hashable {
        /// 200 with `type` and a body of `length` bytes (Content-Length set), after `delay`.
        case image(type: String, length: Int, delay: Duration = .zero)
        /// A plain-text answer with this status, e.g. 404, 410 or 500.
        case status(Int)
        /// 200 `text/html`: what hotlink-blocking hosts answer instead of the picture.
        case htmlPage
        /// 405 to HEAD; 206 with `Content-Range: bytes 0-0/<length>` to a ranged GET.
        case headRefused(type: String, length: Int)
        /// 302 to `location` (a path on this host or an absolute URL).
        case redirect(to: String)
        /// Never answers.
        case hang
        /// 200 with `type` and exactly these bytes (a real picture, or something that only claims to be one).
        case bytes(type: String, Data)
    }

    private let answers: Mutex<[String: Answer]>
    private let received = Mutex<[String]>([])
    private let concurrency = Mutex((now: 0, most: 0))

    /// - Parameter answers: per path (e.g. `/img/ok.jpg`); unscripted paths answer 404.
    package init(_ answers: [String: Answer] = [:]) {
        self.answers = Mutex(answers)
    }

    /// Changes the answer for `path` from now on.
    package func script(_ path: String, _ answer: Answer) {
        answers.withLock { $0[path] = answer }
    }

    /// Every request received so far, as `METHOD /path`, in order.
    package var requests: [String] { received.withLock { $0 } }

    /// How many requests `path` received.
    package func requestCount(for path: String) -> Int {
        received.withLock { $0.count { $0.hasSuffix(" \(path)") } }
    }

    /// The most requests the host was answering at the same time (delayed answers make this visible).
    package var mostAtOnce: Int { concurrency.withLock { $0.most } }

    /// Answers on the server's event loop, without a task hop, whatever is not delayed: a busy cooperative pool
    /// (every suite of `swift test` shares it) must not make a prompt image look slow to the watcher's deadline.
    package func respondImmediately(to request: HTTPRequest) -> HTTPAction? {
        let answer = answers.withLock { $0[request.path] } ?? .status(404)
        if case .image(_, _, let delay) = answer, delay > .zero { return nil }
        received.withLock { $0.append("\(request.method) \(request.path)") }
        return Self.action(for: answer, request: request)
    }

    package func handle(_ request: HTTPRequest) async -> HTTPAction {
        received.withLock { $0.append("\(request.method) \(request.path)") }
        concurrency.withLock {
            $0.now += 1
            $0.most = max($0.most, $0.now)
        }
        defer { concurrency.withLock { $0.now -= 1 } }
        let answer = answers.withLock { $0[request.path] } ?? .status(404)
        if case .image(_, _, let delay) = answer, delay > .zero { try? await Task.sleep(for: delay) }
        return Self.action(for: answer, request: request)
    }

    private static func action(for answer: Answer, request: HTTPRequest) -> HTTPAction {
        switch answer {
        case .image(let type, let length, _):
            return .respond(Self.image(status: 200, type: type, length: length))
        case .status(let status):
            return .respond(.text(status, "HTTP \(status) from the scripted image host"))
        case .htmlPage:
            var headers = HTTPHeaders()
            headers.set("Content-Type", "text/html; charset=utf-8")
            let page = Data("<html><body>Hotlinking is not allowed</body></html>".utf8)
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(page)))
        case .headRefused(let type, let length):
            if request.method == "HEAD" { return .respond(.text(405, "HEAD is not allowed here")) }
            var response = Self.image(status: 206, type: type, length: 1)
            response.headers.set("Content-Range", "bytes 0-0/\(length)")
            return .respond(response)
        case .redirect(let location):
            return .respond(HTTPResponse(status: 302, headers: HTTPHeaders([("Location", location)])))
        case .hang:
            return .hang
        case .bytes(let type, let body):
            var headers = HTTPHeaders()
            headers.set("Content-Type", type)
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(body)))
        }
    }

    private static func image(status: Int, type: String, length: Int) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", type)
        return HTTPResponse(
            status: status, headers: headers,
            body: .repeating(chunk: Data(repeating: 0xFF, count: 1024), length: length))
    }
}
