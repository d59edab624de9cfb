import Foundation
import HTTPServing
import TestSupport
import Testing

/// `handlerExecutor` runs the handler's tasks where it says, out of Swift's shared pool: the tests' loopback stubs
/// rely on it to answer on time while CPU-heavy suites hold that pool (issue 30, point 18).
@Suite struct HandlerExecutorTests {
    @Test func theHandlerRunsOnTheConfiguredExecutorsThreads() async throws {
        let handler = TestHandler(later: { _ in
            .respond(.text(200, StubExecutor.isCurrent() ? "stub thread" : "shared pool"))
        })
        var configuration = HTTPServer.Configuration(eventLoopCount: 1)
        configuration.handlerExecutor = StubExecutor.shared
        try await withServer(configuration, handler: handler) { port in
            let answer = try await Self.whereItRan(port)
            #expect(answer == "stub thread")
        }
    }

    @Test func withoutOneTheHandlerRunsOnTheSharedPool() async throws {
        let handler = TestHandler(later: { _ in
            .respond(.text(200, StubExecutor.isCurrent() ? "stub thread" : "shared pool"))
        })
        try await withServer(HTTPServer.Configuration(eventLoopCount: 1), handler: handler) { port in
            let answer = try await Self.whereItRan(port)
            #expect(answer == "shared pool")
        }
    }

    /// Where the handler said it ran.
    private static func whereItRan(_ port: Int) async throws -> String {
        try await offPool {
            let client = try RawClient(port: port)
            try client.send("GET /where HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().text
        }
    }
}
