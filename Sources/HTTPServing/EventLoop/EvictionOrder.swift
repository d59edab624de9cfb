/// Which connection goes when the slots are full: keep-alive connections idle longest first, then those that have
/// sent nothing, oldest first, so a flood of silent connections cannot lock real clients out and a client between
/// requests pays before one that may still be starting.
///
/// Holds tickets, not connections: a connection enters a queue with a fresh ticket when it becomes idle and leaves
/// implicitly when the ticket is no longer current (the owner's `isCurrent` says so: it received bytes, was
/// answered, closed, or took a newer ticket).
struct EvictionOrder {
    enum Queue {
        /// Between requests on a kept-alive connection.
        case keepAlive
        /// Connected, nothing received yet.
        case awaitingFirstByte
    }

    private var keepAlive = IdleConnectionQueue()
    private var awaitingFirstByte = IdleConnectionQueue()
    private var nextNumber: UInt64 = 1

    /// A new ticket for a connection; the connection must remember its number before ``enqueue(_:in:compactingBeyond:isCurrent:)``,
    /// which may already ask whether it is current.
    mutating func ticket(descriptor: Int32, serial: UInt64) -> IdleConnectionQueue.Ticket {
        defer { nextNumber += 1 }
        return IdleConnectionQueue.Ticket(descriptor: descriptor, serial: serial, number: nextNumber)
    }

    /// Puts `ticket` at the back of `queue`, dropping that queue's stale tickets once it holds more than `limit`.
    mutating func enqueue(
        _ ticket: IdleConnectionQueue.Ticket, in queue: Queue, compactingBeyond limit: Int,
        isCurrent: (IdleConnectionQueue.Ticket) -> Bool
    ) {
        switch queue {
        case .keepAlive:
            keepAlive.append(ticket)
            keepAlive.compact(whenLongerThan: limit, keeping: isCurrent)
        case .awaitingFirstByte:
            awaitingFirstByte.append(ticket)
            awaitingFirstByte.compact(whenLongerThan: limit, keeping: isCurrent)
        }
    }

    /// Removes and returns the ticket of the next connection to close, or nil when no current ticket is left
    /// (every connection is inside a request or a response).
    mutating func nextVictim(isCurrent: (IdleConnectionQueue.Ticket) -> Bool) -> IdleConnectionQueue.Ticket? {
        keepAlive.popOldest(where: isCurrent) ?? awaitingFirstByte.popOldest(where: isCurrent)
    }
}
