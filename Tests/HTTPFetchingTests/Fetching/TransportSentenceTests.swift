import CCurl
import Foundation
import Glibc
import Testing

@testable import HTTPFetching

/// Every way an exchange can fail reads as a sentence naming the server, never as a code.
@Suite(.serialized, .timeLimit(.minutes(2))) struct TransportSentenceTests {
    /// Words that would mean Foundation's (or libcurl's) error text reached the user as is.
    static let codeWords = [
        "URL error", "NSCocoaErrorDomain", "Error Domain=", "NSURLErrorDomain", "error -", "CURLE_", "curl: (",
    ]

    private func failure(
        _ behavior: LoopbackHTTPStub.Behavior, scheme: String = "http", timeout: Duration = .seconds(30)
    )
        async throws -> (FetchError, String)
    {
        let stub = try LoopbackHTTPStub(behavior)
        defer { stub.stop() }
        let host = "127.0.0.1:\(stub.port)"
        let url = try #require(URL(string: "\(scheme)://\(host)/page"))
        let error = try await #require(throws: FetchError.self) {
            _ = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: timeout)
        }
        return (error, host)
    }

    @Test func aTruncatedBodySaysHowMuchOfTheAnnouncedLengthArrived() async throws {
        let answer = LoopbackHTTPStub.truncated(body: Data(repeating: 65, count: 10), declaredLength: 100)
        let (error, host) = try await failure(.respond(answer))
        #expect(error.description == "the answer from \(host) ended after 10 bytes of 100")
    }

    @Test func aTruncatedChunkedBodySaysTheConnectionClosedEarly() async throws {
        let answer = LoopbackHTTPStub.chunkedHead() + LoopbackHTTPStub.chunk(Data("<p>half".utf8))
        let (error, host) = try await failure(.respond(answer))
        #expect(error.description == "\(host) closed the connection before the answer was complete")
    }

    @Test func aResetAfterPartOfTheAnswerSaysSo() async throws {
        let answer = LoopbackHTTPStub.truncated(body: Data(repeating: 65, count: 10), declaredLength: 100)
        let (error, host) = try await failure(.respondThenReset(answer))
        #expect(
            error.description == "the answer from \(host) ended after 10 bytes of 100"
                || error.description == "\(host) reset the connection before the answer was complete")
    }

    @Test func aRefusedConnectionNamesTheServer() async throws {
        let stub = try LoopbackHTTPStub(.hang)
        let url = try #require(stub.baseURL)
        stub.stop()
        let error = try await #require(throws: FetchError.self) {
            _ = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .seconds(30))
        }
        #expect(error.description == "127.0.0.1:\(stub.port) refused the connection")
    }

    @Test func aResetBeforeAnsweringSaysSo() async throws {
        let (error, host) = try await failure(.reset)
        #expect(
            error.description == "\(host) reset the connection before answering"
                || error.description == "\(host) closed the connection without answering")
    }

    @Test func aServerThatClosesWithoutAnsweringSaysSo() async throws {
        let (error, host) = try await failure(.closeWithoutAnswer)
        #expect(error.description == "\(host) closed the connection without answering")
    }

    @Test func aMalformedAnswerSaysSo() async throws {
        let (error, host) = try await failure(.respond(Data("SMTP ready\r\n\r\n".utf8)))
        #expect(error.description == "\(host) sent something that is not HTTP")
    }

    @Test func tlsToAServerThatDoesNotSpeakItSaysSo() async throws {
        let greeting = LoopbackHTTPStub.response(status: 400, body: Data("plain HTTP here".utf8))
        let (error, host) = try await failure(.speakFirst(greeting), scheme: "https")
        #expect(error.description.hasPrefix("TLS with \(host) failed: "))
    }

    @Test func aServerTricklingOneByteASecondRunsIntoTheWholeExchangeDeadline() async throws {
        let body = Data(repeating: 65, count: 100)
        let answer = LoopbackHTTPStub.response(status: 200, body: body)
        let (error, _) = try await failure(
            .trickle(answer, interval: .seconds(1), atOnce: answer.count - body.count), timeout: .milliseconds(1500))
        #expect(error == .timedOut(after: .milliseconds(1500)))
    }

    @Test func anEndlessSlowChunkedStreamRunsIntoTheDeadline() async throws {
        let slowChunk = LoopbackHTTPStub.chunk(Data(repeating: 65, count: 8))
        let head = LoopbackHTTPStub.chunkedHead()
        let stream = head + Array(repeating: slowChunk, count: 1000).reduce(Data(), +)
        let (error, _) = try await failure(
            .trickle(stream, interval: .milliseconds(20), atOnce: head.count), timeout: .seconds(1))
        #expect(error == .timedOut(after: .seconds(1)))
    }

    @Test func anEndlessFastChunkedStreamIsCutAtTheCap() async throws {
        let chunk = LoopbackHTTPStub.chunk(Data(repeating: 65, count: 16 * 1024))
        let stub = try LoopbackHTTPStub(.endless(head: LoopbackHTTPStub.chunkedHead(), chunk: chunk))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        await #expect(throws: FetchError.tooLarge(limit: 1 << 20)) {
            _ = try await CurlFetcher(maximumBytes: 1 << 20).fetch(FetchRequest(url: url), timeout: .seconds(60))
        }
    }

    /// The classifier over libcurl's codes and messages, for the failures a loopback stub cannot stage (DNS, routes,
    /// certificates).
    @Test(arguments: [
        (
            CURLE_COULDNT_RESOLVE_HOST, "Could not resolve host: news.invalid", Int32(0),
            "could not resolve host news.example"
        ),
        (
            CURLE_COULDNT_CONNECT, "Failed to connect to news.example port 443", EHOSTUNREACH,
            "there is no route to news.example"
        ),
        (
            CURLE_PEER_FAILED_VERIFICATION, "SSL certificate problem: self-signed certificate", 0,
            "TLS with news.example failed: its certificate is not trusted"
        ),
        (
            CURLE_PEER_FAILED_VERIFICATION,
            "SSL: no alternative certificate subject name matches target host name 'news.example'", 0,
            "TLS with news.example failed: its certificate is for another name"
        ),
        (
            CURLE_PEER_FAILED_VERIFICATION, "SSL certificate problem: certificate has expired", 0,
            "TLS with news.example failed: its certificate has expired"
        ),
        (CURLE_OPERATION_TIMEDOUT, "Operation timed out after 30001 milliseconds", 0, "no answer within 30 s"),
        (
            CURLE_COULDNT_CONNECT, "", ENETUNREACH,
            "the network is unreachable from this machine (connecting to news.example)"
        ),
        (
            CURLE_UNSUPPORTED_PROTOCOL, "Received HTTP/0.9 when not allowed", 0,
            "news.example sent something that is not HTTP"
        ),
        (
            CURLE_WEIRD_SERVER_REPLY, "Unsupported HTTP version in response", 0,
            "news.example sent something that is not HTTP"
        ),
        (CURLE_SEND_ERROR, "", ECONNRESET, "news.example reset the connection before answering"),
        (
            CURLE_RECV_ERROR, "Illegal or missing hexadecimal sequence in chunked-encoding", 0,
            "news.example sent a broken chunked body"
        ),
        (CURLE_FAILED_INIT, "", 0, "the exchange with news.example failed before an answer arrived"),
        (
            CURLE_SSL_CONNECT_ERROR, "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to news.example:443", 0,
            "TLS with news.example failed: it does not speak TLS on this port"
        ),
    ])
    func libcurlCodesBecomeSentences(code: CURLcode, message: String, osErrno: Int32, expected: String) {
        let failure = CurlFailure(code: code, message: message, host: "news.example", osErrno: osErrno)
        let error = failure.fetchError(timeout: .seconds(30))
        #expect(error.description.hasPrefix(expected))
    }

    /// Every error path of the fetcher, live and classified: none reads as a code.
    @Test func noMessageCarriesAnErrorCode() async throws {
        var messages: [String] = []
        let behaviors: [LoopbackHTTPStub.Behavior] = [
            .respond(LoopbackHTTPStub.truncated(body: Data(count: 10), declaredLength: 100)),
            .respond(LoopbackHTTPStub.chunkedHead() + LoopbackHTTPStub.chunk(Data("x".utf8))),
            .respondThenReset(LoopbackHTTPStub.truncated(body: Data(count: 10), declaredLength: 100)),
            .reset, .closeWithoutAnswer, .respond(Data("garbage\r\n\r\n".utf8)),
            .respond(LoopbackHTTPStub.response(status: 200, body: Data("x".utf8), headers: ["Content-Encoding: br"])),
            .respond(
                LoopbackHTTPStub.response(
                    status: 200, body: Data("this is no gzip stream".utf8), headers: ["Content-Encoding: gzip"])),
            .hang,
        ]
        for behavior in behaviors {
            messages.append(try await failure(behavior, timeout: .milliseconds(800)).0.description)
        }
        messages.append(try await failure(.closeWithoutAnswer, scheme: "https").0.description)
        messages.append(try await failure(.speakFirst(Data("garbage".utf8)), scheme: "https").0.description)
        for code in [
            CURLE_FAILED_INIT, CURLE_COULDNT_CONNECT, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
            CURLE_PARTIAL_FILE, CURLE_SSL_CONNECT_ERROR, CURLE_COULDNT_RESOLVE_HOST, CURLE_OPERATION_TIMEDOUT,
            CURLE_URL_MALFORMAT, CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_BAD_CONTENT_ENCODING,
        ] {
            for headComplete in [false, true] {
                for inHead in [false, true] {
                    let failure = CurlFailure(code: code, host: "h", headComplete: headComplete, inHead: inHead)
                    messages.append(failure.fetchError(timeout: .seconds(1)).description)
                }
            }
        }
        for message in messages {
            for word in Self.codeWords {
                #expect(!message.contains(word), "\(message)")
            }
        }
    }
}
