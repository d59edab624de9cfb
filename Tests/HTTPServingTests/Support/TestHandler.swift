import Foundation
import HTTPServing

/// A handler built from closures: an optional synchronous answer, else an async one.
struct TestHandler: HTTPHandler {
    var immediate: @Sendable (HTTPRequest) -> HTTPAction? = { _ in nil }
    var later: @Sendable (HTTPRequest) async -> HTTPAction = { request in
        .respond(.text(200, "hello \(request.path)"))
    }

    func respondImmediately(to request: HTTPRequest) -> HTTPAction? { immediate(request) }

    func handle(_ request: HTTPRequest) async -> HTTPAction { await later(request) }
}

/// Starts a server on an ephemeral loopback port, runs `body` with the port, then shuts down.
func withServer(
    _ configuration: HTTPServer.Configuration = .init(), handler: some HTTPHandler = TestHandler(),
    _ body: (Int) async throws -> Void
) async throws {
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try server.start()
    do {
        try await body(port)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}
