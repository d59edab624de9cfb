import FeedWatch
import Foundation
import HTTPFetching
import HTTPServing
import NewsModel
import TestSupport
import Testing

/// Without `--allow-private`, nothing on loopback is ever contacted.
@Suite(.timeLimit(.minutes(1))) struct AddressGuardTests {
    @Test func publicPolicyNeverContactsALoopbackURL() async throws {
        try await withImageHost { stub, base in
            let port = try #require(URL(string: base)?.port)
            let urls = try [
                "\(base)/ok.jpg", "\(base)/missing.jpg", "\(base)/chain/2", "\(base)/hang.jpg",
                "http://localhost:\(port)/ok.jpg", "http://[::1]:\(port)/ok.jpg",
                "http://[::ffff:127.0.0.1]:\(port)/ok.jpg",
                "http://2130706433:\(port)/ok.jpg", "http://127.1:\(port)/ok.jpg", "http://0.0.0.0:\(port)/ok.jpg",
            ].map { try #require(URL(string: $0)) }
            let round = WatchRound(
                settings: WatchSettings(timeout: .milliseconds(500)), policy: PublicAddressPolicy())
            let result = await round.run(urls: urls, previous: [:], now: Date())
            #expect(stub.log.isEmpty)
            for url in urls {
                let outcome = result.outcomes[url.absoluteString]
                guard case .blocked = outcome else {
                    Issue.record("\(url) was \(String(describing: outcome)), not blocked")
                    continue
                }
                #expect(result.records[url.absoluteString]?.status == .blocked)
            }
        }
    }
}

/// A whole round against a loopback image host, with `--allow-private`.
@Suite(.timeLimit(.minutes(1))) struct WatchRoundLoopbackTests {
    @Test func roundRecordsEachKindOfAnswer() async throws {
        try await withImageHost { stub, base in
            let paths = ["/ok.jpg", "/missing.jpg", "/error.jpg", "/page.jpg", "/nohead.jpg", "/chain/1", "/ok.jpg"]
            let urls = try paths.map { try #require(URL(string: base + $0)) }
            let round = WatchRound(
                // Nothing here hangs: a long timeout keeps a starved machine's slow answers from timing out.
                settings: WatchSettings(concurrency: 4, perHost: 2, timeout: .seconds(20)),
                policy: AllowAllAddressPolicy())
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let first = await round.run(urls: urls, previous: [:], now: now)
            #expect(first.outcomes[base + "/ok.jpg"] == .alive)
            #expect(first.records[base + "/ok.jpg"]?.length == ImageHostStub.imageBytes)
            #expect(first.outcomes[base + "/missing.jpg"] == .dead(cause: "HTTP 404", http: 404))
            #expect(first.outcomes[base + "/error.jpg"] == .failing(cause: "HTTP 500", http: 500))
            #expect(first.records[base + "/page.jpg"]?.status == .failing)
            #expect(first.records[base + "/nohead.jpg"]?.length == 5000)
            #expect(first.outcomes[base + "/chain/1"] == .alive)
            #expect(stub.log.filter { $0 == "HEAD /ok.jpg" }.count == 2, "once itself, once at the end of the chain")

            // An hour later: fresh images are not asked again; the failing ones are, and die.
            stub.requests.withLock { $0.removeAll() }
            let second = await round.run(urls: urls, previous: first.records, now: now.addingTimeInterval(3600))
            #expect(second.outcomes[base + "/ok.jpg"] == .recentlyChecked)
            #expect(second.outcomes[base + "/error.jpg"] == .dead(cause: "HTTP 500", http: 500))
            #expect(!stub.log.contains("HEAD /ok.jpg"))
        }
    }
}
