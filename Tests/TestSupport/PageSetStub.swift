import Foundation
import HTTPServing
import Synchronization

/// A publisher on loopback that serves the pages a test wrote, by path and query (`/story?page=2`), as UTF-8
/// HTML; every other path is a 404, `/robots.txt` too (everything allowed). It records what was asked for.
package final class PageSetStub: HTTPHandler {
    private let pages: [String: String]
    private let asked = Mutex<[String]>([])

    package init(_ pages: [String: String]) {
        self.pages = pages
    }

    /// Every page asked for (path and query), robots.txt left out, in order.
    package var asks: [String] { asked.withLock { $0 } }

    package func handle(_ request: HTTPRequest) async -> HTTPAction {
        let target = request.path + (request.query.map { "?" + $0 } ?? "")
        guard request.path != "/robots.txt" else { return .respond(.text(404, "none")) }
        asked.withLock { $0.append(target) }
        guard let page = pages[target] else { return .respond(.text(404, "no such page")) }
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/html; charset=utf-8")
        return .respond(HTTPResponse(status: 200, headers: headers, body: .data(Data(page.utf8))))
    }
}

/// Serves `pages` (path and query to HTML) on `host` with an ephemeral port, runs `body` with the stub and its base
/// URL, then shuts down.
package func withPages(
    _ pages: [String: String], host: String = "127.0.0.1",
    _ body: (_ stub: PageSetStub, _ base: String) async throws -> Void
) async throws {
    let stub = PageSetStub(pages)
    let server = HTTPServer(configuration: quickStubConfiguration(host: host), handler: stub)
    let port = try server.start()
    do {
        try await body(stub, "http://\(host):\(port)")
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}
