import FeedBuild
import Foundation
import NewsModel
import TestSupport
import Testing

/// A story's identity in the history merge (issue 27, point 6): a publisher's item is its guid or id, else its
/// link; earlier history files (written when the link was every item's identity) still merge.
@Suite struct StoryIdentityTests {
    let merger = HistoryMerger()
    let hour: TimeInterval = 3600

    func story(_ path: String, title: String, guid: String? = nil, firstSeen: Date = testNow) throws -> Story {
        let url = try #require(URL(string: "https://gazette.example/\(path)"))
        let site = try #require(URL(string: "https://gazette.example/"))
        var story = Story(
            url: url, title: title, sourceName: "Gazette", sourceURL: site, summary: title, firstSeen: firstSeen)
        story.guid = guid
        return story
    }

    @Test func anItemWithTheSameGuidAndANewLinkReplacesItsEarlierSelf() throws {
        let earlier = testNow - 5 * hour
        let previous = [try story("news/ferry", title: "Ferry collides", guid: "g-1", firstSeen: earlier)]
        let current = [try story("news/ferry-update", title: "Ferry collides: nobody hurt", guid: "g-1")]
        let merged = merger.merge(
            current: current, previous: previous, firstSeen: ["https://gazette.example/news/ferry": earlier],
            now: testNow, maxItems: 10, maxAgeDays: 7)
        #expect(merged.map(\.title) == ["Ferry collides: nobody hurt"])
        #expect(merged.first?.firstSeen == earlier, "the story keeps the time it was first seen")
    }

    @Test func twoItemsWithDifferentGuidsStayTwoStories() throws {
        let previous = [try story("live?page=1", title: "Live: day one", guid: "live-1")]
        let current = [try story("live?page=2", title: "Live: day two", guid: "live-2")]
        let merged = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 10, maxAgeDays: 7)
        #expect(merged.map(\.title) == ["Live: day two", "Live: day one"])
    }

    @Test func aHistoryFromBeforeGuidsMergesByLink() throws {
        // Written by an earlier version: no guid kept, the link was the identity.
        let previous = [try story("news/ferry", title: "Ferry collides", firstSeen: testNow - hour)]
        let current = [try story("news/ferry", title: "Ferry collides (updated)", guid: "g-1")]
        let merged = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 10, maxAgeDays: 7)
        #expect(merged.map(\.title) == ["Ferry collides (updated)"])
        #expect(merged.first?.guid == "g-1")
    }

    @Test func withoutAGuidTheLinkComparedCanonicallyIsTheIdentity() throws {
        let previous = [try story("news/ferry", title: "Ferry collides", firstSeen: testNow - hour)]
        let current = [try story("news/ferry/?utm_source=rss#top", title: "Ferry collides")]
        let merged = merger.merge(
            current: current, previous: previous, firstSeen: [:], now: testNow, maxItems: 10, maxAgeDays: 7)
        #expect(merged.count == 1)
    }
}

/// The guid survives the feed's own file: written as a guid that is no permalink, read back as the identity.
@Suite struct StoryIdentityBuildTests {
    @Test func aPublishersItemWhoseLinkChangesIsUpdatedInPlaceByItsGuid() async throws {
        try await PublisherFeedBuildTests.with { workspace, host, _ in
            #expect(await workspace.build(["--only", "feed/harbour"]).status == 0)
            let rss = try String(contentsOf: workspace.feedURL("feed/harbour"), encoding: .utf8)
            #expect(rss.contains(#"<guid isPermaLink="false">g-1</guid>"#))
            let moved = PublisherFeedBuildTests.harbourRSS
                .replacingOccurrences(
                    of: "https://gazette.example/news/ferry<", with: "https://gazette.example/news/ferry-2<"
                )
                .replacingOccurrences(of: "Ferry &amp; tug collide&nbsp;in fog", with: "Ferry and tug: all safe")
            host.set("/rss.xml", .init(moved))
            workspace.clock.advance(by: 3600)
            let run = await workspace.build(["--only", "feed/harbour", "--force"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.outputLines.first == "feed/harbour: written, 2 items (0 new)")
            let stories = try workspace.snapshot("feed/harbour").stories
            #expect(stories.map(\.title) == ["Ferry and tug: all safe", "Harbour master retires"])
            #expect(stories.first?.url.absoluteString == "https://gazette.example/news/ferry-2")
            #expect(stories.first?.guid == "g-1")
        }
    }
}
