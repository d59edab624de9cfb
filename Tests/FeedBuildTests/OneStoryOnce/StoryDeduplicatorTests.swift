import FeedBuild
import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// One story once (issue 27, point 13), as the pure build step: by canonical link, by the page's
/// `rel="canonical"`, and by near-identical article texts on different sites.
@Suite struct StoryDeduplicatorTests {
    let deduplicator = StoryDeduplicator()
    let hour: TimeInterval = 3600

    func story(_ address: String, _ title: String, published offset: TimeInterval, text: String? = nil) -> Story {
        let url = FeedDocumentSamples.url(address)
        let site = FeedDocumentSamples.url("\(url.scheme ?? "https")://\(url.host ?? "x.example")/")
        var story = Story(
            url: url, title: title, sourceName: url.host ?? "site", sourceURL: site, summary: title,
            publishedAt: testNow + offset, firstSeen: testNow)
        if let text {
            story.article = StoryArticle(
                key: ArticleStore.key(for: address), html: FeedHTML.paragraphs(text), text: text)
        }
        return story
    }

    @Test func theSamePageUnderTrackingAndAMPAddressesIsOneItemTheFirstPublished() {
        let stories = [
            story("https://news.example/ferry?utm_source=rss", "Ferry (from the feed)", published: -1 * hour),
            story("https://amp.news.example/ferry/amp", "Ferry (AMP)", published: -3 * hour),
            story("https://news.example/bridge", "Bridge", published: -2 * hour),
        ]
        let one = deduplicator.byLink(stories)
        #expect(one.map(\.title) == ["Ferry (AMP)", "Bridge"])
        #expect(one[0].alsoAt.isEmpty, "another form of the same page is no other place")
    }

    @Test func aWireStoryOnOtherSitesIsOneItemWithTheOthersAlsoAt() throws {
        let wire = NearDuplicatePairs.topics[0].first
        let stories = [
            story(
                "https://courier.example/ferry", "Courier", published: -1 * hour,
                text: Syndication.headerAndFooter.copy(of: wire)),
            story(
                "https://gazette.example/news/ferry", "Gazette", published: -2 * hour,
                text: Syndication.heavyBoilerplate.copy(of: wire)),
            story("https://wire.example/ferry", "Wire", published: -4 * hour, text: wire),
            story(
                "https://courier.example/bikes", "Bikes", published: -1 * hour,
                text: NearDuplicatePairs.topics[1].first),
        ]
        let one = deduplicator.byLinkAndText(stories)
        #expect(one.map(\.title) == ["Wire", "Bikes"])
        #expect(one[0].alsoAt.map(\.text) == ["https://courier.example/ferry", "https://gazette.example/news/ferry"])

        var document = FeedDocumentSamples.small
        document.stories = one
        let json = try JSONFeedRenderer().render(document)
        #expect(JSONFeedRulesChecker.violations(in: json, now: testNow).filter { $0.hasPrefix("error") } == [])
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        let newsfeed = try #require(item["_newsfeed"] as? [String: Any])
        #expect(
            newsfeed["alsoAt"] as? [String] == ["https://courier.example/ferry", "https://gazette.example/news/ferry"])
        #expect(
            (item["content_html"] as? String)?.contains(#"Also at: <a href="https://courier.example/ferry">"#) == true)
        let rss = String(decoding: try RSSRenderer().render(document), as: UTF8.self)
        #expect(rss.contains("Also at: "))
        #expect(
            FeedRulesChecker.violations(in: try RSSRenderer().render(document), now: testNow).filter {
                $0.hasPrefix("error")
            } == [])
    }

    @Test func twoStoriesOnOneTopicStayApart() {
        let topic = NearDuplicatePairs.topics[2]
        let stories = [
            story("https://vale.example/ban", "Ban", published: -1 * hour, text: topic.first),
            story("https://farming.example/drought", "Farmers", published: -2 * hour, text: topic.second),
            story("https://vale.example/ban-week-one", "Week one", published: 0, text: topic.followUp),
        ]
        #expect(deduplicator.byLinkAndText(stories).count == 3)
    }

    @Test func oneSitesPagesWithTheSameTextStayApart() {
        let text = NearDuplicatePairs.topics[0].first
        let stories = [
            story("https://news.example/a", "A", published: 0, text: text),
            story("https://news.example/b", "B", published: 0, text: text),
        ]
        #expect(deduplicator.byLinkAndText(stories).count == 2)
    }

    @Test func aPageWhoseCanonicalIsAnotherStorysLinkIsThatStory() {
        var partner = story("https://partner.example/syndicated/ferry", "Partner", published: -1 * hour, text: "Short.")
        partner.article?.canonical = FeedDocumentSamples.url("https://www.origin.example/ferry/")
        let origin = story("https://origin.example/ferry", "Origin", published: -2 * hour)
        let one = deduplicator.byLinkAndText([partner, origin])
        #expect(one.map(\.title) == ["Origin"])
        #expect(one[0].alsoAt.map(\.text) == ["https://partner.example/syndicated/ferry"])
    }

    @Test func withoutFullTextOnlyLinksAreCompared() {
        let stories = [
            story("https://a.example/ferry", "A", published: 0),
            story("https://b.example/ferry", "B", published: 0),
        ]
        #expect(deduplicator.byLinkAndText(stories).count == 2)
    }
}

