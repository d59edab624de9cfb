import Foundation
import HTTPFetching
import TestSupport
import Testing

/// The server matrix (issue 31): every kind of request newsfeed makes, against a loopback server that misbehaves
/// in each way a server can (``Misbehaviour``). Each gives a ``FetchError`` whose one-line sentence names the
/// server (a deadline or a size cap names its limit instead: the caller records it beside the URL), in about the
/// deadline: never a success, never a crash. The one exception is a `Content-Length` shorter than the bytes sent,
/// whose declared length is the answer.
///
/// Only a generous upper bound on the time is checked (deadline + 5 s): this is a shared two-core machine.
@Suite(.timeLimit(.minutes(3))) struct ServerMatrixTests {
    static let deadline: Duration = .seconds(2)
    /// The deadline of an exchange with `misbehaviour`: 2 s for a server that outlasts any deadline (the point is
    /// that it is cut off), a minute for one whose failure ends the exchange by itself, so that a whole-suite run
    /// on two busy cores (where the fetcher's async steps can wait many seconds for a thread) still sees the
    /// failure's own cause and not the deadline.
    static func deadline(for misbehaviour: Misbehaviour) -> Duration {
        misbehaviour.outlastsTheDeadline ? deadline : .seconds(60)
    }
    static let site = URL(string: "http://news.example/") ?? URL(fileURLWithPath: "/")
    /// Words that would mean Foundation's (or libcurl's) error text reached the user as is.
    static let codeWords = ["URL error", "NSCocoaErrorDomain", "Error Domain=", "NSURLErrorDomain", "error -", "CURLE"]

    /// Every misbehaviour whose right outcome is a failure.
    static let failing = ServerMatrixClient.runnable(Misbehaviour.allCases.filter { !$0.completesTheAnswer })

    /// Checks that `error` is a cause in one sentence naming `server` (or, for a server that outlasts the deadline,
    /// the deadline), and that it came in time.
    static func expectCause(
        _ error: FetchError, from server: MisbehavingServer, after elapsed: Duration, allowing extra: Duration = .zero,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = error.description
        #expect(!text.isEmpty && !text.contains("\n"), "\(text)", sourceLocation: sourceLocation)
        for word in codeWords {
            #expect(!text.contains(word), "\(text)", sourceLocation: sourceLocation)
        }
        switch error {
        case .timedOut(let after):
            #expect(server.misbehaviour.outlastsTheDeadline, "\(text)", sourceLocation: sourceLocation)
            #expect(after == deadline(for: server.misbehaviour), sourceLocation: sourceLocation)
        case .tooLarge, .cancelled:
            Issue.record("\(server.misbehaviour): \(text)", sourceLocation: sourceLocation)
        default:
            #expect(text.contains(server.hostAndPort), "\(text)", sourceLocation: sourceLocation)
        }
        let limit = deadline(for: server.misbehaviour)
        // The server would go on for ever: ending at all proves the deadline, within a busy machine's slack.
        #expect(elapsed < limit + extra + busyMachineSlack, "took \(elapsed)", sourceLocation: sourceLocation)
    }

    static func pagePolicy(
        timeout: Duration = deadline, _ change: (inout FetchPolicy) -> Void = { _ in }
    ) -> FetchPolicy {
        var policy = FetchPolicy.pages(site: site, allowPrivate: true)
        policy.hostSpacing = .zero
        policy.timeout = timeout
        change(&policy)
        return policy
    }

    static func imagePolicy(timeout: Duration = deadline) -> FetchPolicy {
        var policy = FetchPolicy.images(site: site, allowPrivate: true)
        policy.hostSpacing = .zero
        policy.timeout = timeout
        return policy
    }

    // MARK: The plain fetcher (NewsAPI, DuckDuckGo)

    @Test(arguments: failing)
    func thePlainFetcherFailsWithACauseNamingTheServer(_ misbehaviour: Misbehaviour) async throws {
        try await withMisbehavingServer(misbehaviour, contentType: "application/json") { server in
            let request = FetchRequest(url: try #require(server.url("/v2/top-headlines")))
            let start = ContinuousClock.now
            let error = try await #require(throws: FetchError.self) {
                _ = try await ServerMatrixClient.plain().fetch(request, timeout: Self.deadline(for: misbehaviour))
            }
            Self.expectCause(error, from: server, after: ContinuousClock.now - start)
        }
    }

    @Test func thePlainFetcherSucceedsWithTheDeclaredLengthWhenMoreBytesFollow() async throws {
        try await withMisbehavingServer(.contentLengthShorterThanBody, contentType: "application/json") { server in
            let request = FetchRequest(url: try #require(server.url("/v2/top-headlines")))
            let (body, response) = try await ServerMatrixClient.plain().fetch(request, timeout: .seconds(60))
            #expect(response.statusCode == 200)
            #expect(body == server.body)
        }
    }

    // MARK: Pages (full text, extract)

    @Test(arguments: failing)
    func aPageFetchFailsWithACauseNamingTheServer(_ misbehaviour: Misbehaviour) async throws {
        try await withMisbehavingServer(misbehaviour) { server in
            let url = try #require(server.url("/story"))
            let start = ContinuousClock.now
            let error = try await #require(throws: FetchError.self) {
                _ = try await GuardedFetcher(policy: Self.pagePolicy(timeout: Self.deadline(for: misbehaviour))).fetch(
                    url)
            }
            // A server that fails TLS fails for robots.txt too, which is then what the page fetch reports.
            Self.expectCause(
                error, from: server, after: ContinuousClock.now - start, allowing: Self.deadline(for: misbehaviour))
        }
    }

    @Test func aPageFetchSucceedsWithTheDeclaredLengthWhenMoreBytesFollow() async throws {
        try await withMisbehavingServer(.contentLengthShorterThanBody) { server in
            let resource = try await GuardedFetcher(policy: Self.pagePolicy(timeout: .seconds(60)))
                .fetch(try #require(server.url("/story")))
            #expect(resource.status == 200)
            #expect(resource.body == server.body)
        }
    }

    // MARK: Images (the image cache)

    @Test(arguments: failing)
    func anImageFetchFailsWithACauseNamingTheServer(_ misbehaviour: Misbehaviour) async throws {
        try await withMisbehavingServer(misbehaviour, contentType: "image/png") { server in
            let url = try #require(server.url("/photo.png"))
            let start = ContinuousClock.now
            let error = try await #require(throws: FetchError.self) {
                _ = try await GuardedFetcher(policy: Self.imagePolicy(timeout: Self.deadline(for: misbehaviour))).fetch(
                    url)
            }
            Self.expectCause(
                error, from: server, after: ContinuousClock.now - start, allowing: Self.deadline(for: misbehaviour))
        }
    }

    @Test func anImageFetchSucceedsWithTheDeclaredLengthWhenMoreBytesFollow() async throws {
        try await withMisbehavingServer(.contentLengthShorterThanBody, contentType: "image/png") { server in
            let url = try #require(server.url("/photo.png"))
            let resource = try await GuardedFetcher(policy: Self.imagePolicy(timeout: .seconds(60))).fetch(url)
            #expect(resource.status == 200)
            #expect(resource.body == server.body)
        }
    }

    // MARK: robots.txt

    /// A robots.txt that cannot be read disallows the page for now (RFC 9309 §2.3.1.4), and the page's failure
    /// says it was robots.txt, naming the server; the page itself is never asked for.
    @Test(arguments: failing.filter { $0 != .chunkedEndlessChunk })
    func aMisbehavingRobotsTxtFailsThePageFetchWithACauseNamingTheServer(_ misbehaviour: Misbehaviour) async throws {
        try await withMisbehavingServer(misbehaviour, misbehavesAt: { _ in true }) { server in
            let url = try #require(server.url("/story"))
            let start = ContinuousClock.now
            let limit = Self.deadline(for: misbehaviour)
            let error = try await #require(throws: FetchError.self) {
                _ = try await GuardedFetcher(policy: Self.pagePolicy(timeout: limit)).fetch(url)
            }
            let elapsed = ContinuousClock.now - start
            #expect(error.description.contains("robots.txt"), "\(error)")
            #expect(error.description.contains(server.hostAndPort), "\(error)")
            #expect(!error.description.contains("\n"))
            // The server would go on for ever: ending at all proves the deadline, within a busy machine's slack.
            #expect(elapsed < limit * 2 + busyMachineSlack, "took \(elapsed)")
            #expect(!server.receivedTargets.contains("/story"), "\(server.receivedTargets)")
        }
    }

    /// An endless robots.txt is a robots.txt over 512 KiB: read to there and obeyed (RFC 9309 §2.5), so the page is
    /// asked for, and the page (endless too) ends at the deadline. On a machine too slow to send 512 KiB within the
    /// deadline, robots.txt is unreachable (or the page's deadline passes first) and the page is never asked for;
    /// either way one sentence.
    @Test func anEndlessRobotsTxtIsReadToItsFirst512KiBThenThePageIsFetched() async throws {
        try await withMisbehavingServer(.chunkedEndlessChunk, misbehavesAt: { _ in true }) { server in
            let url = try #require(server.url("/story"))
            let start = ContinuousClock.now
            let error = try await #require(throws: FetchError.self) {
                _ = try await GuardedFetcher(policy: Self.pagePolicy()).fetch(url)
            }
            let elapsed = ContinuousClock.now - start
            #expect(!error.description.contains("\n"))
            // The server would go on for ever: ending at all proves the deadline, within a busy machine's slack.
            #expect(elapsed < Self.deadline * 2 + busyMachineSlack, "took \(elapsed)")
            if server.receivedTargets.contains("/story") {
                #expect(error == .timedOut(after: Self.deadline), "\(error)")
            } else {
                // Too slow to read robots.txt within the page's deadline (a busy machine): its failure, or the
                // page's deadline itself, whichever came first; never the page asked.
                #expect(
                    error.description.contains("robots.txt unreachable") || error == .timedOut(after: Self.deadline),
                    "\(error)")
            }
        }
    }

    /// Only robots.txt misbehaves, in the one way whose declared length is a whole answer: the page is fetched.
    @Test func aRobotsTxtLongerThanItsDeclaredLengthIsReadToThatLength() async throws {
        let server = try MisbehavingServer(.contentLengthShorterThanBody, misbehavesAt: { $0 == "/robots.txt" })
        defer { server.stop() }
        let resource = try await GuardedFetcher(policy: Self.pagePolicy(timeout: .seconds(60)))
            .fetch(try #require(server.url("/story")))
        #expect(resource.status == 200)
        #expect(server.receivedTargets.contains("/robots.txt"))
    }
}
