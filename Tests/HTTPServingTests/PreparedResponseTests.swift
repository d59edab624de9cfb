import Foundation
import Glibc
import Testing

@testable import HTTPServing

@Suite struct PreparedResponseTests {
    /// Bytes that differ at every position of a short period, so a misplaced chunk shows.
    private static func pattern(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) })
    }

    @Test func smallBodiesStayInMemoryAndLargeOnesGoToAFile() {
        let small = PreparedBody(Self.pattern(PreparedBody.sendfileThreshold - 1))
        #expect(!small.isFileBacked)
        #expect(small.bytes == Self.pattern(PreparedBody.sendfileThreshold - 1))
        let large = PreparedBody(Self.pattern(300_000))
        #expect(large.isFileBacked)
        #expect(large.bytes == Self.pattern(300_000))
    }

    @Test func theHeadFollowsTheSameRulesAsAnyResponse() throws {
        let headers = HTTPHeaders([
            ("Content-Length", "999"), ("Connection", "keep-alive"), ("Transfer-Encoding", "chunked"),
            ("X-Kept", "yes"), ("X-Split", "a\r\nInjected: 1"),
        ])
        let prepared = PreparedResponse(HTTPResponse(status: 200, headers: headers, body: .data(Data("abc".utf8))))
        let head = String(decoding: prepared.fixedHead, as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("X-Kept: yes\r\n"))
        #expect(head.contains("Content-Length: 3\r\n"))
        #expect(head.contains("Server: newsfeed\r\n"))
        for absent in ["999", "Connection", "Transfer-Encoding", "Injected", "Date"] {
            #expect(!head.contains(absent), "\(absent)")
        }
        #expect(prepared.addsDate)
        #expect(prepared.status == 200)
        #expect(prepared.bodyLength == 3)

        let notModified = PreparedResponse(
            HTTPResponse(status: 304, headers: HTTPHeaders([("ETag", "\"a\"")]), body: .data(Data("x".utf8))))
        #expect(notModified.body == nil)
        #expect(!String(decoding: notModified.fixedHead, as: UTF8.self).contains("Content-Length"))
        let endless = PreparedResponse(
            HTTPResponse(status: 200, body: .repeating(chunk: Data("ab".utf8), length: 1 << 30)))
        #expect(endless.body == nil)
        #expect(String(decoding: endless.fixedHead, as: UTF8.self).contains("Content-Length: 0\r\n"))
    }

    @Test func preparedAnswersGetDateAndConnectionFramingPerRequest() async throws {
        let ok = PreparedResponse(
            HTTPResponse(status: 200, headers: HTTPHeaders([("X-Kept", "yes")]), body: .data(Data("twelve bytes".utf8)))
        )
        let handler = PreparedTestHandler(prepared: { request in request.path == "/ready" ? ok : nil })
        try await withServer(handler: handler) { port in
            let (get, head, fallback, again) = try await offPool {
                let client = try RawClient(port: port)
                try client.send(
                    "GET /ready HTTP/1.1\r\nHost: t\r\n\r\nHEAD /ready HTTP/1.1\r\nHost: t\r\n\r\nGET /other HTTP/1.1\r\nHost: t\r\n\r\n"
                        + "GET /ready HTTP/1.1\r\nHost: t\r\n\r\n")
                return (
                    try client.readResponse(), try client.readResponse(bodyExpected: false), try client.readResponse(),
                    try client.readResponse()
                )
            }
            #expect(get.status == 200)
            #expect(get.text == "twelve bytes")
            #expect(get.headers["X-Kept"] == "yes")
            #expect(get.headers["Content-Length"] == "12")
            #expect(get.headers["Date"]?.hasSuffix(" GMT") == true)
            #expect(get.headers["Connection"] == nil)
            #expect(head.headers["Content-Length"] == "12")
            #expect(head.body.isEmpty)
            #expect(fallback.text == "hello /other", "nil falls through to the ordinary paths")
            #expect(again.text == "twelve bytes", "no stray body bytes after the HEAD answer")

            let (http10, http10KeepAlive) = try await offPool {
                let closing = try RawClient(port: port)
                try closing.send("GET /ready HTTP/1.0\r\n\r\n")
                let first = try closing.readResponse()
                let end = closing.waitForEnd().end
                let keeping = try RawClient(port: port)
                try keeping.send("GET /ready HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                return ((first, end), try keeping.readResponse())
            }
            #expect(http10.0.headers["Connection"] == "close")
            #expect(http10.1 == .closed)
            #expect(http10KeepAlive.headers["Connection"] == "keep-alive")
        }
    }

    @Test func fileBackedBodiesAreSentInFullAndInOrder() async throws {
        let body = Self.pattern(3_000_017)
        let big = PreparedResponse(HTTPResponse(status: 200, body: .data(body)))
        let small = PreparedResponse(HTTPResponse(status: 200, body: .data(Data("small".utf8))))
        let notModified = PreparedResponse(HTTPResponse(status: 304, headers: HTTPHeaders([("ETag", "\"v1\"")])))
        #expect(big.body?.isFileBacked == true)
        let handler = PreparedTestHandler(prepared: { request in
            switch request.path {
            case "/big": big
            case "/304": notModified
            default: small
            }
        })
        try await withServer(handler: handler) { port in
            let responses = try await offPool {
                let client = try RawClient(port: port)
                try client.send(
                    "GET /big HTTP/1.1\r\nHost: t\r\n\r\nHEAD /big HTTP/1.1\r\nHost: t\r\n\r\nGET /304 HTTP/1.1\r\nHost: t\r\n\r\n"
                        + "GET /big HTTP/1.1\r\nHost: t\r\n\r\nGET /small HTTP/1.1\r\nHost: t\r\n\r\n")
                return [
                    try client.readResponse(), try client.readResponse(bodyExpected: false), try client.readResponse(),
                    try client.readResponse(), try client.readResponse(),
                ]
            }
            #expect(responses[0].body == Array(body))
            #expect(responses[1].headers["Content-Length"] == String(body.count))
            #expect(responses[1].body.isEmpty)
            #expect(responses[2].status == 304)
            #expect(responses[2].headers["ETag"] == "\"v1\"")
            #expect(responses[3].body == Array(body))
            #expect(responses[4].text == "small")
        }
    }

    /// `sendfile` cannot be told MSG_NOSIGNAL: without SIGPIPE blocked on the loop threads,
    /// a reader vanishing mid-body would end the whole process (this test run included).
    @Test func aReaderVanishingDuringSendfileLeavesTheServerUnharmed() async throws {
        let huge = PreparedResponse(HTTPResponse(status: 200, body: .data(Data(repeating: 0x61, count: 32 << 20))))
        let handler = PreparedTestHandler(prepared: { request in request.path == "/huge" ? huge : nil })
        try await withServer(handler: handler) { port in
            let (start, after) = try await offPool {
                for _ in 0..<3 {
                    let client = try RawClient(port: port)
                    try client.send("GET /huge HTTP/1.1\r\nHost: t\r\n\r\n")
                    _ = try client.readSome(limit: 64)
                    client.abort()
                }
                let client = try RawClient(port: port)
                try client.send("GET /huge HTTP/1.1\r\nHost: t\r\n\r\n")
                let start = try client.readSome(limit: 64)
                // A plain close (FIN, no reset): the server's next write meets a reset and EPIPE.
                shutdown(client.descriptor, Int32(SHUT_RDWR))
                let next = try RawClient(port: port)
                try next.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
                return (start, try next.readResponse().text)
            }
            #expect(String(decoding: start, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"))
            #expect(after == "hello /after")
        }
    }
}
