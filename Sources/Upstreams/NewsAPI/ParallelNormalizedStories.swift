import Dispatch
import Foundation
import NewsModel
import Synchronization

/// The stories of a response, in response order and first of each URL only, made a batch
/// at a time on up to `workers` threads: a 10,000-article `convert` makes them in about half
/// the time on two cores, and at most about two batches of stories are held at once (the one being given out, and
/// the stories of the last one that a helper made, kept for a helper to let go). With one worker it
/// is what ``NewsAPINormalizer/stories(from:seenAt:)`` collects.
public struct ParallelNormalizedStories<Articles: RandomAccessCollection & Sendable>: Sequence, Sendable
where Articles.Element == NewsAPIArticle, Articles.Index == Int {
    package let articles: Articles
    package let normalizer: NewsAPINormalizer
    package let now: Date
    /// Threads normalizing at once (an explicit cap: `convert` is one process among others).
    package let workers: Int
    /// Articles per batch: large enough to amortize the hand-off, small enough to stream.
    let batchSize = 512

    /// Applied to each story on the thread that made it (`convert` decides its image there).
    package let finishing: (@Sendable (inout Story) -> Void)?

    /// - Parameter finishing: applied to each story in place, on the normalizing threads: work done
    ///   there is off the thread that consumes the stories, and no story is copied for it.
    public init(
        articles: Articles, normalizer: NewsAPINormalizer, seenAt now: Date, workers: Int = 2,
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
    /// caller works through one batch (rendering it), the next is made in the background, and
    /// when the caller is through first it helps make the rest of it (see ``PendingBatch``).
    public struct Iterator: IteratorProtocol {
        package let stories: ParallelNormalizedStories
        var nextArticle: Int
        /// The current batch's stories, in chunks; the chunks and each chunk's stories are kept
        /// back to front, so each story is moved out, not copied.
        var chunks: [PendingBatch.Chunk] = []
        /// The stories given out that a helper made: kept until the next batch's helper lets them go (see
        /// ``PendingBatch``).
        var spent: [Story] = []
        var seenURLs = Set<String>()
        package var pending: PendingBatch?

        package init(stories: ParallelNormalizedStories) {
            self.stories = stories
            nextArticle = stories.articles.startIndex
            // Sized once: growing it rehashed every key seen so far, several times per big response.
            seenURLs.reserveCapacity(stories.articles.count)
        }

        public mutating func next() -> Story? {
            while true {
                // Taken apart in the pattern: `item.story` of a bound tuple was a copy of every field.
                while let last = chunks.indices.last {
                    guard let (story, key) = chunks[last].stories.popLast() else {
                        chunks.removeLast()
                        continue
                    }
                    if chunks[last].byHelper { spent.append(story) }
                    if seenURLs.insert(key).inserted { return story }
                }
                let batch: PendingBatch
                if let pending {
                    batch = pending
                    self.pending = nil
                } else {
                    guard let range = takeRange() else { return nil }
                    batch = PendingBatch(range, of: stories, releasing: [])
                }
                chunks = batch.finish()
                if stories.workers > 1, let range = takeRange() {
                    pending = PendingBatch(range, of: stories, releasing: spent)
                    spent = []
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

    /// A batch made in chunks of articles, which `workers - 1` threads of their own (never the
    /// cooperative pool) start on at once and the caller of ``finish()`` joins: whoever is free
    /// takes the next chunk. When normalizing is the slower half of `convert` (it is, on real
    /// headlines), the thread writing the feed would otherwise wait for it idle.
    package final class PendingBatch: Sendable {
        private static var chunkSize: Int { 32 }
        private let range: Range<Int>
        private let stories: ParallelNormalizedStories
        private let chunkCount: Int
        /// Chunks taken so far (some may be past the end).
        private let taken = Atomic<Int>(0)
        /// Chunks made so far; whoever makes the last one signals `allMade`.
        private let made = Atomic<Int>(0)
        private let allMade = DispatchSemaphore(value: 0)
        /// A chunk's stories, back to front, and whether a helper made them.
        package typealias Chunk = (stories: [(story: Story, key: String)], byHelper: Bool)
        /// Each chunk by its number.
        private let results = Mutex<[Int: Chunk]>([:])
        /// Stories of earlier batches that a helper made, for a helper to let go.
        private let released: Mutex<[Story]>

        /// - Parameter releasing: stories a helper made and the caller is done with. A helper thread lets them go,
        ///   not the thread writing the feed: glibc's `free` takes the malloc arena lock of the thread that
        ///   allocated the memory, and the writer, allocating all the time, held the lock a helper's frees then
        ///   waited for (with two workers, the helper that lets them go is the one that made them, or a thread
        ///   idle for the moment); freed by the writer, a 10,000-article `convert` made hundreds of futex waits
        ///   (bench/README.md).
        package init(_ range: Range<Int>, of stories: ParallelNormalizedStories, releasing: [Story]) {
            self.range = range
            self.stories = stories
            released = Mutex(releasing)
            chunkCount = (range.count + Self.chunkSize - 1) / Self.chunkSize
            if chunkCount == 0 { allMade.signal() }
            for _ in 1..<Swift.max(1, stories.workers) {
                DispatchQueue.global(qos: .userInitiated).async { [self] in
                    let done = released.withLock { stories in
                        defer { stories = [] }
                        return stories
                    }
                    withExtendedLifetime(done) {}
                    makeChunks(byHelper: true)
                }
            }
        }

        /// The batch's chunks, back to front, once all are made: the caller makes what is left.
        package func finish() -> [Chunk] {
            makeChunks(byHelper: false)
            allMade.wait()
            // Taken out, not copied: a copy left behind would be copied again on the first pop.
            return results.withLock { parts in
                defer { parts = [:] }
                return (0..<chunkCount).reversed().map { parts.removeValue(forKey: $0) ?? ([], false) }
            }
        }

        /// Takes and makes chunks until none is left.
        private func makeChunks(byHelper: Bool) {
            let articles = stories.articles
            let normalizer = stories.normalizer
            let now = stories.now
            let finishing = stories.finishing
            var memo = NewsAPINormalizer.Memo()
            while true {
                let chunk = taken.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount else { return }
                let start = range.lowerBound + chunk * Self.chunkSize
                let end = Swift.min(start + Self.chunkSize, range.upperBound)
                var stories: [(story: Story, key: String)] = []
                stories.reserveCapacity(end - start)
                for index in (start..<end).reversed() {
                    if var item = normalizer.story(from: articles[index], seenAt: now, memo: &memo) {
                        finishing?(&item.story)
                        stories.append(item)
                    }
                }
                results.withLock { $0[chunk] = (stories, byHelper) }
                if made.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == chunkCount { allMade.signal() }
            }
        }
    }
}
