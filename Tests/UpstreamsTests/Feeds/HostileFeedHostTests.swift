import Foundation
import HTTPFetching
import NewsModel
import TestSupport
import Testing
import Upstreams

/// Feed hosts that misbehave on purpose (issue 27, bad input): a body that trickles, a host that never answers, a
/// gzip bomb. Each is a failure with its cause and a poll that says no answer came, never a hang or a crash.
@Suite struct HostileFeedHostTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func source(timeout: Duration = .seconds(2)) -> PublisherFeedSource {
        var policy = PublisherFeedSource.policy(
            site: NewsFeedConfig.defaultSite, allowPrivate: true, maxFeedBytes: .megabytes(16))
        policy.timeout = timeout
        return PublisherFeedSource(fetcher: GuardedFetcher(policy: policy))
    }

    func failure(_ source: PublisherFeedSource, _ url: URL) async -> SourceError? {
        do {
            _ = try await source.answer(for: FeedSpec(kind: .feed(url: url)), request: StoryRequest(now: now))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [Misbehaviour.trickleBody, .hang])
    func aHostThatTricklesOrHangsFailsAtTheDeadline(_ misbehaviour: Misbehaviour) async throws {
        try await withMisbehavingServer(misbehaviour, contentType: "application/rss+xml") { server in
            let url = try #require(server.url("/rss.xml"))
            let error = try #require(await failure(source(), url))
            #expect(
                error.message.contains("2 s") || error.message.contains("timed out")
                    || error.message.contains("no answer"), "\(error.message)")
            #expect(error.polls.map(\.status) == [nil], "the poll says no answer came")
        }
    }

    @Test(arguments: CompressedBodies.Coding.allCases)
    func aCompressionBombIsCutAtTheCap(_ coding: CompressedBodies.Coding) async throws {
        var bomb = FeedHostStub.Answer(body: CompressedBodies.zeroBomb(mebibytes: 256, coding))
        bomb.headers = ["Content-Encoding": coding.rawValue]
        try await withLoopbackHost(FeedHostStub(["/bomb.xml": bomb])) { base in
            let url = try #require(URL(string: "\(base)/bomb.xml"))
            let error = try #require(await failure(source(timeout: .seconds(30)), url))
            #expect(error.message.contains("too large"), "\(error.message)")
        }
    }
}
