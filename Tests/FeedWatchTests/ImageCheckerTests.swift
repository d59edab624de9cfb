import FeedOutput
import FeedWatch
import Foundation
import HTTPFetching
import HTTPServing
import NewsModel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// ``ImageChecker`` against a loopback image host.
///
/// Serialized: the endless-body test makes libcurl read at loopback speed until its cancel lands, which on a busy
/// two-core machine would starve the timing of tests running beside it.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ImageCheckerTests {
    /// Generous for answers that come (a busy two-core machine can be slow); only the timeout tests wait it out.
    private func checker(_ policy: any AddressPolicy = AllowAllAddressPolicy(), timeout: WatchDuration = .seconds(20))
        -> ImageChecker
    {
        ImageChecker(settings: WatchSettings(timeout: timeout), policy: policy)
    }

    /// Checks `text`; an unparsable test URL shows up as a failure naming it.
    private func check(
        _ text: String, previous: ImageRecord? = nil, policy: any AddressPolicy = AllowAllAddressPolicy(),
        timeout: WatchDuration = .seconds(20)
    ) async -> ImageCheckResult {
        guard let url = URL(string: text) else {
            return .failed(cause: "bad test URL \(text)", permanent: false, http: nil)
        }
        return await checker(policy, timeout: timeout).check(url, previous: previous)
    }

    @Test func imageAnswersAliveWithRealLengthTypeAndValidatorsFromHeadAlone() async throws {
        try await withImageHost { stub, base in
            let result = await check(base + "/ok.jpg")
            #expect(
                result
                    == .alive(
                        length: ImageHostStub.imageBytes, mimeType: "image/jpeg", etag: "\"v1\"",
                        lastModified: "Mon, 01 Jan 2024 00:00:00 GMT"))
            #expect(stub.log == ["HEAD /ok.jpg"])
            let request = try #require(stub.requests.withLock { $0.first })
            #expect(request.headers["User-Agent"] == NewsFeedVersion.userAgent)
            #expect(request.headers["If-None-Match"] == nil)
        }
    }

    @Test func revalidationSendsTheValidatorsAnd304IsNotModified() async throws {
        try await withImageHost { stub, base in
            let known = ImageRecord(
                status: .alive, length: 2048, mimeType: "image/jpeg", etag: "\"v1\"",
                lastModified: "Mon, 01 Jan 2024 00:00:00 GMT")
            #expect(await check(base + "/ok.jpg", previous: known) == .notModified)
            let request = try #require(stub.requests.withLock { $0.first })
            #expect(request.headers["If-None-Match"] == "\"v1\"")
            #expect(request.headers["If-Modified-Since"] == "Mon, 01 Jan 2024 00:00:00 GMT")
        }
    }

    @Test func notFoundAndGoneArePermanentFailures() async throws {
        try await withImageHost { _, base in
            #expect(await check(base + "/missing.jpg") == .failed(cause: "HTTP 404", permanent: true, http: 404))
            #expect(await check(base + "/gone.jpg") == .failed(cause: "HTTP 410", permanent: true, http: 410))
        }
    }

    @Test func serverErrorIsATemporaryFailure() async throws {
        try await withImageHost { _, base in
            #expect(await check(base + "/error.jpg") == .failed(cause: "HTTP 500", permanent: false, http: 500))
        }
    }

    @Test func htmlAnswerIsAFailureNamingTheType() async throws {
        try await withImageHost { _, base in
            #expect(
                await check(base + "/page.jpg")
                    == .failed(
                        cause: "answered text/html, not an image (hotlink blocked?)", permanent: false, http: 200))
        }
    }

    @Test(arguments: ["/hang.jpg", "/sleepy.jpg"])
    func silentHostCostsOneTimeout(path: String) async throws {
        try await withImageHost { _, base in
            let started = ContinuousClock.now
            let result = await check(base + path, timeout: .milliseconds(500))
            let elapsed = ContinuousClock.now - started
            #expect(result == .failed(cause: "timed out after 500ms", permanent: false, http: nil))
            #expect(elapsed >= .milliseconds(450))
            // The result says the timeout fired; this only bounds the hang, loosely (shared cores).
            #expect(elapsed < busyMachineSlack)
        }
    }

    @Test func refusedHeadFallsBackToARangedGet() async throws {
        try await withImageHost { stub, base in
            let result = await check(base + "/nohead.jpg")
            #expect(
                result
                    == .alive(
                        length: 5000, mimeType: "image/jpeg", etag: "\"v1\"",
                        lastModified: "Mon, 01 Jan 2024 00:00:00 GMT"))
            #expect(stub.log == ["HEAD /nohead.jpg", "GET /nohead.jpg"])
            #expect(stub.requests.withLock { $0.last?.headers["Range"] } == "bytes=0-0")
        }
    }

    @Test func hugeBodyIsNotDownloaded() async throws {
        try await withImageHost { stub, base in
            let result = await check(base + "/huge.jpg")
            #expect(
                result
                    == .alive(
                        length: ImageHostStub.hugeBytes, mimeType: "image/jpeg", etag: "\"v1\"",
                        lastModified: "Mon, 01 Jan 2024 00:00:00 GMT"))
            // The server logs the GET once its write fails because the checker hung up. Over loopback libcurl
            // reads fast until the cancel lands, so a share is read, but nowhere near the terabyte.
            var sent: Int?
            for _ in 0..<1000 where sent == nil {
                sent = stub.served.withLock { $0.first { $0.method == "GET" }?.bytesSent }
                if sent == nil { try await Task.sleep(for: .milliseconds(20)) }
            }
            let bytesSent = try #require(sent, "the checker never hung up on the endless body")
            #expect(bytesSent < ImageHostStub.hugeBytes / 100)
        }
    }

    @Test func connectionResetIsAFailureThatSaysSo() async throws {
        try await withImageHost { _, base in
            let result = await check(base + "/reset.jpg")
            guard case .failed(let cause, let permanent, _) = result else {
                Issue.record("expected a failure, got \(result)")
                return
            }
            #expect(!permanent)
            #expect(cause.contains("reset") || cause.contains("closed"), "\(cause)")
        }
    }

    @Test func closedPortIsConnectionRefused() async throws {
        // A port bound without listening, held for the check: refused, and no other test can take it meanwhile
        // (a port freed by a stopped host could be).
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        #expect(
            await check("http://127.0.0.1:\(port)/ok.jpg")
                == .failed(cause: "connection refused", permanent: false, http: nil))
    }

    @Test func redirectToAnImageIsFollowed() async throws {
        try await withImageHost { stub, base in
            let result = await check(base + "/chain/0")
            guard case .alive(let length, _, _, _) = result else {
                Issue.record("expected alive, got \(result)")
                return
            }
            #expect(length == ImageHostStub.imageBytes)
            #expect(stub.log == ["HEAD /chain/0", "HEAD /ok.jpg"])
        }
    }

    @Test func redirectToNotFoundIsDeadAndNamesTheHop() async throws {
        try await withImageHost { _, base in
            #expect(
                await check(base + "/moved-missing")
                    == .failed(cause: "HTTP 404 at \(base)/missing.jpg", permanent: true, http: 404))
        }
    }

    @Test func redirectLoopFails() async throws {
        try await withImageHost { stub, base in
            #expect(
                await check(base + "/loop/a")
                    == .failed(cause: "redirect loop back to \(base)/loop/a", permanent: false, http: 302))
            #expect(stub.log == ["HEAD /loop/a", "HEAD /loop/b"])
        }
    }

    @Test func fiveRedirectsAreFollowedButSixAreTooMany() async throws {
        try await withImageHost { stub, base in
            // /chain/4 → 3 → 2 → 1 → 0 → /ok.jpg: five redirects.
            let five = await check(base + "/chain/4")
            guard case .alive = five else {
                Issue.record("five redirects were not followed: \(five)")
                return
            }
            stub.requests.withLock { $0.removeAll() }
            #expect(
                await check(base + "/chain/5") == .failed(cause: "more than 5 redirects", permanent: false, http: 307))
            #expect(stub.log.count == 6)
            #expect(!stub.log.contains("HEAD /ok.jpg"))
        }
    }

    @Test func redirectIntoAPrivateAddressIsBlockedBeforeContact() async throws {
        try await withImageHost(host: "127.0.0.2") { privateStub, privateBase in
            try await withImageHost { publicStub, base in
                let target = privateBase + "/ok.jpg"
                let result = await check(base + "/to?" + target, policy: LoopbackTwoIsPrivatePolicy())
                #expect(
                    result
                        == .blocked(
                            reason:
                                "redirected to \(target): 127.0.0.2 is private (test policy); \(ImageChecker.allowPrivateHint)"
                        ))
                #expect(publicStub.log == ["HEAD /to?\(target)"])
                #expect(privateStub.log.isEmpty)
                // The same target checked directly is blocked too, and still never contacted.
                #expect(
                    await check(target, policy: LoopbackTwoIsPrivatePolicy())
                        == .blocked(reason: "127.0.0.2 is private (test policy); \(ImageChecker.allowPrivateHint)"))
                #expect(privateStub.log.isEmpty)
            }
        }
    }

    /// DNS rebinding: the guard's own lookup says a public address, but libcurl's lookup when it connects leads to
    /// loopback; the connection is refused before any byte is sent.
    @Test func aNameLeadingElsewhereWhenConnectingIsStillBlocked() async throws {
        try await withImageHost { stub, base in
            let port = try #require(URL(string: base)?.port)
            let checker = ImageChecker(
                settings: WatchSettings(timeout: .seconds(20)), policy: PublicAddressPolicy(),
                resolver: PublicLookingResolver())
            let result = await checker.check(
                try #require(URL(string: "http://localhost:\(port)/ok.jpg")), previous: nil)
            guard case .blocked(let reason) = result else {
                Issue.record("expected blocked, got \(result)")
                return
            }
            #expect(reason.hasPrefix("localhost resolves to "))
            #expect(reason.contains(", which is a loopback address"))
            #expect(reason.hasSuffix(ImageChecker.allowPrivateHint))
            #expect(stub.log.isEmpty)
        }
    }

    private struct PublicLookingResolver: HostResolving {
        func addresses(of host: String) async throws(FetchError) -> [IPAddress] {
            [.v4(0x5db8_d822)]  // 93.184.216.34
        }
    }

    @Test func onlyHTTPAndHTTPSAreChecked() async throws {
        #expect(
            await check("ftp://127.0.0.1/x.jpg") == .blocked(reason: "ftp: only http and https are checked"))
        try await withImageHost { stub, base in
            #expect(
                await check(base + "/to?file:///etc/passwd")
                    == .blocked(reason: "redirected to file:///etc/passwd: file: only http and https are checked"))
            #expect(stub.log.count == 1)
        }
    }

    @Test func cancelledCheckIsSkipped() async throws {
        try await withImageHost { _, base in
            // A timeout no busy machine reaches before the cancel, so the check ends by the cancel, not the timeout.
            let checker = checker(timeout: .seconds(60))
            let url = try #require(URL(string: base + "/hang.jpg"))
            let task = Task { await checker.check(url, previous: nil) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            #expect(await task.value == .skipped)
        }
    }
}
