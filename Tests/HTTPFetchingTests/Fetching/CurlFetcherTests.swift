import Foundation
import HTTPFetching
import NewsModel
import TestSupport
import Testing

/// The real fetcher against a loopback stub; serialized to spare the two shared cores.
@Suite(.serialized) struct CurlFetcherTests {
    @Test func fetchesBodyAndStatusAndSendsItsUserAgent() async throws {
        let body = Data(#"{"status":"ok","articles":[]}"#.utf8)
        let stub = try LoopbackHTTPStub(.respond(LoopbackHTTPStub.response(status: 200, body: body)))
        defer { stub.stop() }
        let url = try #require(stub.baseURL?.appending(path: "v2/top-headlines"))
        let (data, response) = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .seconds(5))
        #expect(data == body)
        #expect(response.statusCode == 200)
        let head = try #require(stub.receivedHeads.first)
        #expect(head.contains("User-Agent: \(NewsFeedVersion.userAgent)\r\n"))
    }

    @Test func keepsItsOwnSubSecondDeadline() async throws {
        let stub = try LoopbackHTTPStub(.hang)
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        let clock = ContinuousClock()
        let started = clock.now
        await #expect(throws: FetchError.timedOut(after: .milliseconds(300))) {
            _ = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .milliseconds(300))
        }
        let elapsed = clock.now - started
        #expect(elapsed >= .milliseconds(250))
        // Only bounds the hang (the stub never answers); a tighter bound would time the machine.
        #expect(elapsed < busyMachineSlack)
    }

    @Test func theDeadlineCoversASlowAnswer() async throws {
        let answer = LoopbackHTTPStub.response(status: 200, body: Data("{}".utf8))
        let stub = try LoopbackHTTPStub(.respond(answer, delay: .seconds(20)))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        await #expect(throws: FetchError.timedOut(after: .milliseconds(500))) {
            _ = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .milliseconds(500))
        }
    }

    @Test(arguments: [true, false])
    func refusesABodyOverTheCap(declaringLength: Bool) async throws {
        let body = Data(repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let answer = LoopbackHTTPStub.response(status: 200, body: body, declaringLength: declaringLength)
        let stub = try LoopbackHTTPStub(.respond(answer))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        await #expect(throws: FetchError.tooLarge(limit: 1024)) {
            _ = try await CurlFetcher(maximumBytes: 1024).fetch(FetchRequest(url: url), timeout: .seconds(5))
        }
    }

    @Test func aRefusedConnectionIsATransportFailureNamingTheServer() async throws {
        let stub = try LoopbackHTTPStub(.hang)
        let url = try #require(stub.baseURL)
        stub.stop()
        let error = try await #require(throws: FetchError.self) {
            _ = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .seconds(5))
        }
        guard case .transport(let detail) = error else {
            Issue.record("expected a transport failure, got \(error)")
            return
        }
        #expect(detail.contains("127.0.0.1"))
    }

    @Test func errorStatusesAreAnswersNotFailures() async throws {
        let body = Data(#"{"status":"error","code":"rateLimited","message":"Slow down."}"#.utf8)
        let stub = try LoopbackHTTPStub(.respond(LoopbackHTTPStub.response(status: 429, body: body)))
        defer { stub.stop() }
        let url = try #require(stub.baseURL)
        let (data, response) = try await CurlFetcher().fetch(FetchRequest(url: url), timeout: .seconds(5))
        #expect(response.statusCode == 429)
        #expect(data == body)
    }
}
