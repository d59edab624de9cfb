import Foundation
import HTTPFetching
import TestSupport
import Testing

/// What made URLSession unusable against untrusted hosts, and what the libcurl client checks itself: a server that
/// closes in the middle of its head (a crash in FoundationNetworking 6.3.1), one that never answers or sends
/// interim heads forever, bodies that end early, and the address guard on the address actually connected to.
@Suite(.serialized, .timeLimit(.minutes(2))) struct CurlFetcherSurvivalTests {
    private func failure(_ behavior: LoopbackHTTPStub.Behavior, timeout: Duration = .seconds(10)) async throws
        -> (FetchError, String)
    {
        let stub = try LoopbackHTTPStub(behavior)
        defer { stub.stop() }
        let url = try #require(stub.url("/page"))
        let error = try await #require(throws: FetchError.self) {
            _ = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: timeout)
        }
        return (error, "127.0.0.1:\(stub.port)")
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n",
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100\r\n",
        "HTTP/1.1 200 OK\r\n",
    ])
    func aServerClosingInTheMiddleOfItsHeadIsAFailureNotACrash(head: String) async throws {
        let (error, host) = try await failure(.respond(Data(head.utf8)))
        #expect(error.description == "\(host) closed the connection in the middle of the answer's head")
    }

    @Test(arguments: ["HTTP/1.1 200 O", "HTTP/1.1 2", "HTTP/1.1 200 OK\r\nContent-Ty"])
    func aServerClosingInsideAHeadLineIsAFailureNotACrash(head: String) async throws {
        let (error, host) = try await failure(.respond(Data(head.utf8)))
        guard case .transport(let sentence) = error else {
            Issue.record("expected a transport failure, got \(error)")
            return
        }
        #expect(sentence.hasPrefix(host))
    }

    @Test func sixHangingServersAllEndAtTheDeadline() async throws {
        let stub = try LoopbackHTTPStub(.hang)
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        let outcomes = await withTaskGroup(of: FetchError?.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    do throws(FetchError) {
                        _ = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .milliseconds(700))
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            var outcomes: [FetchError?] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes == Array(repeating: FetchError.timedOut(after: .milliseconds(700)), count: 6))
    }

    @Test func slowInterimHeadsForeverEndAtTheDeadline() async throws {
        let interim = Data("HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n".utf8)
        let stream = Array(repeating: interim, count: 200).reduce(Data(), +)
        let (error, _) = try await failure(
            .trickle(stream, interval: .milliseconds(2), atOnce: interim.count), timeout: .milliseconds(800))
        #expect(error == .timedOut(after: .milliseconds(800)))
    }

    @Test func fastInterimHeadsForeverAreCutAtLibcurlsHeadLimit() async throws {
        let interim = Data("HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n".utf8)
        let (error, host) = try await failure(.endless(head: interim, chunk: interim), timeout: .seconds(20))
        #expect(error.description == "\(host) sent a head larger than 300 KB")
    }

    @Test func aGzipBodyWithoutItsEndIsTruncated() async throws {
        let text = Data(String(repeating: "an article that stops early. ", count: 400).utf8)
        let gzip = CompressedBodies.compress(text, .gzip)
        let cut = gzip.prefix(gzip.count - 8)
        let answer = LoopbackHTTPStub.response(
            status: 200, body: cut, contentType: "text/html", declaringLength: false,
            headers: ["Content-Encoding: gzip"])
        let (error, host) = try await failure(.respond(answer))
        #expect(error.description == "the gzip body from \(host) is truncated")
    }

    /// Some servers send raw deflate (no zlib header) under `deflate`; browsers read it, and so does newsfeed.
    @Test func aRawDeflateBodyIsDecodedToo() async throws {
        let text = Data(String(repeating: "raw deflate, as some servers send it. ", count: 100).utf8)
        let zlib = CompressedBodies.compress(text, .deflate)
        let raw = zlib.dropFirst(2).dropLast(4)
        let answer = LoopbackHTTPStub.response(
            status: 200, body: Data(raw), contentType: "text/html", headers: ["Content-Encoding: deflate"])
        let stub = try LoopbackHTTPStub(.respond(answer))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        let (body, _) = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .seconds(10))
        #expect(body == text)
    }

    @Test func aBrokenChunkSizeSaysSo() async throws {
        let answer =
            LoopbackHTTPStub.chunkedHead() + LoopbackHTTPStub.chunk(Data("<p>".utf8)) + Data("zz\r\nx\r\n".utf8)
        let (error, host) = try await failure(.respond(answer))
        #expect(error.description == "\(host) sent a broken chunked body")
    }

    @Test func aBodyShorterThanItsContentLengthIsAFailure() async throws {
        let answer = LoopbackHTTPStub.truncated(body: Data(repeating: 65, count: 10), declaredLength: 100)
        let (error, host) = try await failure(.respond(answer))
        #expect(error.description == "the answer from \(host) ended after 10 bytes of 100")
    }

    @Test func aBodyOverTheCapWithoutALengthIsCutAtTheCap() async throws {
        let body = Data(repeating: 66, count: 5000)
        let answer = LoopbackHTTPStub.response(status: 200, body: body, declaringLength: false)
        let stub = try LoopbackHTTPStub(.respond(answer))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        await #expect(throws: FetchError.tooLarge(limit: 4999)) {
            _ = try await CurlFetcher(maximumBytes: 4999).fetch(FetchRequest(url: url), timeout: .seconds(10))
        }
        let (exact, _) = try await CurlFetcher(maximumBytes: 5000).fetch(FetchRequest(url: url), timeout: .seconds(10))
        #expect(exact == body)
    }

    @Test func aChunkedBodyWithTrailerFieldsKeepsItsHeadAndBody() async throws {
        let gzip = CompressedBodies.compress(Data("<p>whole</p>".utf8), .gzip)
        let head = Data(
            ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
                + "Transfer-Encoding: chunked\r\nTrailer: X-Checksum\r\nConnection: close\r\n\r\n").utf8)
        let answer = head + LoopbackHTTPStub.chunk(gzip) + Data("0\r\nX-Checksum: 1234\r\n\r\n".utf8)
        let stub = try LoopbackHTTPStub(.respond(answer))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        let (body, response) = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .seconds(10))
        #expect(body == Data("<p>whole</p>".utf8))
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/html")
    }

    @Test func redirectsAreDeliveredToACallerThatVetsEachHop() async throws {
        let stub = try LoopbackHTTPStub(
            .byTarget { target in
                target == "/final"
                    ? .respond(LoopbackHTTPStub.response(status: 200, body: Data("done".utf8)))
                    : .respond(
                        LoopbackHTTPStub.response(
                            status: 302, body: Data(), contentType: "text/plain", headers: ["Location: /final"]))
            })
        defer { stub.stop() }
        let url = try #require(stub.url("/start"))
        let (_, delivered) = try await CurlFetcher().fetch(
            FetchRequest(url: url), timeout: .seconds(10), redirects: .deliver)
        #expect(delivered.statusCode == 302)
        #expect(delivered.value(forHTTPHeaderField: "Location") == "/final")
        #expect(stub.receivedTargets == ["/start"])
        // The public fetch follows a same-origin redirect itself.
        let (body, followed) = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .seconds(10))
        #expect(followed.statusCode == 200)
        #expect(body == Data("done".utf8))
    }

    @Test func aHeadOnlyExchangeEndsWhenTheHeadArrives() async throws {
        let head = LoopbackHTTPStub.chunkedHead(contentType: "image/jpeg")
        let stub = try LoopbackHTTPStub(.endless(head: head, chunk: LoopbackHTTPStub.chunk(Data(count: 4096))))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        let (body, response) = try await CurlFetcher().fetch(
            FetchRequest(url: url), timeout: .seconds(10), redirects: .deliver, readsBody: false)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
        #expect(body.isEmpty)
    }

    @Test func theConnectGuardRefusesTheAddressActuallyConnectedTo() async throws {
        let stub = try LoopbackHTTPStub(.respond(LoopbackHTTPStub.response(status: 200, body: Data("secret".utf8))))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        let error = try await #require(throws: FetchError.self) {
            _ = try await CurlFetcher().fetch(
                FetchRequest(url: url), timeout: .seconds(10), redirects: .deliver,
                connectGuard: { address in "\(address) is off limits" })
        }
        #expect(error == .blocked("127.0.0.1 is off limits"))
        #expect(stub.receivedHeads.isEmpty)
    }

    /// DNS rebinding: the guard's lookup says a public address, but the name leads to loopback when libcurl
    /// connects; the connection is refused all the same.
    @Test func aNameThatResolvesElsewhereWhenConnectingIsStillBlocked() async throws {
        let stub = try LoopbackHTTPStub(.respond(LoopbackHTTPStub.response(status: 200, body: Data("secret".utf8))))
        defer { stub.stop() }
        var policy = FetchPolicy.pages(site: URL(fileURLWithPath: "/"), allowPrivate: false)
        policy.obeysRobots = false
        policy.hostSpacing = .zero
        let fetcher = GuardedFetcher(policy: policy, resolver: PublicLookingResolver())
        let url = try #require(URL(string: "http://localhost:\(stub.port)/"))
        let error = try await #require(throws: FetchError.self) { try await fetcher.fetch(url) }
        guard case .blocked(let reason) = error else {
            Issue.record("expected blocked, got \(error)")
            return
        }
        #expect(reason.hasPrefix("localhost resolves to "))
        #expect(reason.contains(", which is a loopback address"))
        #expect(stub.receivedHeads.isEmpty)
    }

    private struct PublicLookingResolver: HostResolving {
        func addresses(of host: String) async throws(FetchError) -> [IPAddress] {
            [.v4(0x5db8_d822)]  // 93.184.216.34
        }
    }
}
