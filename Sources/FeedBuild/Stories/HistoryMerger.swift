import Foundation
import NewsModel

/// Combines a fresh response's stories with the feed's earlier items.
///
/// A story that left NewsAPI's top headlines stays in the feed until it is
/// `maxAgeDays` old (counted from when newsfeed first saw it), so a reader who
/// polls rarely still gets it. First-seen times come from the state file and
/// never move, so old items never jump back to the top.
public struct HistoryMerger: Sendable {
    /// A merger; it holds no state, the rules live in ``merge(current:previous:firstSeen:now:maxItems:maxAgeDays:)``.
    public init() {}

    /// The merged feed, newest first.
    ///
    /// - Parameters:
    ///   - current: this response's stories, in response order.
    ///   - previous: the feed's items as last written, in that order.
    ///   - firstSeen: article URL (`absoluteString`) to when newsfeed first saw it.
    ///   - now: the build's clock.
    ///   - maxItems: the cap on the result.
    ///   - maxAgeDays: earlier items first seen this many days ago or more are dropped.
    /// - Returns: current stories first (with remembered first-seen times), then earlier items still
    ///   young enough, at most `maxItems`, each URL once.
    public func merge(
        current: [Story], previous: [Story], firstSeen: [String: Date], now: Date, maxItems: Int, maxAgeDays: Int
    ) -> [Story] {
        let limit = max(0, maxItems)
        let oldestKept = now.addingTimeInterval(-TimeInterval(max(0, maxAgeDays)) * 86_400)
        var seen = Set<String>()
        var merged: [Story] = []
        merged.reserveCapacity(min(limit, current.count + previous.count))

        for var story in current where merged.count < limit {
            let key = story.link.text
            guard seen.insert(key).inserted else { continue }
            if let remembered = firstSeen[key] { story.firstSeen = remembered }
            merged.append(story)
        }
        for var story in previous where merged.count < limit {
            let key = story.link.text
            let firstSeenAt = firstSeen[key] ?? story.firstSeen
            guard firstSeenAt > oldestKept, !seen.contains(key) else { continue }
            seen.insert(key)
            story.firstSeen = firstSeenAt
            merged.append(story)
        }
        return merged
    }
}
