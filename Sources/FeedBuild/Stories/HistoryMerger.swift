import Foundation
import NewsModel

/// Combines a fresh response's stories with the feed's earlier items.
///
/// A story that left NewsAPI's top headlines stays in the feed until it is
/// `maxAgeDays` old (counted from when newsfeed first saw it), so a reader who
/// polls rarely still gets it. First-seen times come from the state file and
/// never move, so old items never jump back to the top.
///
/// Stories are one when their ``Story/identity`` agrees (a publisher's item's guid or id, else the link), or
/// when their links agree canonically (``CanonicalURL``): a history written before items kept their guids
/// (identity then was the link) still merges with the same items now read with their guids, and an item that
/// comes back changed (same id, new title, text or link) replaces its earlier self, never repeats it.
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
    ///   young enough, at most `maxItems`, each story once.
    /// `newestFirst`: the cap keeps the newest of the fresh and the earlier stories together, not the fresh ones
    /// first (a merged feed: a source that waits for its hold keeps its stories against older ones of the others).
    public func merge(
        current: [Story], previous: [Story], firstSeen: [String: Date], now: Date, maxItems: Int, maxAgeDays: Int,
        newestFirst: Bool = false
    ) -> [Story] {
        if newestFirst {
            let all = merge(
                current: current, previous: previous, firstSeen: firstSeen, now: now, maxItems: Int.max,
                maxAgeDays: maxAgeDays)
            let ordered = all.enumerated().sorted { lhs, rhs in
                let (left, right) = (lhs.element.displayDate, rhs.element.displayDate)
                return left != right ? left > right : lhs.offset < rhs.offset
            }
            return Array(ordered.prefix(max(0, maxItems)).map(\.element))
        }
        let limit = max(0, maxItems)
        let oldestKept = now.addingTimeInterval(-TimeInterval(max(0, maxAgeDays)) * 86_400)
        // The remembered first sightings of the earlier items by identity and canonical link, carried over to
        // the story they are now (a changed link keeps the time newsfeed first saw the story). An earlier item's
        // own `firstSeen` is not used: read back from the file, it is only its date.
        var earlier: [String: Date] = [:]
        for story in previous {
            guard let seenAt = firstSeen[story.link.text] else { continue }
            for key in Self.keys(of: story) { earlier[key] = min(earlier[key] ?? seenAt, seenAt) }
        }
        var seen = Set<String>()
        var merged: [Story] = []
        merged.reserveCapacity(min(limit, current.count + previous.count))

        for var story in current where merged.count < limit {
            let keys = Self.keys(of: story)
            guard !keys.contains(where: seen.contains) else { continue }
            seen.formUnion(keys)
            let remembered = [firstSeen[story.link.text]] + keys.map { earlier[$0] }
            if let first = remembered.compactMap({ $0 }).min() { story.firstSeen = first }
            merged.append(story)
        }
        for var story in previous where merged.count < limit {
            let keys = Self.keys(of: story)
            let firstSeenAt = firstSeen[story.link.text] ?? story.firstSeen
            guard firstSeenAt > oldestKept, !keys.contains(where: seen.contains) else { continue }
            seen.formUnion(keys)
            story.firstSeen = firstSeenAt
            merged.append(story)
        }
        return merged
    }

    /// What a story is known by: its identity (kept apart from links by a prefix) and its canonical link.
    static func keys(of story: Story) -> [String] {
        var keys = ["link " + CanonicalURL.key(story.link.text)]
        if let guid = story.guid { keys.append("id " + guid) }
        // The story's other places: a copy it stood for must not come back as an item of its own.
        keys += story.alsoAt.map { "link " + CanonicalURL.key($0.text) }
        return keys
    }
}
