import Foundation
import HTTPFetching
import NewsModel
import TestSupport
import Testing
import Upstreams

/// A merged feed's sources read through the single-feed source from a loopback feed host (issue 27, point 12).
@Suite struct MergedFeedSourceTests {
    let now = Date(timeIntervalSince1970: 1_714_651_200)

    static func rss(_ site: String, _ items: [(String, String)]) -> String {
        let body = items.map { title, date in
            "<item><title>\(title)</title><link>https://\(site)/\(title.lowercased())</link><pubDate>\(date)</pubDate></item>"
        }.joined()
        return
            #"<rss version="2.0"><channel><title>\#(site)</title><link>https://\#(site)/</link>\#(body)</channel></rss>"#
    }

    var source: FeedSources {
        FeedSources(
            headlines: MissingKeySourceForTests(), search: MissingKeySourceForTests(),
            duckDuckGo: MissingKeySourceForTests(),
            feeds: PublisherFeedSource(
                fetcher: GuardedFetcher(
                    policy: PublisherFeedSource.policy(
                        site: NewsFeedConfig.defaultSite, allowPrivate: true, maxFeedBytes: .megabytes(1)
                    ).withBusyMachineTimeout())))
    }

    func spec(_ base: String, _ paths: [String]) -> FeedSpec {
        FeedSpec(kind: .mergedFeed(urls: paths.map { URL(string: base + $0) ?? URL(filePath: "/") }), name: "merged")
    }

    @Test func theSourcesAreMergedNewestFirst() async throws {
        let host = FeedHostStub([
            "/a.xml": .init(
                Self.rss(
                    "a.example",
                    [("Alpha", "Thu, 02 May 2024 09:00:00 GMT"), ("Gamma", "Thu, 02 May 2024 07:00:00 GMT")])),
            "/b.xml": .init(Self.rss("b.example", [("Beta", "Thu, 02 May 2024 08:00:00 GMT")])),
        ])
        try await withLoopbackHost(host) { base in
            let answer = try await source.answer(
                for: spec(base, ["/a.xml", "/b.xml"]), request: StoryRequest(now: now))
            #expect(answer.stories.map(\.title) == ["Alpha", "Beta", "Gamma"])
            #expect(answer.problems == [])
        }
    }

    @Test func aFailingSourceIsNamedAndTheOthersStillMakeTheFeed() async throws {
        let host = FeedHostStub(["/a.xml": .init(Self.rss("a.example", [("Alpha", "Thu, 02 May 2024 09:00:00 GMT")]))])
        try await withLoopbackHost(host) { base in
            let answer = try await source.answer(
                for: spec(base, ["/a.xml", "/missing.xml"]), request: StoryRequest(now: now))
            #expect(answer.stories.map(\.title) == ["Alpha"])
            #expect(answer.problems.count == 1)
            #expect(answer.problems == ["HTTP 404 from \(base)/missing.xml"])
        }
    }

    @Test func aCauseThatDoesNotNameItsSourceHasTheSourceInFront() async throws {
        let host = FeedHostStub([
            "/a.xml": .init(Self.rss("a.example", [("Alpha", "Thu, 02 May 2024 09:00:00 GMT")])),
            "/page.html": .init(contentType: "text/html", "<!DOCTYPE html><html><body>Home</body></html>"),
        ])
        try await withLoopbackHost(host) { base in
            let answer = try await source.answer(
                for: spec(base, ["/a.xml", "/page.html"]), request: StoryRequest(now: now))
            #expect(answer.problems.count == 1)
            #expect(answer.problems.first?.hasPrefix("\(base)/page.html: not a feed: an HTML page") == true)
        }
    }

    @Test func everySourceFailingFailsTheFeedNamingEach() async throws {
        try await withLoopbackHost(FeedHostStub([:])) { base in
            do {
                _ = try await source.answer(for: spec(base, ["/a.xml", "/b.xml"]), request: StoryRequest(now: now))
                Issue.record("no failure")
            } catch let error as SourceError {
                #expect(
                    error.message
                        == "every source of feed/merged failed: HTTP 404 from \(base)/a.xml; HTTP 404 from \(base)/b.xml"
                )
                #expect(!error.message.contains("\n"))
            }
        }
    }
}

/// Any other kind is not asked here.
struct MissingKeySourceForTests: StorySource {
    func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        throw SourceError(upstream: .newsAPI, message: "not in this test")
    }
}
