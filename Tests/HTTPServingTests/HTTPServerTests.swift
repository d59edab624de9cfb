import Foundation
import Testing

@testable import HTTPServing

@Suite struct HTTPServerTests {
    @Test func answersGetFromAnAsyncHandler() async throws {
        try await withServer { port in
            let response = try await offPool {
                let client = try RawClient(port: port)
                try client.send("GET /a?b=1 HTTP/1.1\r\nHost: x\r\n\r\n")
                return try client.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.text == "hello /a")
            #expect(response.headers["Content-Length"] == "8")
            #expect(response.headers["Server"] == "newsfeed")
            #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
            #expect(response.headers["Connection"] == nil)
        }
    }
}
