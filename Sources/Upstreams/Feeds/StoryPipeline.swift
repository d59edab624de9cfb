import Foundation
import NewsModel

/// A feed's stories made while the feed is still being read: the reading thread hands each item over as the parser
/// ends it (``handOff(_:)``) and keeps only a stub of it (its id and link, which settle identity, and a ticket); a
/// thread of its own makes the item's story meanwhile, and the reading thread joins it once the feed is read.
///
/// Reading a 1,000-item feed is a third of the work of `convert --source feed` and was done before the first story
/// was begun; now the two overlap (bench/README.md). What a story takes from the feed as a whole (its title, home
/// page, language) is known only at the end: stories are made without it and given it afterwards
/// (``PublisherFeedNormalizer``), the same stories as made one after the other, tested.
///
/// Unchecked `Sendable`: every `var` is read and written only with `condition` locked, and `make` is `@Sendable`.
final class StoryPipeline: @unchecked Sendable {
    /// Makes an item's story without the feed's own fields, or nil when the item has no usable link. Called on more
    /// than one thread, each with a cache of its own.
    typealias Make = @Sendable (PublisherFeedItem, inout [String: StoryLink]) -> Story?

    private let condition = NSCondition()
    /// Items handed over and not yet taken, by ticket (a taken one leaves its slot empty; a helper's go to
    /// ``spent``).
    private var waiting: [PublisherFeedItem?] = []
    /// Stories made, by ticket; nil for an item that made none, or not yet made.
    private var made: [Story?] = []
    /// Items a helper is done with, let go on the reading thread (see ``work(onReadingThread:)``).
    private var spent: [PublisherFeedItem] = []
    private var nextTicket = 0
    private var finished = false
    private let make: Make
    private let helpers = DispatchGroup()

    /// Starts `helpers` threads that make stories as items come (a thread each; the caller's thread joins in
    /// ``stories()``).
    init(helpers count: Int, make: @escaping Make) {
        self.make = make
        for _ in 0..<Swift.max(0, count) {
            helpers.enter()
            DispatchQueue.global().async { [self] in
                work(onReadingThread: false)
                helpers.leave()
            }
        }
    }

    /// Keeps `item` to make its story, and gives back what the feed keeps of it: its id, link and ticket.
    /// Called on the reading thread.
    func handOff(_ item: PublisherFeedItem) -> PublisherFeedItem {
        var stub = PublisherFeedItem(id: item.id, link: item.link)
        condition.lock()
        stub.ticket = waiting.count
        waiting.append(item)
        made.append(nil)
        let done = takeSpent()
        condition.signal()
        condition.unlock()
        withExtendedLifetime(done) {}
        return stub
    }

    /// The stories by ticket, once every item handed over has been made: the calling thread makes stories too
    /// until none are waiting, then waits for the helpers.
    func stories() -> [Story?] {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
        work(onReadingThread: true)
        helpers.wait()
        condition.lock()
        defer { condition.unlock() }
        // Taken out, not copied, and the slots let go with them.
        defer { (made, waiting, spent) = ([], [], []) }
        return made
    }

    /// Takes waiting items one at a time and makes their stories, until the reading is finished and none are left.
    ///
    /// An item's texts are let go by the thread that read them: a helper leaves the items it is done with in
    /// ``spent`` for the reading thread. glibc's `free` of memory another thread allocated takes that thread's
    /// malloc arena lock, which the reading thread, allocating all the time, holds: freed by the helper, a
    /// 1,000-item feed made some 1,700 futex waits and took a third longer (bench/README.md).
    private func work(onReadingThread: Bool) {
        var siteRoots: [String: StoryLink] = [:]
        while true {
            condition.lock()
            while nextTicket == waiting.count, !finished { condition.wait() }
            let done = onReadingThread ? takeSpent() : []
            guard nextTicket < waiting.count, let item = waiting[nextTicket] else {
                condition.unlock()
                return
            }
            let ticket = nextTicket
            waiting[ticket] = nil
            nextTicket += 1
            condition.unlock()
            withExtendedLifetime(done) {}
            let story = make(item, &siteRoots)
            condition.lock()
            made[ticket] = story
            if !onReadingThread { spent.append(item) }
            condition.unlock()
        }
    }

    /// ``spent``, emptied; called with the lock held, the items let go by the caller after it is released.
    private func takeSpent() -> [PublisherFeedItem] {
        guard !spent.isEmpty else { return [] }
        defer { spent = [] }
        return spent
    }
}
