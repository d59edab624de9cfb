import HTTPServing

/// Runs `body` with `handler` served on a loopback port (`http://127.0.0.1:PORT`, the ``quickStubConfiguration``),
/// then shuts the server down, whether `body` returned or threw: the stub publishers and picture hosts of tests.
package func withLoopbackHost(_ handler: some HTTPHandler, _ body: (String) async throws -> Void) async throws {
    let server = HTTPServer(configuration: quickStubConfiguration(), handler: handler)
    let port = try server.start()
    do {
        try await body("http://127.0.0.1:\(port)")
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}
