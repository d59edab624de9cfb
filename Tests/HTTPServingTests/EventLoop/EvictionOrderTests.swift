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

        mutating func receive(_ text: String, on descriptor: Int32) {
            guard var driver = connections[descriptor] else { return }
            let steps = driver.receive(text)
            connections[descriptor] = driver
            if steps.contains(.keepAlive(idle: true)) { enqueue(descriptor, in: .keepAlive) }
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
