import Foundation
import HTTPFetching
import NewsModel
import TestSupport
import Testing
import Upstreams

/// The `feed` kind's source against a loopback feed host, through the guarded fetcher.
@Suite struct PublisherFeedSourceTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func source(maxFeedBytes: ByteSize = .megabytes(16), allowPrivate: Bool = true) -> PublisherFeedSource {
        PublisherFeedSource(
            fetcher: GuardedFetcher(
                policy: PublisherFeedSource.policy(
                    site: NewsFeedConfig.defaultSite, allowPrivate: allowPrivate,
                    maxFeedBytes: maxFeedBytes
                ).withBusyMachineTimeout()))
    }

    func stories(_ source: PublisherFeedSource, _ url: String) async throws(SourceError) -> [Story] {
        let address = URL(string: url) ?? URL(filePath: "/")
        return try await source.stories(for: FeedSpec(kind: .feed(url: address)), request: StoryRequest(now: now))
    }

    @Test func readsAFeedFromItsHost() async throws {
        let host = FeedHostStub(["/rss.xml": .init(FeedFixtures.rss20WithPodcastAndMedia)])
        try await withLoopbackHost(host) { base in
            let stories = try await stories(source(), "\(base)/rss.xml")
            #expect(stories.count == 4)
            // The relative `<link>` resolves against the feed's own URL.
            #expect(stories.first?.url.absoluteString == "\(base)/news/ferry")
            #expect(host.paths == ["/rss.xml"])
        }
    }

    @Test func aNotFoundIsAFailureWithItsStatus() async throws {
        try await withLoopbackHost(FeedHostStub([:])) { base in
            await #expect(throws: SourceError.self) { try await stories(source(), "\(base)/gone.xml") }
            do {
                _ = try await stories(source(), "\(base)/gone.xml")
            } catch let error as SourceError {
                #expect(error.upstream == .feed)
                #expect(error.message == "HTTP 404 from \(base)/gone.xml")
            }
        }
    }

    @Test func aBodyOneByteOverTheCapIsRefused() async throws {
        let cap = 1024
        let feed = Data(FeedFixtures.rss090.utf8)
        var body = feed
        body.append(Data(repeating: 0x20, count: cap + 1 - feed.count))
        #expect(body.count == cap + 1)
        let host = FeedHostStub(["/big.xml": .init(body: body), "/fits.xml": .init(body: body.dropLast())])
        try await withLoopbackHost(host) { base in
            let small = source(maxFeedBytes: ByteSize(bytes: cap))
            #expect(try await stories(small, "\(base)/fits.xml").count == 1)
            do {
                _ = try await stories(small, "\(base)/big.xml")
                Issue.record("a body over the cap was read")
            } catch let error as SourceError {
                #expect(
                    error.message.contains("1024") || error.message.contains("1 KB") || error.message.contains("KB"))
            }
        }
    }

    @Test func anHTMLPageSaysWhichFeedItLinks() async throws {
        let host = FeedHostStub([
            "/": .init(contentType: "text/html; charset=utf-8", FeedFixtures.htmlPageWithFeedLink)
        ])
        try await withLoopbackHost(host) { base in
            do {
                _ = try await stories(source(), "\(base)/")
                Issue.record("an HTML page was read as a feed")
            } catch let error as SourceError {
                #expect(error.message == "not a feed: an HTML page; it links the feed \(base)/rss.xml")
            }
        }
    }

    @Test func redirectsAreFollowedUpToFiveAndALoopFails() async throws {
        var answers: [String: FeedHostStub.Answer] = ["/feed.xml": .init(FeedFixtures.rss090)]
        for hop in 1...6 { answers["/hop\(hop)"] = .redirect(to: hop == 6 ? "/feed.xml" : "/hop\(hop + 1)") }
        answers["/loop-a"] = .redirect(302, to: "/loop-b")
        answers["/loop-b"] = .redirect(307, to: "/loop-a")
        let host = FeedHostStub(answers)
        try await withLoopbackHost(host) { base in
            #expect(try await stories(source(), "\(base)/hop2").count == 1, "five redirects are followed")
            do {
                _ = try await stories(source(), "\(base)/hop1")
                Issue.record("six redirects were followed")
            } catch let error as SourceError {
                #expect(error.message.contains("redirect"), "\(error.message)")
            }
            do {
                _ = try await stories(source(), "\(base)/loop-a")
                Issue.record("a redirect loop was followed")
            } catch let error as SourceError {
                #expect(error.message.contains("loop"), "\(error.message)")
            }
        }
    }

    @Test func loopbackIsRefusedWithoutAllowPrivate() async throws {
        try await withLoopbackHost(FeedHostStub(["/rss.xml": .init(FeedFixtures.rss090)])) { base in
            await #expect(throws: SourceError.self) {
                try await stories(source(allowPrivate: false), "\(base)/rss.xml")
            }
        }
    }
}
