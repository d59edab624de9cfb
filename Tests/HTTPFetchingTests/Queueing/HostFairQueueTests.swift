import HTTPFetching
import Testing

@Suite struct HostFairQueueTests {
    @Test func neverExceedsThePerHostCapAndTakesHostsInTurn() {
        let items = (0..<6).map { (item: $0, host: "a") } + (6..<8).map { (item: $0, host: "b") }
        var queue = HostFairQueue(items: items, perHost: 2)
        var taken: [(item: Int, host: String)] = []
        while let next = queue.next() { taken.append(next) }
        #expect(taken.map(\.host).sorted() == ["a", "a", "b", "b"])
        #expect(taken.map(\.item).filter { $0 < 6 } == [0, 1])
        queue.finished(host: "a")
        #expect(queue.next()?.item == 2)
        #expect(queue.next() == nil)
        queue.finished(host: "b")
        #expect(queue.next() == nil)
    }

    @Test func handsOutEveryItemExactlyOnce() {
        let items = (0..<100).map { (item: $0, host: "h\($0 % 7)") }
        var queue = HostFairQueue(items: items, perHost: 3)
        var seen: [Int] = []
        var running: [(item: Int, host: String)] = []
        repeat {
            while running.count < 5, let next = queue.next() { running.append(next) }
            guard !running.isEmpty else { break }
            let done = running.removeFirst()
            seen.append(done.item)
            queue.finished(host: done.host)
        } while true
        #expect(seen.sorted() == Array(0..<100))
    }
}
