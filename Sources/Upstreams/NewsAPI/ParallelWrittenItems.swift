import Dispatch
import Foundation
import NewsModel
import Synchronization

/// What writes stories as a feed's items, one after another, into bytes of its own (``ParallelWrittenItems``);
/// one writer is used by one thread at a time.
package protocol StoryItemWriter: AnyObject, SendableMetatype {
    /// Writes the item of `story` after those written so far.
    func write(_ story: Story)
    /// How many bytes are written (and not yet handed over).
    var byteCount: Int { get }
    /// The items written so far, handed over and forgotten.
    func takeBytes() -> Data
    /// The first item that could not be written, if any.
    var failure: (any Error)? { get }
}

/// Items of a feed written where their stories are made, in feed order: some consecutive items, one after another
/// in `bytes`.
package struct WrittenItems: Sendable {
    /// The items' bytes.
    package let bytes: Data
    /// Where each item is in `bytes`, in feed order: first of each URL only.
    package let ranges: [Range<Int>]
    /// Why an item could not be written (the feed cannot be complete), if one could not.
    package let failure: (any Error)?
}

/// The stories ``ParallelNormalizedStories`` gives, each written as a feed's item (by a `Writer`) on the thread that
/// made it, right after it was made; the items are handed out in feed order, first of each URL only.
///
/// Writing is then shared by the threads as normalizing is: the thread consuming the items only puts them in the
/// feed. A story never leaves the thread that made it, which also lets it go (glibc's `free` of memory another
/// thread's arena holds takes that arena's lock); chunks of items a helper made are let go by a helper too, as
/// ``ParallelNormalizedStories`` lets its stories go. `convert` writes RSS this way (bench/README.md).
package struct ParallelWrittenItems<Articles: RandomAccessCollection & Sendable, Writer: StoryItemWriter>: Sequence,
    Sendable
