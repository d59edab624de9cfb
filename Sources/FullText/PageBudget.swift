import Foundation

/// The pages one build may still fetch (`fullText.pagesPerRun`), shared by every feed of the run; a new run
/// (``FeedBuild/RunContext/id``) starts with the whole budget again.
///
/// Shared fairly: a feed may take its even part of what is left among itself and the full-text feeds still to
/// come, so the first feed of 38 cannot spend the whole budget on its own older stories while the others get
/// none; what a feed leaves unused goes to the ones after it.
actor PageBudget {
    private let perRun: Int
    private var run: UUID?
    private var left = 0

    init(perRun: Int) {
        self.perRun = perRun
    }

    /// Takes up to `wanted` pages of run `id`'s budget for a feed that shares what is left with `feedsLeft` feeds
    /// (itself included); returns how many it may fetch.
    func take(_ wanted: Int, run id: UUID, feedsLeft: Int = 1) -> Int {
        if run != id {
            run = id
            left = perRun
        }
        let share = (left + max(1, feedsLeft) - 1) / max(1, feedsLeft)
        let granted = min(max(0, wanted), share)
        left -= granted
        return granted
    }
}
