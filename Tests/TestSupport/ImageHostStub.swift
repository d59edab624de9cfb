import FeedWatch
import Foundation
import HTTPFetching
import HTTPServing
import Synchronization

/// A loopback image host with one path per behaviour the watcher must cope with; it counts what it was asked.
///
/// Paths: `/ok.jpg` (200, 2048 bytes, ETag `"v1"`, 304 on a matching If-None-Match), `/missing.jpg` (404),
/// `/gone.jpg` (410), `/error.jpg` (500), `/page.jpg` (200 text/html), `/hang.jpg` (never answers),
/// `/sleepy.jpg` (answers after 5 s), `/nohead.jpg` (405 to HEAD, 206 with `bytes 0-0/5000` to a ranged GET),
/// `/huge.jpg` (405 to HEAD, a 1 TB image body to GET), `/reset.jpg` (connection reset),
/// `/chain/N` (redirects to `/chain/N-1`, `/chain/0` redirects to `/ok.jpg`), `/loop/a` ↔ `/loop/b`,
/// `/to?URL` (302 to URL), `/moved-missing` (301 to `/missing.jpg`).
package final class ImageHostStub: HTTPHandler {
    /// Every request the stub received, in order.
    package let requests = Mutex<[HTTPRequest]>([])
    /// The server's access-log entries: what it actually wrote per answered request.
    package let served = Mutex<[HTTPAccessLogEntry]>([])

    package static let imageBytes = 2048
    /// A terabyte: as good as endless for a test.
    package static let hugeBytes = 1 << 40

    /// Answers on the server's event loop, without a task hop, all but `/sleepy.jpg`: a busy cooperative pool (every
    /// suite of `swift test` shares it) must not make a prompt answer look slow to a client's deadline.
    package func respondImmediately(to request: HTTPRequest) -> HTTPAction? {
        guard request.path != "/sleepy.jpg" else { return nil }
        requests.withLock { $0.append(request) }
        return Self.action(for: request)
    }

    package func handle(_ request: HTTPRequest) async -> HTTPAction {
        requests.withLock { $0.append(request) }
        if request.path == "/sleepy.jpg" {
            try? await Task.sleep(for: .seconds(5))
            return .respond(Self.image(status: 200, length: Self.imageBytes))
        }
        return Self.action(for: request)
    }

    private static func action(for request: HTTPRequest) -> HTTPAction {
        let head = request.method == "HEAD"
        switch request.path {
        case "/ok.jpg":
            if request.headers["If-None-Match"] == "\"v1\"" {
                return .respond(HTTPResponse(status: 304, headers: HTTPHeaders([("ETag", "\"v1\"")])))
            }
            return .respond(Self.image(status: 200, length: Self.imageBytes))
        case "/missing.jpg": return .respond(.text(404, "not found"))
        case "/gone.jpg": return .respond(.text(410, "gone"))
        case "/error.jpg": return .respond(.text(500, "oops"))
        case "/page.jpg":
            var headers = HTTPHeaders()
            headers.set("Content-Type", "text/html; charset=utf-8")
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(Data("<html>no</html>".utf8))))
        case "/hang.jpg": return .hang
        case "/nohead.jpg":
            if head { return .respond(.text(405, "no HEAD here")) }
            var response = Self.image(status: 206, length: 1)
            response.headers.set("Content-Range", "bytes 0-0/5000")
            return .respond(response)
        case "/huge.jpg":
            if head { return .respond(.text(405, "no HEAD here")) }
            return .respond(Self.image(status: 200, length: Self.hugeBytes))
        case "/reset.jpg": return .reset
        case "/moved-missing": return Self.redirect(301, to: "/missing.jpg")
        case "/loop/a": return Self.redirect(302, to: "/loop/b")
        case "/loop/b": return Self.redirect(302, to: "/loop/a")
        case "/to": return Self.redirect(302, to: request.query ?? "/")
        default:
            if request.path.hasPrefix("/chain/"), let hops = Int(request.path.dropFirst("/chain/".count)) {
                return Self.redirect(307, to: hops == 0 ? "/ok.jpg" : "/chain/\(hops - 1)")
            }
            return .respond(.text(404, "no such test path"))
        }
    }

    private static func image(status: Int, length: Int) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "image/jpeg")
        headers.set("ETag", "\"v1\"")
        headers.set("Last-Modified", "Mon, 01 Jan 2024 00:00:00 GMT")
        return HTTPResponse(
            status: status, headers: headers,
            body: .repeating(chunk: Data(repeating: 0xAB, count: 4096), length: length))
    }

    private static func redirect(_ status: Int, to location: String) -> HTTPAction {
        .respond(HTTPResponse(status: status, headers: HTTPHeaders([("Location", location)]), body: .empty))
    }

    /// The requests received, as `METHOD /path` lines.
    package var log: [String] { requests.withLock { $0.map { "\($0.method) \($0.target)" } } }
}

/// A server configuration for loopback stubs: a `.hang` answer outlasts any client deadline a test sets (up to
/// 30 s), so a hung image is always the client's timeout and never the server closing first; shutdown closes hung
/// and idle connections at once, so tests still end fast. Handlers run on ``StubExecutor``, out of the shared pool's
/// way.
package func quickStubConfiguration(
    host: String = "127.0.0.1", accessLog: (@Sendable (HTTPAccessLogEntry) -> Void)? = nil
) -> HTTPServer.Configuration {
    HTTPServer.Configuration(
        host: host, headerTimeout: .seconds(2), idleTimeout: .seconds(30), shutdownGracePeriod: .milliseconds(100),
        eventLoopCount: 1, accessLog: accessLog, handlerExecutor: StubExecutor.shared)
}

/// Starts an ``ImageHostStub`` on `host` with an ephemeral port, runs `body` with its base URL, then shuts down.
package func withImageHost(
    host: String = "127.0.0.1", _ body: (_ stub: ImageHostStub, _ base: String) async throws -> Void
) async throws {
    let stub = ImageHostStub()
    let configuration = quickStubConfiguration(host: host) { entry in stub.served.withLock { $0.append(entry) } }
    let server = HTTPServer(configuration: configuration, handler: stub)
    let port = try server.start()
    do {
        try await body(stub, "http://\(host):\(port)")
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}

/// Treats 127.0.0.2 as private and every other address as public: lets the guard be exercised on loopback.
package struct LoopbackTwoIsPrivatePolicy: AddressPolicy {

    package init() {}
    package func verdict(for address: IPAddress) -> AddressVerdict {
        address == .v4(0x7f00_0002) ? .refused(reason: "127.0.0.2 is private (test policy)") : .allowed
    }
}
