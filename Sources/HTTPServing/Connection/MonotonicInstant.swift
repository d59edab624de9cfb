/// A reading of the monotonic clock, in nanoseconds from an arbitrary start: the only notion of time the connection
/// state machine has.
///
/// The event loop reads the real clock (``MonotonicClock``) once per wakeup and hands the reading in; tests make
/// their own, so every timeout can be tested without waiting.
struct MonotonicInstant: Comparable, Hashable, Sendable {
    /// Nanoseconds from the clock's start.
    var nanoseconds: UInt64

    init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// The instant `nanoseconds` later; wraps only after 584 years of uptime.
    func advanced(byNanoseconds nanoseconds: UInt64) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: self.nanoseconds &+ nanoseconds)
    }

    /// The instant `duration` later (a negative duration counts as none).
    static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        instant.advanced(byNanoseconds: nanoseconds(in: duration))
    }

    /// Nanoseconds from `earlier` to this instant; 0 when `earlier` is not earlier.
    func nanoseconds(since earlier: MonotonicInstant) -> UInt64 {
        nanoseconds >= earlier.nanoseconds ? nanoseconds - earlier.nanoseconds : 0
    }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// Whole nanoseconds in `duration`; 0 for a negative one.
    static func nanoseconds(in duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
