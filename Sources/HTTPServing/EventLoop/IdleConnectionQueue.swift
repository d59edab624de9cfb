/// Connections that could be closed to make room, oldest first: a FIFO of tickets with lazy removal.
///
/// A connection enters with a ticket when it becomes idle; it leaves implicitly when its ticket no longer matches
/// (it received bytes, was answered, closed, or its descriptor was reused), so entering and leaving cost O(1) and
/// finding the longest-idle one is amortized O(1). Stale tickets are dropped as the front is reached, and the
/// whole queue is compacted when stale entries outnumber the live connections.
struct IdleConnectionQueue {
    struct Ticket: Equatable {
        var descriptor: Int32
        var serial: UInt64
        var number: UInt64
    }

    private var tickets: [Ticket] = []
    private var front = 0

    /// Tickets held, stale ones included.
    var count: Int { tickets.count - front }

    mutating func append(_ ticket: Ticket) {
        tickets.append(ticket)
    }

    /// Removes and returns the oldest ticket `isCurrent` accepts, dropping the stale ones before it.
    mutating func popOldest(where isCurrent: (Ticket) -> Bool) -> Ticket? {
        while front < tickets.count {
            let ticket = tickets[front]
            front += 1
            if isCurrent(ticket) {
                trimFront()
                return ticket
            }
        }
        tickets.removeAll(keepingCapacity: true)
        front = 0
        return nil
    }

    /// Drops every stale ticket when there are more than `limit`, keeping the order of the rest.
    mutating func compact(whenLongerThan limit: Int, keeping isCurrent: (Ticket) -> Bool) {
        guard count > limit else { return }
        tickets = tickets[front...].filter(isCurrent)
        front = 0
    }

    private mutating func trimFront() {
        if front > 1024 && front * 2 > tickets.count {
            tickets.removeFirst(front)
            front = 0
        }
    }
}