/// One story once across builds: fresh stories against the feed's history.
@Suite struct StoryDeduplicatorHistoryTests {
    let deduplicator = StoryDeduplicator()
    let tests = StoryDeduplicatorTests()
    let hour: TimeInterval = 3600
    let wire = NearDuplicatePairs.topics[0].first

    @Test func aFreshCopyOfAHeldStoryIsThatStoryAlsoAt() {
        let held = tests.story("https://wire.example/ferry", "Wire", published: -5 * hour, text: wire)
        let copy = tests.story(
            "https://courier.example/ferry", "Courier", published: -1 * hour,
            text: Syndication.headerAndFooter.copy(of: wire))
        let other = tests.story("https://courier.example/bikes", "Bikes", published: 0)
        let result = deduplicator.againstHistory(current: [copy, other], previous: [held])
        #expect(result.current.map(\.title) == ["Bikes"])
        #expect(result.previous.map(\.title) == ["Wire"])
        #expect(result.previous.first?.alsoAt.map(\.text) == ["https://courier.example/ferry"])
    }

    @Test func aFreshCopyPublishedFirstTakesTheHeldStorysPlace() {
        let held = tests.story("https://courier.example/ferry", "Courier", published: -1 * hour, text: wire)
        let earlier = tests.story(
            "https://wire.example/ferry", "Wire", published: -5 * hour, text: Syndication.reordered.copy(of: wire))
        let result = deduplicator.againstHistory(current: [earlier], previous: [held])
        #expect(result.current.map(\.title) == ["Wire"])
        #expect(result.current.first?.alsoAt.map(\.text) == ["https://courier.example/ferry"])
        #expect(result.previous.isEmpty)
    }

    @Test func anUpdatedItemIsLeftToTheHistoryMergeEvenWhenItsDateMoved() {
        let held = tests.story("https://wire.example/ferry", "Ferry (first version)", published: -5 * hour, text: wire)
        let updated = tests.story("https://wire.example/ferry", "Ferry (updated)", published: 0, text: wire)
        let result = deduplicator.againstHistory(current: [updated], previous: [held])
        #expect(result.current.map(\.title) == ["Ferry (updated)"])
        #expect(result.previous.map(\.title) == ["Ferry (first version)"])
        let merged = HistoryMerger().merge(
            current: result.current, previous: result.previous, firstSeen: [:], now: testNow, maxItems: 10,
            maxAgeDays: 7)
        #expect(merged.map(\.title) == ["Ferry (updated)"])
    }
}

/// A canonical that many of a site's pages claim is a section or home page, not one story's address.
@Suite struct DoubtfulCanonicalTests {
    @Test func aCanonicalThreeStoriesClaimMergesNone() {
        let tests = StoryDeduplicatorTests()
        let stories = (1...3).map { number in
            var story = tests.story("https://news.example/story/\(number)", "Story \(number)", published: 0, text: "x")
            story.article?.canonical = URL(string: "https://news.example/news/")
            return story
        }
        #expect(StoryDeduplicator().byLinkAndText(stories).count == 3)
    }
}
