import Foundation
import HTTPFetching
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way an exchange can fail reads as a sentence naming the server, never as a code.
@Suite(.serialized, .timeLimit(.minutes(2))) struct TransportSentenceTests {
    /// Words that would mean Foundation's (or libcurl's) error text reached the user as is.
    static let codeWords = ["URL error", "NSCocoaErrorDomain", "Error Domain=", "NSURLErrorDomain", "error -"]

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
            _ = try await URLSessionFetcher().fetch(URLRequest(url: url), timeout: timeout)
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
            _ = try await URLSessionFetcher().fetch(URLRequest(url: url), timeout: .seconds(30))
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
        #expect(error.description == "\(host) sent a malformed HTTP answer")
    }

    @Test func tlsToAServerThatDoesNotSpeakItSaysSo() async throws {
        let greeting = LoopbackHTTPStub.response(status: 400, body: Data("plain HTTP here".utf8))
        let (error, host) = try await failure(.speakFirst(greeting), scheme: "https")
        #expect(error.description.hasPrefix("TLS with \(host) failed: "))
    }

    @Test func aServerTricklingOneByteASecondRunsIntoTheWholeExchangeDeadline() async throws {
        let body = Data(repeating: 65, count: 100)
        let answer = LoopbackHTTPStub.response(status: 200, body: body)
        // The head at once: a server closing in the middle of a head crashes FoundationNetworking 6.3.1 itself.
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
            _ = try await URLSessionFetcher(maximumBytes: 1 << 20).fetch(URLRequest(url: url), timeout: .seconds(60))
        }
    }

    /// The classifier over libcurl's own messages, for the failures a loopback stub cannot stage (DNS, routes,
    /// certificates).
    @Test(arguments: [
        (URLError.Code.cannotFindHost, "Could not resolve host: news.invalid", "could not resolve host news.example"),
        (.unknown, "Failed to connect to news.example port 443: No route to host", "there is no route to news.example"),
        (
            .unknown, "SSL certificate problem: self-signed certificate",
            "TLS with news.example failed: its certificate is not trusted"
        ),
        (
            .unknown, "SSL: no alternative certificate subject name matches target host name 'news.example'",
            "TLS with news.example failed: its certificate is for another name"
        ),
        (
            .unknown, "SSL certificate problem: certificate has expired",
            "TLS with news.example failed: its certificate has expired"
        ),
        (.timedOut, "Operation timed out after 30001 milliseconds", "no answer within 30 s"),
        (.httpTooManyRedirects, "", "too many redirects from news.example"),
        (
            .unknown, "Network is unreachable",
            "the network is unreachable from this machine (connecting to news.example)"
        ),
        (.unknown, "", "the exchange with news.example failed before an answer arrived"),
        (
            .unknown, "Failure when sending data to the peer",
            "the exchange with news.example failed before an answer arrived (libcurl: Failure when sending data to the peer)"
        ),
    ])
    func libcurlMessagesBecomeSentences(code: URLError.Code, message: String, expected: String) {
        let failure = TransportFailure(code: code, message: message, host: "news.example")
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
            URLError.Code.unknown, .cannotConnectToHost, .networkConnectionLost, .badServerResponse,
            .secureConnectionFailed, .cannotFindHost, .timedOut, .cancelled, .badURL, .zeroByteResource,
            .notConnectedToInternet, .httpTooManyRedirects, .cannotParseResponse, .dataNotAllowed,
        ] {
            for message in ["", "The operation could not be completed. (NSURLErrorDomain error -1.)"] {
                for hadAnswer in [false, true] {
                    let failure = TransportFailure(code: code, message: message, host: "h", hadAnswer: hadAnswer)
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
