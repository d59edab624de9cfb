import Foundation
import NewsModel
import Testing

@Suite struct StoryOrderTests {
    static func story(_ slug: String, at hour: Int?, seen: Int = 0) -> Story {
        let url = URL(string: "https://news.example.com/\(slug)") ?? URL(fileURLWithPath: "/")
        return Story(
            url: url, title: slug, sourceName: "Example", sourceURL: url, summary: "",
            publishedAt: hour.map { Date(timeIntervalSince1970: TimeInterval($0) * 3600) },
            firstSeen: Date(timeIntervalSince1970: TimeInterval(seen) * 3600))
    }

    /// The page: 10:00, 09:00, 08:00, 07:00, then 12:22 and 11:39 from the history.
    @Test func newestFirstSortsByTheStorysDateAndKeepsTiesInOrder() {
        let stories =
            [10, 9, 8, 7, 12, 11].map { (hour: Int) in Self.story("s\(hour)", at: hour) } + [Self.story("tie", at: 9)]
        #expect(StoryOrder.newestFirst.ordered(stories).map(\.title) == ["s12", "s11", "s10", "s9", "tie", "s8", "s7"])
        // Without a publication date a story is as old as when it was first seen.
        let undated = [Self.story("a", at: 1), Self.story("b", at: nil, seen: 5)]
        #expect(StoryOrder.newestFirst.ordered(undated).map(\.title) == ["b", "a"])
    }

    @Test func rankedSearchesAndAnswersKeepTheUpstreamsOrder() {
        let stories = [7, 10, 9].map { (hour: Int) in Self.story("s\(hour)", at: hour) }
        for order in [StoryOrder.mostRelevantFirst, .mostPopularFirst, .answerOrder] {
            #expect(order.ordered(stories).map(\.title) == ["s7", "s10", "s9"])
        }
        #expect(StoryOrder(for: .search(NewsAPISearch(query: "x", sortBy: .relevancy))) == .mostRelevantFirst)
        #expect(StoryOrder(for: .search(NewsAPISearch(query: "x"))) == .newestFirst)
        #expect(StoryOrder(for: .headlines(country: "us", category: nil)) == .newestFirst)
        #expect(StoryOrder(for: .duckDuckGo(query: "x")) == .answerOrder)
        #expect(StoryOrder.mostRelevantFirst.phrase == "most relevant first")
    }
}
