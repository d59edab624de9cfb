import Dispatch
import Foundation
import NewsModel
import Synchronization

/// The stories of a response, in response order and first of each URL only, made a batch
/// at a time on up to `workers` threads: a 10,000-article `convert` makes them in about half
/// the time on two cores, and only one batch of stories is held at once. With one worker it
/// is what ``StoryNormalizer/stories(from:seenAt:)`` collects.
public struct ParallelNormalizedStories<Articles: RandomAccessCollection & Sendable>: Sequence, Sendable
where Articles.Element == NewsAPIArticle, Articles.Index == Int {
    package let articles: Articles
    package let normalizer: StoryNormalizer
    package let now: Date
    /// Threads normalizing at once (an explicit cap: `convert` is one process among others).
    package let workers: Int
    /// Articles per batch: large enough to amortize the hand-off, small enough to stream.
    package let batchSize = 512

    /// Applied to each story on the thread that made it (`convert` decides its image there).
    package let finishing: (@Sendable (inout Story) -> Void)?

    /// - Parameter finishing: applied to each story in place, on the normalizing threads: work done
    ///   there is off the thread that consumes the stories, and no story is copied for it.
    public init(
        articles: Articles, normalizer: StoryNormalizer, seenAt now: Date, workers: Int = 2,
        finishing: (@Sendable (inout Story) -> Void)? = nil
    ) {
        self.articles = articles
        self.normalizer = normalizer
        self.now = now
        self.workers = Swift.max(1, workers)
        self.finishing = finishing
    }

    public func makeIterator() -> Iterator {
        Iterator(stories: self)
    }

    /// Yields each batch's stories in article order, skipping URLs already seen. While the
    /// caller works through one batch (rendering it), the next is made in the background.
    public struct Iterator: IteratorProtocol {
        package let stories: ParallelNormalizedStories
        package var nextArticle: Int
        package var batch: [(story: Story, key: String)] = []
        package var seenURLs = Set<String>()
        package var pending: PendingBatch?

        package init(stories: ParallelNormalizedStories) {
            self.stories = stories
            nextArticle = stories.articles.startIndex
            // Sized once: growing it rehashed every key seen so far, several times per big response.
            seenURLs.reserveCapacity(stories.articles.count)
        }

        public mutating func next() -> Story? {
            while true {
                // The batch is kept back to front, so each story is moved out, not copied (taken
                // apart in the pattern: `item.story` of a bound tuple was a copy of every field).
                while let (story, key) = batch.popLast() {
                    if seenURLs.insert(key).inserted { return story }
                }
                if let pending {
                    batch = pending.wait()
                    self.pending = nil
                } else {
                    guard let range = takeRange() else { return nil }
                    batch = stories.normalize(range)
                }
                batch.reverse()
                if stories.workers > 1, let range = takeRange() {
                    pending = PendingBatch(range, of: stories)
                }
            }
        }

        private mutating func takeRange() -> Range<Int>? {
            guard nextArticle < stories.articles.endIndex else { return nil }
            let end = Swift.min(nextArticle + stories.batchSize, stories.articles.endIndex)
            defer { nextArticle = end }
            return nextArticle..<end
        }
    }

    /// A batch being made on a queue of its own. Waiting blocks the caller briefly (the
    /// renderer outpacing the normalizer); the work never runs on the cooperative pool.
    package final class PendingBatch: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let result = Mutex<[(story: Story, key: String)]>([])

        package init(_ range: Range<Int>, of stories: ParallelNormalizedStories) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let made = stories.normalize(range, workers: stories.workers - 1)
                result.withLock { $0 = made }
                done.signal()
            }
        }

        package func wait() -> [(story: Story, key: String)] {
            done.wait()
            // Taken out, not copied: a copy left behind here would make the caller's `reverse()`
            // copy the whole batch (every story's fields retained and released once more).
            return result.withLock { made in
                defer { made = [] }
                return made
            }
        }
    }

    /// The stories of `range`, in order, made by up to `workers` threads on disjoint slices.
    package func normalize(_ range: Range<Int>, workers: Int? = nil) -> [(story: Story, key: String)] {
        let slices = Swift.max(1, Swift.min(workers ?? self.workers, range.count))
        let sliceSize = (range.count + slices - 1) / slices
        let results = Mutex<[Int: [(story: Story, key: String)]]>([:])
        let articles = self.articles
        let normalizer = self.normalizer
        let now = self.now
        let finishing = self.finishing
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let start = range.lowerBound + slice * sliceSize
            let end = Swift.min(start + sliceSize, range.upperBound)
            var siteRoots: [String: StoryLink] = [:]
            var made: [(story: Story, key: String)] = []
            made.reserveCapacity(end - start)
            for index in start..<end {
                if var item = normalizer.story(from: articles[index], seenAt: now, siteRoots: &siteRoots) {
                    finishing?(&item.story)
                    made.append(item)
                }
            }
            results.withLock { $0[slice] = made }
        }
        return results.withLock { parts in
            // One slice (the background batches) is handed over as it is, without copying stories.
            slices == 1 ? parts.removeValue(forKey: 0) ?? [] : (0..<slices).flatMap { parts[$0] ?? [] }
        }
    }
}
