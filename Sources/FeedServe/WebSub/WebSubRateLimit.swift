import Foundation

/// Subscription requests per client address per minute (issue 29: `429` with `Retry-After` past it). A value: the
/// hub keeps it behind a mutex and passes the time in.
package struct WebSubRateLimit: Sendable {
    /// Requests one address may make per minute.
    package var perMinute: Int
    private var counts: [String: (minute: Int64, count: Int)] = [:]

    package init(perMinute: Int) {
        self.perMinute = max(1, perMinute)
    }

    /// Counts one request from `address` at `now`: nil when it is allowed, else the seconds until it would be.
    package mutating func admit(_ address: String, now: Date) -> Int? {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let minute = seconds / 60
        if counts.count > 10_000 { counts = counts.filter { $0.value.minute == minute } }
        var entry = counts[address] ?? (minute, 0)
        if entry.minute != minute { entry = (minute, 0) }
        guard entry.count < perMinute else { return Int((minute + 1) * 60 - seconds) }
        entry.count += 1
        counts[address] = entry
        return nil
    }
}
