import Dispatch
import Synchronization

/// A batch of articles made in chunks, which `workers - 1` threads of their own (never the cooperative pool) start
/// on at once and the caller of ``finish()`` joins: whoever is free takes the next chunk. When making stories is the
/// slower half of `convert` (it is, on real headlines), the thread writing the feed would otherwise wait for it idle.
/// ``ParallelNormalizedStories`` makes stories this way and ``ParallelWrittenItems`` written items.
package final class ChunkedBatch<Chunk: Sendable, Spent: Sendable>: Sendable {
    /// Makes the chunk of the articles in a range; `byHelper` says whether a helper thread runs it. One maker serves
    /// one thread, so it may keep what it learns between chunks (a memo, a writer).
    package typealias Maker = (_ articles: Range<Int>, _ byHelper: Bool) -> Chunk

    static var chunkSize: Int { 32 }
    private let range: Range<Int>
    private let chunkCount: Int
    private let makeMaker: @Sendable () -> Maker
    /// Chunks taken so far (some may be past the end).
    private let taken = Atomic<Int>(0)
    /// Chunks made so far; whoever makes the last one signals `allMade`.
    private let made = Atomic<Int>(0)
    private let allMade = DispatchSemaphore(value: 0)
    /// Each chunk by its number.
    private let results = Mutex<[Int: Chunk]>([:])
    /// What earlier batches' helpers made, for a helper to let go.
    private let released: Mutex<[Spent]>

    /// - Parameter releasing: what a helper made and the caller is done with. A helper thread lets it go, not the
    ///   thread writing the feed: glibc's `free` takes the malloc arena lock of the thread that allocated the
    ///   memory, and the writer, allocating all the time, held the lock a helper's frees then waited for (with two
    ///   workers, the helper that lets them go is the one that made them, or a thread idle for the moment); freed by
    ///   the writer, a 10,000-article `convert` made hundreds of futex waits (bench/README.md).
    package init(
        _ range: Range<Int>, workers: Int, releasing: [Spent], makeMaker: @escaping @Sendable () -> Maker
    ) {
        self.range = range
        self.makeMaker = makeMaker
        released = Mutex(releasing)
        chunkCount = (range.count + Self.chunkSize - 1) / Self.chunkSize
        if chunkCount == 0 { allMade.signal() }
        for _ in 1..<Swift.max(1, workers) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let done = released.withLock { released in
                    defer { released = [] }
                    return released
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
            return (0..<chunkCount).reversed().compactMap { parts.removeValue(forKey: $0) }
        }
    }

    /// Takes and makes chunks until none is left.
    private func makeChunks(byHelper: Bool) {
        var maker: Maker?
        while true {
            let chunk = taken.wrappingAdd(1, ordering: .relaxed).oldValue
            guard chunk < chunkCount else { return }
            let start = range.lowerBound + chunk * Self.chunkSize
            let end = Swift.min(start + Self.chunkSize, range.upperBound)
            let make = maker ?? makeMaker()
            maker = make
            let result = make(start..<end, byHelper)
            results.withLock { $0[chunk] = result }
            if made.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == chunkCount { allMade.signal() }
        }
    }
}

/// Which articles come next, a batch at a time; with helpers, the batch after the one given out is started ahead.
package struct BatchSchedule<Chunk: Sendable, Spent: Sendable> {
    private var next: Int
    private let end: Int
    private let batchSize: Int
    private let workers: Int
    private var pending: ChunkedBatch<Chunk, Spent>?

    package init(_ articles: Range<Int>, batchSize: Int, workers: Int) {
        next = articles.lowerBound
        end = articles.upperBound
        self.batchSize = batchSize
        self.workers = workers
    }

    /// The next batch's chunks, back to front, or nil when every article was given out. `start` starts a batch of a
    /// range, with what it is to let go; the next batch takes `spent` (and empties it).
    package mutating func nextChunks(
        spent: inout [Spent], start: (Range<Int>, [Spent]) -> ChunkedBatch<Chunk, Spent>
    ) -> [Chunk]? {
        let batch: ChunkedBatch<Chunk, Spent>
        if let pending {
            batch = pending
            self.pending = nil
        } else {
            guard let range = takeRange() else { return nil }
            batch = start(range, [])
        }
        let chunks = batch.finish()
        if workers > 1, let range = takeRange() {
            pending = start(range, spent)
            spent = []
        }
        return chunks
    }

    private mutating func takeRange() -> Range<Int>? {
        guard next < end else { return nil }
        let last = Swift.min(next + batchSize, end)
        defer { next = last }
        return next..<last
    }
}
