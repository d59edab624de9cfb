import Foundation
import HTTPFetching
import NewsModel
import TestSupport
import Testing
import Upstreams

/// Conditional GET for feed sources (issue 27, point 5): the last answer's `ETag` and `Last-Modified` go with the
/// next poll, and a `304 Not Modified` gives the same stories from the kept answer.
@Suite struct ConditionalGetTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func source(_ cache: FeedAnswerCache?) -> PublisherFeedSource {
        PublisherFeedSource(
            fetcher: GuardedFetcher(
                policy: PublisherFeedSource.policy(
                    site: NewsFeedConfig.defaultSite, allowPrivate: true, maxFeedBytes: .megabytes(16)
                ).withBusyMachineTimeout()),
            answers: cache)
    }

    func stories(_ source: PublisherFeedSource, _ url: String) async throws -> [Story] {
        let address = try #require(URL(string: url))
        return try await source.stories(for: FeedSpec(kind: .feed(url: address)), request: StoryRequest(now: now))
    }

    static func answer(etag: String? = nil, lastModified: String? = nil) -> FeedHostStub.Answer {
        var answer = FeedHostStub.Answer(FeedFixtures.rss20WithPodcastAndMedia)
        answer.etag = etag
        answer.lastModified = lastModified
        return answer
    }

    @Test func theETagGoesWithTheNextPollAndA304GivesTheSameStories() async throws {
        let folder = TemporaryFolder()
        let host = FeedHostStub(["/rss.xml": Self.answer(etag: "\"v1\"")])
        try await withLoopbackHost(host) { base in
            let source = source(FeedAnswerCache(folder: folder.url))
            let first = try await stories(source, "\(base)/rss.xml")
            let second = try await stories(source, "\(base)/rss.xml")
            #expect(host.conditionalHeaders == ["", "If-None-Match: \"v1\""])
            #expect(second == first)
            #expect(second.count == 4)
        }
    }

    @Test func lastModifiedAloneIsSentAsIfModifiedSince() async throws {
        let folder = TemporaryFolder()
        let stamp = "Wed, 02 Dec 2026 10:00:00 GMT"
        let host = FeedHostStub(["/rss.xml": Self.answer(lastModified: stamp)])
        try await withLoopbackHost(host) { base in
            let source = source(FeedAnswerCache(folder: folder.url))
            _ = try await stories(source, "\(base)/rss.xml")
            let again = try await stories(source, "\(base)/rss.xml")
            #expect(host.conditionalHeaders == ["", "If-Modified-Since: \(stamp)"])
            #expect(again.count == 4)
        }
    }

    @Test func aChangedFeedIsReadAndItsNewValidatorKept() async throws {
        let folder = TemporaryFolder()
        let host = FeedHostStub(["/rss.xml": Self.answer(etag: "\"v1\"")])
        try await withLoopbackHost(host) { base in
            let source = source(FeedAnswerCache(folder: folder.url))
            _ = try await stories(source, "\(base)/rss.xml")
            var changed = FeedHostStub.Answer(
                """
                <rss version="2.0"><channel><title>T</title><link>https://t.example/</link><description>d</description>
                <item><title>Only one now</title><link>https://t.example/one</link></item></channel></rss>
                """)
            changed.etag = "\"v2\""
            host.set("/rss.xml", changed)
            let second = try await stories(source, "\(base)/rss.xml")
            #expect(second.map(\.title) == ["Only one now"])
            let third = try await stories(source, "\(base)/rss.xml")
            #expect(third.map(\.title) == ["Only one now"])
            #expect(host.conditionalHeaders == ["", "If-None-Match: \"v1\"", "If-None-Match: \"v2\""])
        }
    }

    @Test func anAnswerWithoutValidatorsIsNotKeptAndTheNextPollIsPlain() async throws {
        let folder = TemporaryFolder()
        let host = FeedHostStub(["/rss.xml": Self.answer()])
        try await withLoopbackHost(host) { base in
            let source = source(FeedAnswerCache(folder: folder.url))
            _ = try await stories(source, "\(base)/rss.xml")
            _ = try await stories(source, "\(base)/rss.xml")
            #expect(host.conditionalHeaders == ["", ""])
            #expect(folder.allFiles().isEmpty)
        }
    }

    @Test func aKeptAnswerWhoseBodyIsGoneIsNoAnswer() async throws {
        let folder = TemporaryFolder()
        let host = FeedHostStub(["/rss.xml": Self.answer(etag: "\"v1\"")])
        try await withLoopbackHost(host) { base in
            let source = source(FeedAnswerCache(folder: folder.url))
            _ = try await stories(source, "\(base)/rss.xml")
            for file in folder.allFiles() where file.hasSuffix(".body") {
                try FileManager.default.removeItem(at: folder.url.appending(path: file))
            }
            let again = try await stories(source, "\(base)/rss.xml")
            #expect(host.conditionalHeaders == ["", ""], "without its body a 304 could not be read")
            #expect(again.count == 4)
        }
    }
}
