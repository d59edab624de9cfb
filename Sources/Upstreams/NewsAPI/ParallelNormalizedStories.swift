import Dispatch
import Foundation
import NewsModel
import Synchronization

/// The stories of a response, in response order and first of each URL only, made a batch
/// at a time on up to `workers` threads: a 10,000-article `convert` makes them in about half
/// the time on two cores, and at most about two batches of stories are held at once (the one being given out, and
/// the stories of the last one that a helper made, kept for a helper to let go). With one worker it
/// is what ``NewsAPINormalizer/stories(from:seenAt:)`` collects.
public struct ParallelNormalizedStories<Articles: NewsAPIStoryArticles>: Sequence, Sendable {
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
    /// when the caller is through first it helps make the rest of it (see ``ChunkedBatch``).
    public struct Iterator: IteratorProtocol {
        package let stories: ParallelNormalizedStories
        var schedule: BatchSchedule<Chunk, Story>
        /// The current batch's stories, in chunks; the chunks and each chunk's stories are kept
        /// back to front, so each story is moved out, not copied.
        var chunks: [Chunk] = []
        /// The stories given out that a helper made: kept until the next batch's helper lets them go (see
        /// ``ChunkedBatch``).
        var spent: [Story] = []
        var seenURLs = Set<String>()

        package init(stories: ParallelNormalizedStories) {
            self.stories = stories
            schedule = BatchSchedule(
                stories.articles.startIndex..<stories.articles.endIndex, batchSize: stories.batchSize,
                workers: stories.workers)
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
                guard let next = schedule.nextChunks(spent: &spent, start: stories.batch) else { return nil }
                chunks = next
            }
        }
    }

    /// A chunk's stories, back to front, and whether a helper made them.
    package typealias Chunk = (stories: [(story: Story, key: String)], byHelper: Bool)
    /// A batch of stories; a helper lets go of stories earlier batches' helpers made.
    package typealias PendingBatch = ChunkedBatch<Chunk, Story>

    /// A batch of the articles in `range`, started on the helper threads.
    func batch(_ range: Range<Int>, releasing: [Story]) -> PendingBatch {
        PendingBatch(range, workers: workers, releasing: releasing) { [articles, normalizer, now, finishing] in
            var memo = NewsAPINormalizer.Memo()
            return { chunk, byHelper in
                var stories: [(story: Story, key: String)] = []
                stories.reserveCapacity(chunk.count)
                for index in chunk.reversed() {
                    let (article, published) = articles.storyInput(at: index)
                    if var item = normalizer.story(from: article, publishedDate: published, seenAt: now, memo: &memo) {
                        finishing?(&item.story)
                        stories.append(item)
                    }
                }
                return (stories, byHelper)
            }
        }
    }
}
