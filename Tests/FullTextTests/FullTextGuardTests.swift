import FeedBuild
import FeedOutput
import Foundation
import FullText
import HTTPFetching
import NewsModel
import TestSupport
import Testing
import Upstreams

/// The full-text step in-process, with an address policy that treats 127.0.0.2 as private: the public-address
/// guard holds for every redirect of a page, and a stopped build records nothing.
@Suite struct FullTextGuardTests {
    /// Hands out the same stories for every feed.
    struct FixedStories: StorySource {
        var stories: [Story]
        func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] { stories }
    }

    static func story(_ url: String) throws -> Story {
        Story(
            url: try #require(URL(string: url)), title: "A story", sourceName: "The Daily",
            sourceURL: try #require(URL(string: "https://daily.example/")), summary: "What happened.",
            publishedAt: Date(timeIntervalSince1970: 1_714_600_000), firstSeen: testNow)
    }

    static func config(_ folder: TemporaryFolder) -> NewsFeedConfig {
        var spec = FeedSpec(country: "us", category: "health")
        spec.fullText = true
        var config = NewsFeedConfig(output: folder.url.appending(path: "Feeds"), feeds: [spec])
        config.allowPrivate = true
        config.fullText.hostSpacing = .seconds(0)
        return config
    }

    @Test func aRedirectToABlockedAddressIsNeverContacted() async throws {
        try await withPublisher(host: "127.0.0.2") { inside, insideBase in
            try await withPublisher(host: "127.0.0.3") { outside, outsideBase in
                let folder = TemporaryFolder("fulltext-guard")
                let config = Self.config(folder)
                let page = outsideBase + "/to?" + insideBase + "/story/1"
                let fetcher = GuardedFetcher(
                    policy: FullTextEnricher.policy(for: config), addressPolicy: LoopbackTwoIsPrivatePolicy())
                let builder = FeedBuilder(
                    config: config, source: FixedStories(stories: [try Self.story(page)]),
                    enrichers: [ImageDecisions(), FullTextEnricher(config: config, fetcher: fetcher)],
                    clock: { testNow })
                let report = await builder.build(config.feeds)
                #expect(report.failedCount == 0)
                #expect(outside.pages == ["/to"])
                #expect(inside.paths.isEmpty, "the private address was never contacted")
                let record = try #require(OutputFolder(root: config.output).articleStore.load(page).record)
                #expect(record.failure?.cause == .blocked)
                #expect(record.failure?.detail.hasPrefix("blocked: redirected to \(insideBase)/story/1") == true)
                let written = try Data(contentsOf: config.output.appending(path: "us/health.rss"))
                #expect(!String(decoding: written, as: UTF8.self).contains("content:encoded>"))
            }
        }
    }

    @Test func aStoppedBuildRecordsNoPage() async throws {
        try await withPublisher(host: "127.0.0.3") { publisher, base in
            let folder = TemporaryFolder("fulltext-stop")
            let config = Self.config(folder)
            let builder = FeedBuilder(
                config: config, source: FixedStories(stories: [try Self.story(base + "/hang")]),
                enrichers: [ImageDecisions(), FullTextEnricher(config: config)], clock: { testNow })
            let task = Task { await builder.build(config.feeds) }
            while publisher.pages.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            task.cancel()
            let report = await task.value
            #expect(report.interrupted)
            #expect(OutputFolder(root: config.output).articleStore.keys().isEmpty)
        }
    }
}
