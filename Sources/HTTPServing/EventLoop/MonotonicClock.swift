import Glibc

/// Readings of CLOCK_MONOTONIC: the event loop's notion of time, cheap and immune to clock changes.
enum MonotonicClock {
    static func now() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(nanoseconds: UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec))
    }
}
