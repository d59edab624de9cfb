import Foundation

/// The pages one build may still fetch (`fullText.pagesPerRun`), shared by every feed of the run; a new run
/// (``FeedBuild/RunContext/id``) starts with the whole budget again.
///
/// Shared fairly: a feed may take its even part of what is left among itself and the full-text feeds still to
/// come, so the first feed of 38 cannot spend the whole budget on its own older stories while the others get
/// none; what a feed leaves unused goes to the ones after it.
///
/// It also keeps the run's time (`fullText.runTime`): the full-text step of a run ends `runTime` after its first
/// feed began it, however many pages are left.
actor PageBudget {
    private let perRun: Int
    private let runTime: Duration
    private var run: UUID?
    private var left = 0
    private var deadline = ContinuousClock.now

    init(perRun: Int, runTime: Duration = .seconds(120)) {
        self.perRun = perRun
        self.runTime = runTime
    }

    private func start(_ id: UUID) {
        guard run != id else { return }
        run = id
        left = perRun
        deadline = ContinuousClock.now.advanced(by: runTime)
    }

    /// When run `id`'s full-text step must end (`runTime` after the run first asked).
    func deadline(run id: UUID) -> ContinuousClock.Instant {
        start(id)
        return deadline
    }

    /// Takes up to `wanted` pages of run `id`'s budget for a feed that shares what is left with `feedsLeft` feeds
    /// (itself included); returns how many it may fetch.
    func take(_ wanted: Int, run id: UUID, feedsLeft: Int = 1) -> Int {
        start(id)
        let share = (left + max(1, feedsLeft) - 1) / max(1, feedsLeft)
        let granted = min(max(0, wanted), share)
        left -= granted
        return granted
    }
}
