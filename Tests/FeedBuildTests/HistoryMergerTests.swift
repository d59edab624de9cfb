import FeedBuild
import Foundation
import NewsModel
import TestSupport
import Testing

@Suite struct HistoryMergerTests {
    let merger = HistoryMerger()
    let day: TimeInterval = 86_400

    func story(_ slug: String, firstSeen: Date) throws -> Story {
        let url = try #require(URL(string: "https://news.example.com/\(slug)"))
        let site = try #require(URL(string: "https://news.example.com/"))
        return Story(url: url, title: slug, sourceName: "Example", sourceURL: site, summary: slug, firstSeen: firstSeen)
    }

    @Test func currentStoriesComeFirstThenYoungEnoughEarlierOnes() throws {
        let current = [try story("c1", firstSeen: testNow), try story("c2", firstSeen: testNow)]
        let previous = [
            try story("p1", firstSeen: testNow - 1 * day), try story("old", firstSeen: testNow - 8 * day),
            try story("p2", firstSeen: testNow - 6.9 * day),
        ]
        let merged = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 100, maxAgeDays: 7)
        #expect(merged.map(\.title) == ["c1", "c2", "p1", "p2"])
    }

    @Test func newestFirstKeepsAWaitingSourcesNewerStoriesOverOlderFreshOnes() throws {
        // A merged feed: source A waits for its Retry-After (its story only in the history), source B answered
        // with older stories than A's.
        let current = [try story("b1", firstSeen: testNow - 3 * day), try story("b2", firstSeen: testNow - 4 * day)]
        let previous = [try story("a1", firstSeen: testNow - 1 * day)]
        let capped = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 2, maxAgeDays: 7)
        #expect(capped.map(\.title) == ["b1", "b2"], "a single feed keeps its fresh stories first")
        let newest = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 2, maxAgeDays: 7,
            newestFirst: true)
        #expect(newest.map(\.title) == ["a1", "b1"])
    }

    @Test func rememberedFirstSeenReplacesTheCurrentOne() throws {
        let earlier = testNow - 2 * day
        let current = [try story("c1", firstSeen: testNow)]
        let merged = merger.merge(
            current: current, previous: [], firstSeen: ["https://news.example.com/c1": earlier], now: testNow,
            maxItems: 10, maxAgeDays: 7)
        #expect(merged.first?.firstSeen == earlier)
    }

    @Test func rememberedFirstSeenDecidesTheAgeOfEarlierItems() throws {
        let previous = [try story("p1", firstSeen: testNow - 1 * day)]
        let merged = merger.merge(
            current: [], previous: previous, firstSeen: ["https://news.example.com/p1": testNow - 10 * day],
            now: testNow, maxItems: 10, maxAgeDays: 7)
        #expect(merged.isEmpty)
    }

    @Test func neverRepeatsAURL() throws {
        let current = [try story("same", firstSeen: testNow), try story("same", firstSeen: testNow)]
        let previous = [try story("same", firstSeen: testNow - day), try story("p", firstSeen: testNow - day)]
        let merged = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 10, maxAgeDays: 7)
        #expect(merged.map(\.title) == ["same", "p"])
        #expect(merged[0].firstSeen == testNow)
    }

    @Test func capsAtMaxItems() throws {
        let current = try (1...5).map { try story("c\($0)", firstSeen: testNow) }
        let previous = try (1...5).map { try story("p\($0)", firstSeen: testNow - day) }
        let merged = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 7, maxAgeDays: 7)
        #expect(merged.map(\.title) == ["c1", "c2", "c3", "c4", "c5", "p1", "p2"])
        #expect(
            merger.merge(current: current, previous: [], firstSeen: [:], now: testNow, maxItems: 0, maxAgeDays: 7)
                .isEmpty)
    }
}
