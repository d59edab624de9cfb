import Foundation
import Synchronization

/// What the steps of one build have to say that is no failure (an unreadable article record moved aside): the
/// enrichers add lines here, and ``FeedBuilder`` moves them into the report's warnings after each feed.
public final class RunNotes: Sendable {
    private let lines = Mutex<[String]>([])
    private let tallies = Mutex<[String: FullTextTally]>([:])

    /// Told after each publisher's page of a feed is done: the feed's id, pages done, pages asked in all.
    private let pageProgress: (@Sendable (String, Int, Int) -> Void)?

    public init(pageProgress: (@Sendable (String, Int, Int) -> Void)? = nil) {
        self.pageProgress = pageProgress
    }

    /// Reports that `done` of the `total` pages full text asks for `feedID` in this build are done (a terminal
    /// shows it, as it shows which feed is being fetched).
    public func pagesDone(_ done: Int, of total: Int, for feedID: String) {
        pageProgress?(feedID, done, total)
    }

    /// Adds one warning line.
    public func warn(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// Notes what full text did for the feed `feedID` in this build (its build line says it).
    public func record(_ tally: FullTextTally, for feedID: String) {
        tallies.withLock { $0[feedID] = tally }
    }

    /// What full text did for `feedID` in this build, once (nil when it did not run for that feed).
    public func takeTally(for feedID: String) -> FullTextTally? {
        tallies.withLock { $0.removeValue(forKey: feedID) }
    }

    /// The lines added since the last call, in order.
    public func drain() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
