import Foundation
import NewsModel

/// The articles of one NewsAPI answer in the order of the feed they make (``StoryOrder``): for a newest-first
/// feed by each story's date (`publishedAt` where plausible, else the time it was seen), newest first, equal
/// dates in response order, as `build` sorts; for a ranked search in NewsAPI's order.
///
/// Only the dates are read to sort (one field per article, read with the answer's index), so `convert` still builds
/// each article once, as it streams the feed, and holds one `Int` per article rather than the stories.
public struct NewsAPIArticlesInFeedOrder: NewsAPIStoryArticles {
    private let base: NewsAPIArticles
    /// Positions in `base`, in feed order; nil for the response's own order.
    private let order: [Int]?

    /// - Parameter seenAt: the date of a story without a plausible `publishedAt`, as the normalizer gives it.
    public init(_ base: NewsAPIArticles, order storyOrder: StoryOrder, seenAt: Date) {
        self.base = base
        guard storyOrder == .newestFirst else {
            order = nil
            return
        }
        // The dates were read with the index: the answer's bytes are not read again to sort them.
        let dates = base.indices.map { position in
            NewsAPIDate.plausible(base.publishedDate(at: position), now: seenAt) ?? seenAt
        }
        order = base.indices.sorted { left, right in
            dates[left] != dates[right] ? dates[left] > dates[right] : left < right
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { base.count }

    public subscript(position: Int) -> NewsAPIArticle { base[order?[position] ?? position] }

    public func storyInput(at position: Int) -> (article: NewsAPIArticle, publishedDate: Date?) {
        base.storyInput(at: order?[position] ?? position)
    }
}
