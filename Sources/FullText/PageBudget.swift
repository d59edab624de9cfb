import Foundation

/// The pages one build may still fetch (`fullText.pagesPerRun`), shared by every feed of the run; a new run
/// (``FeedBuild/RunContext/id``) starts with the whole budget again.
actor PageBudget {
    private let perRun: Int
    private var run: UUID?
    private var left = 0

    init(perRun: Int) {
        self.perRun = perRun
    }

    /// Takes up to `wanted` pages of run `id`'s budget; returns how many it may fetch.
    func take(_ wanted: Int, run id: UUID) -> Int {
        if run != id {
            run = id
            left = perRun
        }
        let granted = min(max(0, wanted), left)
        left -= granted
        return granted
    }
}
