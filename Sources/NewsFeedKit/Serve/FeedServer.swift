import Foundation
import HTTPServing

/// The feeds folder mounted on an ``HTTPServer``: what `serve` and `demo` run.
public struct FeedServer: Sendable {
    public let server: HTTPServer
    /// The bound port.
    public let port: Int
    /// The address it listens at, e.g. `http://127.0.0.1:8080/`.
    public let listeningURL: URL

    /// Starts serving `directory` on `host:port` (0 picks a free port). `site`, when
    /// known, is used for absolute URLs in generated pages; otherwise the listening
    /// address is (never a request's Host header).
    public static func start(
        directory: URL, host: String, port: Int, site: URL?,
        accessLog: (@Sendable (HTTPAccessLogEntry) -> Void)?
    ) async throws -> FeedServer {
        var chosenPort = port
        if chosenPort == 0 {
            chosenPort = try await freePort(host: host)
        }
        let listeningURL = Self.url(host: host, port: chosenPort)
        let handler = try StaticFileHandler(
            root: directory.path, configuration: .init(baseURL: site ?? listeningURL))
        let server = HTTPServer(
            configuration: .init(host: host, port: chosenPort, accessLog: accessLog), handler: handler)
        let bound = try server.start()
        return FeedServer(server: server, port: bound, listeningURL: Self.url(host: host, port: bound))
    }

    /// Stops accepting, lets in-flight responses finish, then closes.
    public func shutdown() async {
        await server.shutdown()
    }

    /// `http://host:port/`, with IPv6 literals in brackets.
    public static func url(host: String, port: Int) -> URL {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return URL(string: "http://\(hostPart):\(port)/") ?? NewsFeedConfig.defaultSite
    }

    /// A port the kernel considers free now; the generated pages need the real
    /// address before the handler exists.
    private static func freePort(host: String) async throws -> Int {
        let probe = HTTPServer(configuration: .init(host: host, port: 0), handler: RefusingHandler())
        let port = try probe.start()
        await probe.shutdown()
        return port
    }

    private struct RefusingHandler: HTTPHandler {
        func handle(_ request: HTTPRequest) async -> HTTPAction { .respond(.text(503, "starting")) }
    }
}
