import Foundation
import HTTPServing
import Synchronization

/// A news publisher on loopback for full text: real article pages, its own `robots.txt`, and one path per way a
/// page can fail. It records every path asked for and the most requests it had in flight at once.
///
/// Paths: `/robots.txt` (the `robots` given; 404, so everything allowed, when nil), `/article/<fixture>` (a real
/// page of `Tests/ArticlesTests/Fixtures/<fixture>/source.html`), `/story/<n>` (a short generated article,
/// answered after `delay`), `/forbidden` (403), `/legal` (451), `/hang` (never answers), `/json` (a JSON body),
/// `/big` (a 100 KB article), `/teaser` (an article shorter than any teaser), `/to?URL` (302 to URL), `/private/<n>` (an article, for robots
/// rules to disallow).
package final class PublisherStub: HTTPHandler {
    package let robots: String?
    package let delay: Duration
    private let asked = Mutex<[String]>([])
    private let robotsStatus = Mutex<Int?>(nil)
    private let flight = Mutex<(now: Int, most: Int)>((0, 0))

    package init(robots: String? = nil, delay: Duration = .zero) {
        self.robots = robots
        self.delay = delay
    }

    /// Every path asked for (robots.txt included), in order.
    package var paths: [String] { asked.withLock { $0 } }
    /// The paths asked for, robots.txt left out.
    package var pages: [String] { paths.filter { $0 != "/robots.txt" } }
    /// Makes `/robots.txt` answer `status` with an empty body (a 503: the file is unreachable), or as given at
    /// the start again with nil.
    package func answerRobots(status: Int?) {
        robotsStatus.withLock { $0 = status }
    }

    /// The most page requests that were in flight at the same time.
    package var mostInFlight: Int { flight.withLock { $0.most } }

    /// The real page `<name>/source.html` of Readability's test corpus in the shared folder (the test needs
    /// ``Testing/Trait/needsSharedData``); empty when it is missing, which the test's expectations then show.
    package static func fixturePage(_ name: String) -> Data {
        (try? SharedData.readabilitySource(name)) ?? Data()
    }

    /// The generated article of `/story/<n>`.
    package static func storyPage(_ number: String) -> String {
        """
        <!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Story \(number) | The Daily</title>
        <meta name="author" content="Ann Writer"><meta property="article:published_time" content="2024-05-01T08:00:00Z">
        <meta property="og:image" content="/images/lead-\(number).jpg"></head>
        <body><nav><a href="/">Home</a> <a href="/world">World</a></nav><article><h1>Story \(number)</h1>
        <p>The council of the town met on Tuesday evening, talked for hours, voted, and agreed at last that the old
        bridge over the river will be repaired before the first snow of the winter comes.</p>
        <p>The work starts in May, said the mayor, and it <a href="/costs">costs</a> four million, which the town and
        the region share; the bridge stays open to walkers and cyclists while the work goes on.</p>
        <p>Drivers will take the ring road for six months, which the council says adds ten minutes to a trip.</p>
        </article><footer>© The Daily</footer></body></html>
        """
    }

    package func handle(_ request: HTTPRequest) async -> HTTPAction {
        let path = request.path
        asked.withLock { $0.append(path) }
        if path == "/robots.txt" {
            if let status = robotsStatus.withLock({ $0 }) { return .respond(.text(status, "")) }
            guard let robots else { return .respond(.text(404, "none")) }
            return .respond(.text(200, robots))
        }
        flight.withLock { state in
            state.now += 1
            state.most = max(state.most, state.now)
        }
        defer { flight.withLock { $0.now -= 1 } }
        switch path {
        case "/forbidden": return .respond(.text(403, "members only"))
        case "/legal": return .respond(.text(451, "unavailable for legal reasons"))
        case "/hang": return .hang
        case "/json":
            var headers = HTTPHeaders()
            headers.set("Content-Type", "application/json")
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(Data("{\"a\": 1}".utf8))))
        case "/big":
            // 100 KB of article, past a 64 KB cap.
            let paragraph = "<p>" + String(repeating: "The bridge will be repaired before winter. ", count: 20) + "</p>"
            let article = String(repeating: paragraph, count: 120)
            return Self.html("<html><body><article>" + article + "</article></body></html>")
        case "/teaser": return Self.html("<html><body><article><p>Short.</p></article></body></html>")
        case "/to":
            return .respond(HTTPResponse(status: 302, headers: HTTPHeaders([("Location", request.query ?? "/")])))
        default:
            if path.hasPrefix("/article/") {
                return Self.html(Self.fixturePage(String(path.dropFirst("/article/".count))))
            }
            if path.hasPrefix("/story/") || path.hasPrefix("/private/") {
                if delay > .zero { try? await Task.sleep(for: delay) }
                return Self.html(Self.storyPage(String(path.split(separator: "/").last ?? "")))
            }
            return .respond(.text(404, "no such page"))
        }
    }

    private static func html(_ page: String) -> HTTPAction { html(Data(page.utf8)) }

    private static func html(_ page: Data) -> HTTPAction {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/html; charset=utf-8")
        return .respond(HTTPResponse(status: 200, headers: headers, body: .data(page)))
    }
}

/// Starts a ``PublisherStub`` on `host` with an ephemeral port, runs `body` with its base URL, then shuts down.
package func withPublisher(
    host: String = "127.0.0.1", robots: String? = nil, delay: Duration = .zero,
    _ body: (_ publisher: PublisherStub, _ base: String) async throws -> Void
) async throws {
    let publisher = PublisherStub(robots: robots, delay: delay)
    let server = HTTPServer(configuration: quickStubConfiguration(host: host), handler: publisher)
    let port = try server.start()
    do {
        try await body(publisher, "http://\(host):\(port)")
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}
