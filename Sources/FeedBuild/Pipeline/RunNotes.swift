import Foundation
import Synchronization

/// What the steps of one build have to say that is no failure (an unreadable article record moved aside): the
/// enrichers add lines here, and ``FeedBuilder`` moves them into the report's warnings after each feed.
public final class RunNotes: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// Adds one warning line.
    public func warn(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// The lines added since the last call, in order.
    public func drain() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
