#if ImageCache
    import Foundation
    import HTTPFetching
    import Synchronization

    /// What the image cache keeps for one run of a builder: the ``GuardedFetcher`` (its DNS answers, host slots
    /// and `robots.txt` cache last one run) and the images the run may still fetch. A builder that serves many
    /// runs (`serve --refresh`) gets fresh ones for each, told apart by ``RunContext/id``.
    final class ImageCacheRuns: Sendable {
        private struct Current {
            var run: UUID
            var fetcher: GuardedFetcher
            var left: Int
            /// Set once `images/` refused a write in this run: the run fetches no more pictures.
            var writesRefused = false
        }

        private let makeFetcher: @Sendable () -> GuardedFetcher
        private let perRun: Int
        private let current: Mutex<Current?> = Mutex(nil)

        init(perRun: Int, makeFetcher: @escaping @Sendable () -> GuardedFetcher) {
            self.perRun = max(0, perRun)
            self.makeFetcher = makeFetcher
        }

        /// The run's fetcher and how many of `wanted` images it may still fetch (taken from its allowance).
        func take(_ wanted: Int, in run: UUID) -> (fetcher: GuardedFetcher, granted: Int) {
            current.withLock { current in
                if current?.run != run { current = Current(run: run, fetcher: makeFetcher(), left: perRun) }
                let granted = min(wanted, current?.left ?? 0)
                current?.left -= granted
                return (current?.fetcher ?? makeFetcher(), granted)
            }
        }

        /// Notes that `images/` refused to take copies in `run`: the run's other feeds fetch no pictures they could
        /// not keep (the next run tries again).
        func refuseWrites(in run: UUID) {
            current.withLock { current in
                if current?.run != run { current = Current(run: run, fetcher: makeFetcher(), left: perRun) }
                current?.writesRefused = true
            }
        }

        /// Whether `images/` refused to take copies earlier in `run`.
        func writesRefused(in run: UUID) -> Bool {
            current.withLock { $0?.run == run && $0?.writesRefused == true }
        }
    }
#endif
