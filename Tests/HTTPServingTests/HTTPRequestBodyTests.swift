import HTTPServing
import Testing

/// `POST` bodies (issue 29: the WebSub hub's form): refused unless the limits allow a body, read whole by their
/// `Content-Length` however they arrive, capped (413), and never taken without a length (411).
@Suite struct HTTPRequestBodyTests {
    static let limits = HTTPRequestParser.Limits(maxBodyBytes: 64)

    private func outcomes(_ pieces: [String], limits: HTTPRequestParser.Limits = HTTPRequestBodyTests.limits)
        -> [HTTPRequestParser.Outcome]
    {
        var parser = HTTPRequestParser(limits: limits)
        var found: [HTTPRequestParser.Outcome] = []
        for piece in pieces {
            parser.append(Array(piece.utf8))
            while true {
                let outcome = parser.nextRequest()
                found.append(outcome)
                if case .request = outcome { continue }
                break
            }
        }
        return found
    }

    private func requests(_ outcomes: [HTTPRequestParser.Outcome]) -> [HTTPRequest] {
        outcomes.compactMap { if case .request(let request, _) = $0 { request } else { nil } }
    }

    private func rejection(_ outcomes: [HTTPRequestParser.Outcome]) -> HTTPRequestRejection? {
        outcomes.lazy.compactMap { if case .rejected(let rejection) = $0 { rejection } else { nil } }.first
    }

    @Test func aPostBodyIsReadWholeEvenInPiecesAndTheNextRequestFollows() {
        let head = "POST /websub HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n"
        let found = outcomes([head + "hub.m", "ode=x", "y" + "GET /b HTTP/1.1\r\nHost: a\r\n\r\n"])
        let requests = requests(found)
        #expect(requests.map(\.method) == ["POST", "GET"])
        #expect(String(decoding: requests[0].body, as: UTF8.self) == "hub.mode=xy")
        #expect(requests[1].body.isEmpty)
    }

    @Test func withoutABodyLimitAPostIsStill405() {
        let found = outcomes(
            ["POST /websub HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"], limits: HTTPRequestParser.Limits())
        #expect(rejection(found)?.status == 405)
    }

    @Test func aBodyOverTheLimitIs413FromItsHead() {
        let found = outcomes(["POST /websub HTTP/1.1\r\nHost: a\r\nContent-Length: 10485760\r\n\r\n"])
        #expect(rejection(found) == .bodyTooLarge(limit: 64))
        #expect(rejection(found)?.status == 413)
    }

    @Test func aChunkedBodyIs411AndAGetWithABodyStill400() {
        let chunked = outcomes([
            "POST /websub HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
        ])
        #expect(rejection(chunked)?.status == 411)
        let get = outcomes(["GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"])
        #expect(rejection(get)?.status == 400)
    }
}
