import Testing

@testable import HTTPServing

/// Who goes when the slots are full, without sockets: connections are ``ConnectionDriver``s, enqueued as the event
/// loop enqueues them (on connect, and when an answer leaves one idle).
@Suite struct EvictionOrderTests {
    /// A loop's idle bookkeeping over pretend connections, numbered by descriptor.
    private struct Slots {
        var order = EvictionOrder()
        var connections: [Int32: ConnectionDriver] = [:]
        var tickets: [Int32: UInt64] = [:]

        mutating func connect(_ descriptor: Int32) {
            connections[descriptor] = ConnectionDriver()
            enqueue(descriptor, in: .awaitingFirstByte)
        }

        /// `text` arrives on `descriptor`; returns the steps its connection took (a closed one leaves the slots).
        @discardableResult
        mutating func receive(_ text: String, on descriptor: Int32) -> [ConnectionStep] {
            guard var driver = connections[descriptor] else { return [] }
            let steps = driver.receive(text)
            connections[descriptor] = driver
            if steps.contains(.keepAlive(idle: true)) { enqueue(descriptor, in: .keepAlive) }
            if steps.contains(where: { if case .close = $0 { true } else { false } }) {
                connections[descriptor] = nil
            }
            return steps
        }

        /// The peer closes `descriptor`; returns the steps its connection took.
        mutating func peerCloses(_ descriptor: Int32) -> [ConnectionStep] {
            guard var driver = connections[descriptor] else { return [] }
            let steps = driver.peerCloses()
            connections[descriptor] = steps.contains(.close) ? nil : driver
            return steps
        }

        mutating func enqueue(_ descriptor: Int32, in queue: EvictionOrder.Queue) {
            let ticket = order.ticket(descriptor: descriptor, serial: 1)
            tickets[descriptor] = ticket.number
            let connections = connections
            let tickets = tickets
            order.enqueue(ticket, in: queue, compactingBeyond: 64) { Self.isCurrent($0, connections, tickets) }
        }

        /// Closes the next victim, as the loop does for a newcomer over the cap; nil when none may go.
        mutating func evict() -> Int32? {
            let connections = connections
            let tickets = tickets
            guard let victim = order.nextVictim(isCurrent: { Self.isCurrent($0, connections, tickets) }) else {
                return nil
            }
            self.connections[victim.descriptor] = nil
            return victim.descriptor
        }

        private static func isCurrent(
            _ ticket: IdleConnectionQueue.Ticket, _ connections: [Int32: ConnectionDriver], _ tickets: [Int32: UInt64]
        ) -> Bool {
            tickets[ticket.descriptor] == ticket.number && connections[ticket.descriptor]?.machine.isEvictable == true
        }
    }

    private static let get = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"

    @Test func keepAliveConnectionsGoFirstThenSilentOnesOldestFirst() {
        var slots = Slots()
        slots.connect(1)  // silent, the oldest
        slots.connect(2)
        slots.receive(Self.get, on: 2)  // answered: idle between requests
        slots.connect(3)
        slots.receive("GET /partial HTTP/1.1\r\n", on: 3)  // mid-request: never a victim
        slots.connect(4)  // silent too
        #expect(slots.evict() == 2)
        #expect(slots.evict() == 1)
        #expect(slots.evict() == 4)
        #expect(slots.evict() == nil)
        #expect(slots.connections[3] != nil)
    }

    @Test func theKeepAliveConnectionIdleLongestGoesFirst() {
        var slots = Slots()
        for descriptor: Int32 in [5, 6, 7] { slots.connect(descriptor) }
        slots.receive(Self.get, on: 6)
        slots.receive(Self.get, on: 5)
        slots.receive(Self.get, on: 7)
        // Answered again: idle from now, so last in line.
        slots.receive(Self.get, on: 6)
        #expect([slots.evict(), slots.evict(), slots.evict()] == [5, 7, 6])
    }

    /// The flood without sockets, so no machine's load can change the outcome: more silent connections than
    /// slots, each reconnecting at once when it is cut off, while 30 normal clients come one by one. A newcomer over
    /// the cap evicts the silent connection that waited longest, so a client that has just connected is last in line;
    /// once its first bytes are in, no burst of reconnections, however long, can push it out.
    @Test func aSustainedSilentFloodNeverLocksOutANormalClient() {
        let cap = 16
        var slots = Slots()
        var nextDescriptor: Int32 = 1
        var flood: Set<Int32> = []
        var evictedFlood = 0
        var evictedNormal: [Int32] = []
        var refused = 0
        /// A newcomer as the loop admits it: over the cap, the next victim is closed first; nil when none may go.
        func admit() -> Int32? {
            if slots.connections.count >= cap {
                guard let victim = slots.evict() else {
                    refused += 1
                    return nil
                }
                if flood.remove(victim) != nil { evictedFlood += 1 } else { evictedNormal.append(victim) }
            }
            let descriptor = nextDescriptor
            nextDescriptor += 1
            slots.connect(descriptor)
            return descriptor
        }
        /// The flood reconnects `count` times, each newcomer evicting the oldest silent connection.
        func reconnect(_ count: Int) {
            for _ in 0..<count { if let descriptor = admit() { flood.insert(descriptor) } }
        }
        reconnect(cap + cap / 4)  // more than the slots
        var answers: [String] = []
        for index in 0..<30 {
            guard let client = admit() else { continue }
            // Before the loop reads the client's request, the flood reconnects half the slots' worth of times.
            reconnect(cap / 2)
            #expect(slots.connections[client] != nil, "a client that just connected is last in line")
            let steps = slots.receive("GET /normal-\(index) HTTP/1.1\r\nHost: t\r\n", on: client)
            // Mid-request: never a victim, whatever the flood does meanwhile.
            reconnect(cap * 3)
            let rest = slots.receive("\r\n", on: client)
            answers += (steps + rest).compactMap { if case .serve(let request) = $0 { request } else { nil } }
            // Answered; the client goes, as a browser's tab does.
            #expect(slots.peerCloses(client) == [.close])
        }
        #expect(answers == (0..<30).map { "GET /normal-\($0)" })
        #expect(evictedNormal == [])
        #expect(refused == 0)
        // Sustained: the flood held the slots throughout and kept being cut off.
        #expect(evictedFlood >= 30 * (cap / 2 + cap * 3))
        #expect(slots.connections.count == cap - 1, "the flood holds every slot the last client left")
    }

    @Test func aConnectionThatLeftIdleIsNoLongerAVictim() {
        var slots = Slots()
        slots.connect(1)
        slots.receive(Self.get, on: 1)
        slots.connect(2)
        // The kept-alive connection starts its next request; the silent one starts its first.
        slots.receive("GET /next HTTP/1.1\r\n", on: 1)
        slots.receive("GET /first HTTP/1.1\r\n", on: 2)
        #expect(slots.evict() == nil)
    }
}
