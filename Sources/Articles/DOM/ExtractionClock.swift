/// The time one page may take to extract (`fullText.extractTimeout`), spent cooperatively: the tree's walks and
/// edits count their steps here, and every few thousand steps the clock is read and the task's cancellation is
/// checked. Once the deadline has passed (or the build was stopped) ``expired`` stays true, the walks end early,
/// and the extractor gives up with ``ArticleError/tooComplex`` (or ``ArticleError/cancelled``).
///
/// One extraction owns its clock (the passes' copies of the tree share it); it is never used by two threads.
final class ExtractionClock {
    private let deadline: ContinuousClock.Instant?
    private var steps = 0
    private var nextCheck = 0
    /// Steps between two readings of the clock.
    private static let stride = 4096
    /// Whether the deadline has passed or the task was cancelled.
    private(set) var expired = false
    /// Whether the task was cancelled (the build is stopping), rather than the page being over its time.
    private(set) var cancelled = false

    /// A clock that runs out `limit` from now (never when nil, but still on cancellation).
    init(limit: Duration?) {
        deadline = limit.map { ContinuousClock.now.advanced(by: $0) }
    }

    /// Counts `cost` steps; true once the budget is spent.
    @inline(__always)
    func spend(_ cost: Int = 1) -> Bool {
        steps &+= cost
        if steps >= nextCheck { check() }
        return expired
    }

    private func check() {
        nextCheck = steps &+ Self.stride
        guard !expired else { return }
        if Task.isCancelled {
            cancelled = true
            expired = true
        } else if let deadline, ContinuousClock.now >= deadline {
            expired = true
        }
    }
}
