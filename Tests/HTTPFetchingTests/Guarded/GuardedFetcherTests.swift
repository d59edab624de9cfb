import Foundation
import HTTPFetching
import NewsModel
import Synchronization
import TestSupport
import Testing

/// The guarded fetcher against loopback publishers on 127.0.0.x: the address guard on every hop, redirects,
/// robots.txt, per-host and total caps, the deadline, the byte cap and the media-type filter.
@Suite(.serialized, .timeLimit(.minutes(2))) struct GuardedFetcherTests {
    static let site = URL(string: "http://news.example/") ?? URL(fileURLWithPath: "/")
    static let page = LoopbackHTTPStub.response(
        status: 200, body: Data("<html><p>article</p></html>".utf8), contentType: "text/html; charset=utf-8")
    static let noRobots = LoopbackHTTPStub.response(status: 404, body: Data(), contentType: "text/plain")

    /// A publisher: `/robots.txt` answers `robots`, everything else `page`.
    static func publisher(
        robots: Data = noRobots, page: LoopbackHTTPStub.Behavior = .respond(page), address: String = "127.0.0.1"
    ) throws -> LoopbackHTTPStub {
        try LoopbackHTTPStub(.byTarget { $0 == "/robots.txt" ? .respond(robots) : page }, address: address)
    }

    static func redirect(to location: String) -> Data {
        LoopbackHTTPStub.response(
            status: 302, body: Data(), contentType: "text/plain", headers: ["Location: \(location)"])
    }

    static func policy(_ change: (inout FetchPolicy) -> Void = { _ in }) -> FetchPolicy {
        var policy = FetchPolicy.pages(site: site, allowPrivate: true)
        policy.hostSpacing = .zero
        change(&policy)
        return policy
    }

    @Test func fetchesAPageWithItsUserAgentAndAccept() async throws {
        let stub = try Self.publisher()
        defer { stub.stop() }
        let resource = try await GuardedFetcher(policy: Self.policy()).fetch(try #require(stub.url("/story")))
        #expect(resource.status == 200)
        #expect(resource.mediaType == "text/html")
        #expect(resource.charset == "utf-8")
        #expect(String(decoding: resource.body, as: UTF8.self) == "<html><p>article</p></html>")
        let head = try #require(stub.receivedHeads.last { $0.hasPrefix("GET /story") })
        #expect(head.contains("User-Agent: newsfeed/\(NewsFeedVersion.current) (+http://news.example/)\r\n"))
        #expect(head.contains("Accept: text/html,application/xhtml+xml\r\n"))
    }

    @Test func withoutAllowPrivateALoopbackAddressIsNeverContacted() async throws {
        let stub = try Self.publisher()
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy { $0.allowPrivate = false })
        let error = try await #require(throws: FetchError.self) { try await fetcher.fetch(try #require(stub.url("/"))) }
        guard case .blocked(let reason) = error else {
            Issue.record("expected blocked, got \(error)")
            return
        }
        #expect(reason.contains("loopback"))
        #expect(error.description.contains("allowPrivate"))
        #expect(stub.receivedHeads.isEmpty)
    }

    @Test func aRedirectToAPrivateAddressIsRefusedBeforeItIsContacted() async throws {
        let inside = try Self.publisher(address: "127.0.0.2")
        defer { inside.stop() }
        let target = try #require(inside.url("/secret"))
        let outside = try Self.publisher(page: .respond(Self.redirect(to: target.absoluteString)))
        defer { outside.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy(), addressPolicy: LoopbackTwoIsPrivatePolicy())
        let error = try await #require(throws: FetchError.self) {
            try await fetcher.fetch(try #require(outside.url("/story")))
        }
        guard case .blocked(let reason) = error else {
            Issue.record("expected blocked, got \(error)")
            return
        }
        #expect(reason.hasPrefix("redirected to \(target.absoluteString): "))
        #expect(inside.receivedHeads.isEmpty)
    }

    @Test func followsUpToFiveRedirectsAndRefusesTheSixthAndLoops() async throws {
        let stub = try LoopbackHTTPStub(
            .byTarget { target in
                if target == "/robots.txt" { return .respond(Self.noRobots) }
                if target == "/loop" { return .respond(Self.redirect(to: "/loop-back")) }
                if target == "/loop-back" { return .respond(Self.redirect(to: "/loop")) }
                if target.hasPrefix("/hop/"), let n = Int(target.dropFirst(5)), n > 0 {
                    return .respond(Self.redirect(to: "/hop/\(n - 1)"))
                }
                return .respond(Self.page)
            })
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy())
        let five = try await fetcher.fetch(try #require(stub.url("/hop/5")))
        #expect(five.status == 200)
        #expect(five.redirects == 5)
        #expect(five.url.path == "/hop/0")
        await #expect(throws: FetchError.tooManyRedirects(limit: 5)) {
            try await fetcher.fetch(try #require(stub.url("/hop/6")))
        }
        let loop = try await #require(throws: FetchError.self) {
            try await fetcher.fetch(try #require(stub.url("/loop")))
        }
        guard case .redirectLoop = loop else {
            Issue.record("expected a loop, got \(loop)")
            return
        }
    }

    @Test func robotsDisallowIsObeyedAndCachedPerHost() async throws {
        let robots = LoopbackHTTPStub.response(
            status: 200, body: Data("User-agent: newsfeed\nDisallow: /private\n".utf8), contentType: "text/plain")
        let stub = try Self.publisher(robots: robots)
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy())
        await #expect(throws: FetchError.disallowedByRobots(try #require(stub.url("/private/a")).absoluteString)) {
            try await fetcher.fetch(try #require(stub.url("/private/a")))
        }
        #expect(try await fetcher.fetch(try #require(stub.url("/public/b"))).status == 200)
        #expect(try await fetcher.fetch(try #require(stub.url("/public/c"))).status == 200)
        #expect(stub.receivedTargets.filter { $0 == "/robots.txt" }.count == 1, "\(stub.receivedTargets)")
        #expect(!stub.receivedTargets.contains("/private/a"))
    }

    @Test func aRobotsServerErrorDisallowsEverythingAndA404AllowsEverything() async throws {
        let failing = try Self.publisher(robots: LoopbackHTTPStub.response(status: 503, body: Data()))
        defer { failing.stop() }
        await #expect(throws: FetchError.self) {
            try await GuardedFetcher(policy: Self.policy()).fetch(try #require(failing.url("/a")))
        }
        #expect(!failing.receivedTargets.contains("/a"))
        let missing = try Self.publisher()
        defer { missing.stop() }
        #expect(try await GuardedFetcher(policy: Self.policy()).fetch(try #require(missing.url("/a"))).status == 200)
        let ignored = try Self.publisher(robots: LoopbackHTTPStub.response(status: 503, body: Data()))
        defer { ignored.stop() }
        let careless = GuardedFetcher(policy: Self.policy { $0.obeysRobots = false })
        #expect(try await careless.fetch(try #require(ignored.url("/a"))).status == 200)
        #expect(!ignored.receivedTargets.contains("/robots.txt"))
    }

    /// RFC 9309 §2.3.1.4: a 5xx robots.txt disallows for now, says so (not "disallows"), and is asked again a few
    /// minutes later, not a day later: a host that recovers is fetched from.
    @Test func aRobotsServerErrorIsReportedAsUnreachableAndAskedAgainMinutesLater() async throws {
        let recovered = Mutex(false)
        let ok = LoopbackHTTPStub.response(status: 200, body: Data("User-agent: *\nDisallow:\n".utf8))
        let failing = LoopbackHTTPStub.response(status: 503, body: Data())
        let stub = try LoopbackHTTPStub(
            .byTarget { target in
                guard target == "/robots.txt" else { return .respond(Self.page) }
                return .respond(recovered.withLock { $0 } ? ok : failing)
            })
        defer { stub.stop() }
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let fetcher = GuardedFetcher(policy: Self.policy(), clock: clock.reading)
        let url = try #require(stub.url("/story"))
        let host = "127.0.0.1:\(stub.port)"
        let error = try await #require(throws: FetchError.self) { try await fetcher.fetch(url) }
        #expect(error == .robotsUnreachable(host: host, reason: "503 from \(host)"))
        #expect(error.description == "robots.txt unreachable: 503 from \(host)")
        // Within the run the verdict is kept: the failing server is not asked for each page.
        await #expect(throws: FetchError.robotsUnreachable(host: host, reason: "503 from \(host)")) {
            try await fetcher.fetch(url)
        }
        #expect(stub.receivedTargets == ["/robots.txt"])
        recovered.withLock { $0 = true }
        clock.advance(by: RobotsCache.unreachableLifetime + 1)
        #expect(try await fetcher.fetch(url).status == 200)
        #expect(stub.receivedTargets == ["/robots.txt", "/robots.txt", "/story"])
    }

    @Test func aRobotsTxtThatCannotBeReachedIsUnreachableWithItsCause() async throws {
        let stub = try LoopbackHTTPStub(.byTarget { $0 == "/robots.txt" ? .reset : .respond(Self.page) })
        defer { stub.stop() }
        let error = try await #require(throws: FetchError.self) {
            try await GuardedFetcher(policy: Self.policy()).fetch(try #require(stub.url("/story")))
        }
        guard case .robotsUnreachable(let host, let reason) = error else {
            Issue.record("expected robots.txt unreachable, got \(error)")
            return
        }
        #expect(host == "127.0.0.1:\(stub.port)")
        #expect(reason.contains(host), "\(reason)")
        #expect(error.description.hasPrefix("robots.txt unreachable: "))
        #expect(!stub.receivedTargets.contains("/story"))
    }

    /// RFC 9309 §2.5: crawlers parse at least 500 KiB. A longer file is read to 512 KiB and its rules obeyed,
    /// whether it announces its length or streams without end.
    @Test func aRobotsTxtOver512KiBIsReadToThereAndObeyed() async throws {
        let rules = "User-agent: newsfeed\nDisallow: /private\n"
        let padding = String(repeating: "# a very long robots.txt\n", count: 30_000)
        let long = LoopbackHTTPStub.response(
            status: 200, body: Data((rules + padding + "Disallow: /late\n").utf8), contentType: "text/plain")
        let stub = try Self.publisher(robots: long)
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy())
        #expect(try await fetcher.fetch(try #require(stub.url("/public"))).status == 200)
        await #expect(throws: FetchError.disallowedByRobots(try #require(stub.url("/private/a")).absoluteString)) {
            try await fetcher.fetch(try #require(stub.url("/private/a")))
        }
        // Past the first 512 KiB: not read.
        #expect(try await fetcher.fetch(try #require(stub.url("/late"))).status == 200)

        let endless = try LoopbackHTTPStub(
            .byTarget { target in
                guard target == "/robots.txt" else { return .respond(Self.page) }
                return .endless(
                    head: LoopbackHTTPStub.chunkedHead(contentType: "text/plain")
                        + LoopbackHTTPStub.chunk(Data(rules.utf8)),
                    chunk: LoopbackHTTPStub.chunk(Data(String(repeating: "# more\n", count: 1000).utf8)))
            })
        defer { endless.stop() }
        let streaming = GuardedFetcher(policy: Self.policy())
        #expect(try await streaming.fetch(try #require(endless.url("/public"))).status == 200)
        await #expect(throws: FetchError.disallowedByRobots(try #require(endless.url("/private/b")).absoluteString)) {
            try await streaming.fetch(try #require(endless.url("/private/b")))
        }
    }

    @Test func aHostNamedInDecimalIsRefusedInASentence() async throws {
        let fetcher = GuardedFetcher(policy: Self.policy { $0.allowPrivate = false })
        let error = try await #require(throws: FetchError.self) {
            try await fetcher.fetch(try #require(URL(string: "http://2130706433/story")))
        }
        #expect(
            error.description
                == "blocked: 2130706433 resolves to 127.0.0.1, which is a loopback address (127.0.0.0/8); "
                + "\"allowPrivate\": true in the config allows it")
    }

    @Test func neverMoreThanPerHostRequestsToOneHost() async throws {
        let stub = try Self.publisher(page: .respond(Self.page, delay: .milliseconds(200)))
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy { $0.perHost = 2 })
        let urls = try (0..<6).map { try #require(stub.url("/story/\($0)")) }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for url in urls { group.addTask { try await fetcher.fetch(url).status } }
            for try await status in group { #expect(status == 200) }
        }
        #expect(stub.mostAtOnce <= 2)
    }

    @Test func requestsToOneHostAreSpaced() async throws {
        let stub = try Self.publisher()
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy { $0.hostSpacing = .milliseconds(300) })
        let started = ContinuousClock.now
        for index in 0..<3 { _ = try await fetcher.fetch(try #require(stub.url("/s/\(index)"))) }
        // Four requests (robots.txt and three pages), each at least 300 ms after the one before.
        #expect(ContinuousClock.now - started >= .milliseconds(900))
    }

    @Test func theDeadlineCoversATricklingServer() async throws {
        let body = Data(repeating: 65, count: 200)
        let answer = LoopbackHTTPStub.response(status: 200, body: body, contentType: "text/html")
        let stub = try Self.publisher(
            page: .trickle(answer, interval: .milliseconds(500), atOnce: answer.count - body.count))
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy { $0.timeout = .seconds(2) })
        await #expect(throws: FetchError.timedOut(after: .seconds(2))) {
            try await fetcher.fetch(try #require(stub.url("/slow")))
        }
    }

    @Test func theByteCapHoldsForADecodedBomb() async throws {
        let bomb = CompressedBodies.zeroBomb(mebibytes: 32, .gzip)
        let answer = LoopbackHTTPStub.response(
            status: 200, body: bomb, contentType: "text/html", headers: ["Content-Encoding: gzip"])
        let stub = try Self.publisher(page: .respond(answer))
        defer { stub.stop() }
        let fetcher = GuardedFetcher(policy: Self.policy { $0.maximumBytes = 1 << 20 })
        await #expect(throws: FetchError.tooLarge(limit: 1 << 20)) {
            try await fetcher.fetch(try #require(stub.url("/bomb")))
        }
    }

    @Test func anUnwantedMediaTypeIsRefusedFromItsHead() async throws {
        let image = LoopbackHTTPStub.response(status: 200, body: Data(count: 4096), contentType: "image/png")
        let stub = try Self.publisher(page: .respond(image))
        defer { stub.stop() }
        let url = try #require(stub.url("/picture"))
        await #expect(throws: FetchError.unwantedMediaType("image/png", url: url.absoluteString)) {
            try await GuardedFetcher(policy: Self.policy()).fetch(url)
        }
        var images = FetchPolicy.images(site: Self.site, allowPrivate: true)
        images.hostSpacing = .zero
        #expect(try await GuardedFetcher(policy: images).fetch(url).body.count == 4096)
    }
}
