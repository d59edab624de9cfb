import Foundation
import HTTPServing
import NewsModel
import Synchronization

/// The feeds folder mounted on an ``HTTPServer``: what `serve` and `demo` run.
public struct FeedServer: Sendable {
    public let server: HTTPServer
    /// The bound port.
    public let port: Int
    /// The address it listens at, e.g. `http://127.0.0.1:8080/`.
    public let listeningURL: URL
    /// `/status`, `/status.json`, `/metrics` (and `/healthz`'s conditions), when a config is known:
    /// ``StatusEndpoints/replaceConfig(_:)`` makes them answer for a reloaded config.
    public let status: StatusEndpoints?
    /// The WebSub hub, with `"websub": {"hub": true}`: its deliveries run until ``shutdown()``.
    package let websub: WebSubHub?
    private let distributing: Task<Void, Never>?

    /// Starts serving `directory` on `host:port` (0 picks a free port). `site`, when
    /// known, is used for absolute URLs in generated pages; otherwise the listening
    /// address is (never a request's Host header). With `status` (the served config and
    /// `NEWSAPI_KEY`), `/status`, `/status.json` and `/metrics` are served too.
    /// `displayHost` names the server in ``listeningURL`` when it differs from the bound
    /// address (the name given to `--host`, the machine's name for `0.0.0.0`).
    public static func start(
        directory: URL, host: String, port: Int, site: URL?,
        accessLog: (@Sendable (HTTPAccessLogEntry) -> Void)?, displayHost: String? = nil,
        status: (config: NewsFeedConfig, apiKey: String?)? = nil, clock: @escaping @Sendable () -> Date = { Date() },
        websubLog: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> FeedServer {
        // The generated pages need the real address, known only once bound: the file
        // handler is mounted right after binding (an early request gets a 503).
        let mount = DeferredHandler()
        let metrics = ServerMetrics()
        let log: (@Sendable (HTTPAccessLogEntry) -> Void)? =
            status == nil
            ? accessLog
            : { @Sendable entry in
                metrics.record(entry)
                accessLog?(entry)
            }
        let hubOn = status?.config.websub.hub == true
        // Only a hub reads request bodies: without it every POST stays a 405 from the parser.
        let limits = HTTPRequestParser.Limits(maxBodyBytes: hubOn ? WebSubForm.maxBodyBytes : 0)
        let server = HTTPServer(
            configuration: .init(host: host, port: port, requestLimits: limits, accessLog: log), handler: mount)
        let bound = try server.start()
        let listeningURL = Self.url(host: displayHost ?? host, port: bound)
        var configuration = StaticFileHandler.Configuration(baseURL: site ?? listeningURL, now: clock)
        let endpoints = status.map { StatusEndpoints(config: $0.config, apiKey: $0.apiKey, metrics: metrics) }
        configuration.status = endpoints
        // Feeds name their hubs in a `Link` header too (W3C WebSub §4): the config's, fixed for the process's life.
        configuration.hubs = status.map { $0.config.websub.hubURLs(site: $0.config.site) } ?? []
        var hub: WebSubHub?
        do {
            if let config = status?.config, hubOn {
                hub = try WebSubHub(
                    settings: config.websub, site: config.site, root: directory.path,
                    allowPrivate: config.allowPrivate, clock: clock, log: websubLog)
                configuration.websub = hub
            }
            mount.install(try StaticFileHandler(root: directory.path, configuration: configuration))
        } catch {
            await server.shutdown()
            throw error
        }
        let distributing = hub.map { hub in Task { await hub.run() } }
        return FeedServer(
            server: server, port: bound, listeningURL: listeningURL, status: endpoints, websub: hub,
            distributing: distributing)
    }

    /// Stops accepting, lets in-flight responses finish, then closes.
    public func shutdown() async {
        distributing?.cancel()
        await distributing?.value
        await server.shutdown()
    }

    /// `http://host:port/`, with IPv6 literals in brackets.
    public static func url(host: String, port: Int) -> URL {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return URL(string: "http://\(hostPart):\(port)/") ?? NewsFeedConfig.defaultSite
    }

    /// Forwards to the file handler once it is installed, keeping its prepared
    /// (fastest) answers available to the server.
    private final class DeferredHandler: PreparedResponder {
        private let handler = Mutex<StaticFileHandler?>(nil)

        func install(_ installed: StaticFileHandler) {
            handler.withLock { $0 = installed }
        }

        func preparedResponse(to request: HTTPRequest) -> PreparedResponse? {
            handler.withLock { $0 }?.preparedResponse(to: request)
        }

        func respondImmediately(to request: HTTPRequest) -> HTTPAction? {
            guard let installed = handler.withLock({ $0 }) else { return .respond(.text(503, "starting")) }
            return installed.respondImmediately(to: request)
        }

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            guard let installed = handler.withLock({ $0 }) else { return .respond(.text(503, "starting")) }
            return await installed.handle(request)
        }
    }
}
