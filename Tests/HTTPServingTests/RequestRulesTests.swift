import Foundation
import HTTPServing
import Testing

/// RFC 9112's request rules over real sockets: Host, absolute-form, versions, garbage and empty-line floods.
@Suite(.timeLimit(.minutes(1))) struct RequestRulesTests {
    /// What one raw request got: the response and how the connection ended.
    private struct Exchange: Sendable {
        var response: RawClient.Response?
        var end: RawClient.End
    }

    private func exchange(_ bytes: [UInt8], port: Int) async throws -> Exchange {
        try await offPool {
            let client = try RawClient(port: port, timeout: .seconds(25))
            try client.send(bytes: bytes)
            let response = try? client.readResponse()
            let end = client.waitForEnd().end
            return Exchange(response: response, end: end)
        }
    }

    private func exchange(_ text: String, port: Int) async throws -> Exchange {
        try await exchange(Array(text.utf8), port: port)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1/../../etc\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
        "GET /x HTTP/1.2\r\n\r\n",
    ])
    func hostRuleBreakersGet400WithNosniffAndClose(request: String) async throws {
        try await withServer { port in
            let result = try await exchange(request, port: port)
            let response = try #require(result.response)
            #expect(response.status == 400)
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
            #expect(response.headers["Connection"] == "close")
            #expect(result.end == .closed)
        }
    }

    @Test func aNonASCIIHostGets400() async throws {
        try await withServer { port in
            let bytes = Array("GET / HTTP/1.1\r\nHost: caf".utf8) + [0xC3, 0xA9] + Array("\r\n\r\n".utf8)
            let result = try await exchange(bytes, port: port)
            #expect(result.response?.status == 400)
        }
    }

    @Test func absoluteFormIsServedByItsPath() async throws {
        try await withServer { port in
            let texts = try await offPool {
                let client = try RawClient(port: port)
                try client.send("GET http://127.0.0.1:\(port)/us/health.rss?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let first = try client.readResponse().text
                try client.send("GET HTTPS://feeds.example.com HTTP/1.1\r\nHost: feeds.example.com\r\n\r\n")
                return [first, try client.readResponse().text]
            }
            #expect(texts == ["hello /us/health.rss", "hello /"])
        }
    }

    @Test func higherHTTP1MinorVersionsAreAnsweredAsHTTP11() async throws {
        try await withServer { port in
            let (response, again) = try await offPool {
                let client = try RawClient(port: port)
                try client.send("GET /one HTTP/1.2\r\nHost: t\r\n\r\n")
                let response = try client.readResponse()
                // Kept alive like 1.1.
                try client.send("GET /two HTTP/1.9\r\nHost: t\r\n\r\n")
                return (response, try client.readResponse().text)
            }
            #expect(response.status == 200)
            #expect(response.text == "hello /one")
            #expect(again == "hello /two")
        }
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/3.0", "HTTP/0.9"])
    func otherMajorVersionsGet505(version: String) async throws {
        try await withServer { port in
            let result = try await exchange("GET / \(version)\r\nHost: t\r\n\r\n", port: port)
            let response = try #require(result.response)
            #expect(response.status == 505)
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
            #expect(result.end == .closed)
        }
    }

    @Test func errorAnswersNeverEchoTheTarget() async throws {
        try await withServer { port in
            for request in [
                "GET <script>alert(1)</script> HTTP/1.1\r\nHost: t\r\n\r\n",
                "GET javascript:<svg/onload=alert(1)> HTTP/1.1\r\nHost: t\r\n\r\n",
                "GET /x HTTP/<b>1\r\nHost: t\r\n\r\n",
                "GET /<script> HTTP/1.1\r\nHost: <script>\r\n\r\n",
            ] {
                let response = try #require(try await exchange(request, port: port).response)
                #expect(response.status == 400)
                #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
                #expect(response.headers["X-Content-Type-Options"] == "nosniff")
                #expect(!response.text.contains("<"), "\(response.text)")
                #expect(!response.text.contains("script"), "\(response.text)")
            }
        }
    }

    /// The header deadline is 90 s and the client gives up after 25 s (then the end is `stillOpen`): a closed end
    /// proves the server did not wait for the deadline, however slowly a busy machine runs the test.
    @Test(arguments: [[0xC0, 0x8A], [0x16, 0x03, 0x01, 0x00, 0xA5], [0x00, 0x00, 0x00, 0x00]] as [[UInt8]])
    func garbageFirstBytesAreClosedAtOnce(bytes: [UInt8]) async throws {
        try await withServer(.init(headerTimeout: .seconds(90))) { port in
            let result = try await exchange(bytes, port: port)
            #expect(result.end == .closed || result.end == .reset)
            #expect(result.response?.status ?? 400 == 400)
        }
    }

    @Test func aFloodOfEmptyLinesIsClosedWhenTheBoundPasses() async throws {
        try await withServer(.init(headerTimeout: .seconds(90))) { port in
            let flood = try await exchange(String(repeating: "\r\n", count: 4096), port: port)
            #expect(flood.end == .closed || flood.end == .reset)
            // A stray CRLF or two before a request is still fine.
            let polite = try await offPool {
                let client = try RawClient(port: port)
                try client.send("\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
                return try client.readResponse().text
            }
            #expect(polite == "hello /after")
        }
    }
}