where Articles.Element == NewsAPIArticle, Articles.Index == Int {
    package let articles: Articles
    package let normalizer: NewsAPINormalizer
    package let now: Date
    /// Threads at work at once, the caller's included.
    package let workers: Int
    /// Applied to each story before it is written (`convert` decides its image there).
    let finishing: (@Sendable (inout Story) -> Void)?
    /// A writer for one thread's share of a batch.
    let makeWriter: @Sendable () -> Writer
    /// Articles per batch, as ``ParallelNormalizedStories``'s.
    let batchSize = 512

    package init(
        articles: Articles, normalizer: NewsAPINormalizer, seenAt now: Date, workers: Int = 2,
        finishing: (@Sendable (inout Story) -> Void)? = nil, makeWriter: @escaping @Sendable () -> Writer
    ) {
        self.articles = articles
        self.normalizer = normalizer
        self.now = now
        self.workers = Swift.max(1, workers)
        self.finishing = finishing
        self.makeWriter = makeWriter
    }

    package func makeIterator() -> Iterator {
        Iterator(items: self)
    }

    /// Hands out one chunk's items at a time; while the caller puts them in the feed, the next batch is made in the
    /// background, and when the caller is through first it helps make the rest of it.
    package struct Iterator: IteratorProtocol {
        let items: ParallelWrittenItems
        var nextArticle: Int
        /// The current batch's chunks, back to front.
        var chunks: [PendingBatch.Chunk] = []
        /// Chunks given out that a helper made: kept until the next batch's helper lets them go.
        var spent: [PendingBatch.Chunk] = []
        var seenURLs = Set<String>()
        var pending: PendingBatch?

        init(items: ParallelWrittenItems) {
            self.items = items
            nextArticle = items.articles.startIndex
            seenURLs.reserveCapacity(items.articles.count)
        }

        package mutating func next() -> WrittenItems? {
            while true {
                if let chunk = chunks.popLast() {
                    var ranges: [Range<Int>] = []
                    ranges.reserveCapacity(chunk.items.count)
                    var start = 0
                    for (end, key) in chunk.items {
                        if seenURLs.insert(key).inserted { ranges.append(start..<end) }
                        start = end
                    }
                    if chunk.byHelper { spent.append(chunk) }
                    guard !ranges.isEmpty || chunk.failure != nil else { continue }
                    return WrittenItems(bytes: chunk.bytes, ranges: ranges, failure: chunk.failure)
                }
                let batch: PendingBatch
                if let pending {
                    batch = pending
                    self.pending = nil
                } else {
                    guard let range = takeRange() else { return nil }
                    batch = PendingBatch(range, of: items, releasing: [])
                }
                chunks = batch.finish()
                if items.workers > 1, let range = takeRange() {
                    pending = PendingBatch(range, of: items, releasing: spent)
                    spent = []
                }
            }
        }

        private mutating func takeRange() -> Range<Int>? {
            guard nextArticle < items.articles.endIndex else { return nil }
            let end = Swift.min(nextArticle + items.batchSize, items.articles.endIndex)
            defer { nextArticle = end }
            return nextArticle..<end
        }
    }

    /// A batch written in chunks of articles, which `workers - 1` threads of their own start on at once and the
    /// caller of ``finish()`` joins (as ``ParallelNormalizedStories/PendingBatch``).
    package final class PendingBatch: Sendable {
        private static var chunkSize: Int { 32 }
        /// A chunk's items: their bytes, where each ends and its story's URL; whether a helper made them.
        package struct Chunk: Sendable {
            var bytes: Data
            var items: [(end: Int, key: String)]
            var failure: (any Error)?
            var byHelper: Bool
        }

        private let range: Range<Int>
        private let items: ParallelWrittenItems
        private let chunkCount: Int
        private let taken = Atomic<Int>(0)
        private let made = Atomic<Int>(0)
        private let allMade = DispatchSemaphore(value: 0)
        private let results = Mutex<[Int: Chunk]>([:])
        private let released: Mutex<[Chunk]>

        /// - Parameter releasing: chunks a helper made that the caller is done with, let go by a helper.
        init(_ range: Range<Int>, of items: ParallelWrittenItems, releasing: [Chunk]) {
            self.range = range
            self.items = items
            released = Mutex(releasing)
            chunkCount = (range.count + Self.chunkSize - 1) / Self.chunkSize
            if chunkCount == 0 { allMade.signal() }
            for _ in 1..<Swift.max(1, items.workers) {
                DispatchQueue.global(qos: .userInitiated).async { [self] in
                    let done = released.withLock { chunks in
                        defer { chunks = [] }
                        return chunks
                    }
                    withExtendedLifetime(done) {}
                    makeChunks(byHelper: true)
                }
            }
        }

        /// The batch's chunks, back to front, once all are made: the caller makes what is left.
        func finish() -> [Chunk] {
            makeChunks(byHelper: false)
            allMade.wait()
            return results.withLock { parts in
                defer { parts = [:] }
                return (0..<chunkCount).reversed().compactMap { parts.removeValue(forKey: $0) }
            }
        }

        /// Takes and makes chunks until none is left: each story is written as soon as it is made.
        private func makeChunks(byHelper: Bool) {
            let articles = items.articles
            let normalizer = items.normalizer
            let now = items.now
            let finishing = items.finishing
            var memo = NewsAPINormalizer.Memo()
            var writer: Writer?
            while true {
                let chunk = taken.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount else { return }
                let start = range.lowerBound + chunk * Self.chunkSize
                let end = Swift.min(start + Self.chunkSize, range.upperBound)
                let out = writer ?? items.makeWriter()
                writer = out
                var written: [(end: Int, key: String)] = []
                written.reserveCapacity(end - start)
                for index in start..<end {
                    guard var item = normalizer.story(from: articles[index], seenAt: now, memo: &memo) else { continue }
                    finishing?(&item.story)
                    out.write(item.story)
                    written.append((out.byteCount, item.key))
                }
                let made = Chunk(bytes: out.takeBytes(), items: written, failure: out.failure, byHelper: byHelper)
                results.withLock { $0[chunk] = made }
                if self.made.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == chunkCount {
                    allMade.signal()
                }
            }
        }
    }
}
