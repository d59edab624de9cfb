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
package struct ParallelWrittenItems<Articles: NewsAPIStoryArticles, Writer: StoryItemWriter>: Sequence, Sendable {
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

    /// The stories `stories` gives, each written by a writer `makeWriter` makes (one per thread).
    package init(
        _ stories: ParallelNormalizedStories<Articles>, makeWriter: @escaping @Sendable () -> Writer
    ) {
        self.init(
            articles: stories.articles, normalizer: stories.normalizer, seenAt: stories.now, workers: stories.workers,
            finishing: stories.finishing, makeWriter: makeWriter)
    }

    package func makeIterator() -> Iterator {
        Iterator(items: self)
    }

    /// Hands out one chunk's items at a time; while the caller puts them in the feed, the next batch is made in the
    /// background, and when the caller is through first it helps make the rest of it.
    package struct Iterator: IteratorProtocol {
        let items: ParallelWrittenItems
        var schedule: BatchSchedule<Chunk, Chunk>
        /// The current batch's chunks, back to front.
        var chunks: [Chunk] = []
        /// Chunks given out that a helper made: kept until the next batch's helper lets them go.
        var spent: [Chunk] = []
        var seenURLs = Set<String>()

        init(items: ParallelWrittenItems) {
            self.items = items
            schedule = BatchSchedule(
                items.articles.startIndex..<items.articles.endIndex, batchSize: items.batchSize, workers: items.workers)
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
                guard let next = schedule.nextChunks(spent: &spent, start: items.batch) else { return nil }
                chunks = next
            }
        }
    }

    /// A chunk's items: their bytes, where each ends and its story's URL; whether a helper made them.
    package struct Chunk: Sendable {
        var bytes: Data
        var items: [(end: Int, key: String)]
        var failure: (any Error)?
        var byHelper: Bool
    }
    /// A batch of written items; a helper lets go of chunks earlier batches' helpers made.
    package typealias PendingBatch = ChunkedBatch<Chunk, Chunk>

    /// A batch of the articles in `range`, started on the helper threads: each story is written as soon as it is
    /// made, by a writer of the thread's own.
    func batch(_ range: Range<Int>, releasing: [Chunk]) -> PendingBatch {
        PendingBatch(range, workers: workers, releasing: releasing) {
            [articles, normalizer, now, finishing, makeWriter] in
            var memo = NewsAPINormalizer.Memo()
            let writer = makeWriter()
            return { chunk, byHelper in
                var written: [(end: Int, key: String)] = []
                written.reserveCapacity(chunk.count)
                for index in chunk {
                    let (article, published) = articles.storyInput(at: index)
                    guard
                        var item = normalizer.story(from: article, publishedDate: published, seenAt: now, memo: &memo)
                    else { continue }
                    finishing?(&item.story)
                    writer.write(item.story)
                    written.append((writer.byteCount, item.key))
                }
                return Chunk(bytes: writer.takeBytes(), items: written, failure: writer.failure, byHelper: byHelper)
            }
        }
    }
}
