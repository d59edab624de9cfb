import Foundation

/// What a crawler may make of one origin's `robots.txt`.
package enum RobotsVerdict: Sendable, Equatable {
    /// The file was read (or is missing, a 4xx: ``RobotsRules/allowAll``): its rules for `newsfeed`.
    case rules(RobotsRules)
    /// The file could not be had (a 5xx answer, a network failure): nothing of the origin may be fetched for now
    /// (RFC 9309 §2.3.1.4); the error (``FetchError/robotsUnreachable(host:reason:)``) says why, and a later
    /// attempt asks again.
    case unreachable(FetchError)
}

/// Each origin's `robots.txt` verdict, fetched once and kept: rules for a day (RFC 9309 §2.4 allows caching up to
/// 24 h), an unreachable file only briefly, so a host that recovers is asked again within minutes rather than a
/// day later; a download cut short by cancellation is not kept at all.
///
/// Concurrent fetches of one origin share one download. The clock is injected so tests can age the cache.
package actor RobotsCache {
    /// How long a fetched `robots.txt` counts.
    package static let lifetime: TimeInterval = 24 * 3600
    /// How long an unreachable `robots.txt` counts: long enough that the pages of one host in one run do not ask
    /// a failing server again for each page, short enough that the next run asks afresh.
    package static let unreachableLifetime: TimeInterval = 5 * 60

    private var entries: [String: (verdict: RobotsVerdict, fetchedAt: Date)] = [:]
    private var pending: [String: Task<RobotsVerdict, Never>] = [:]
    private let clock: @Sendable () -> Date

    package init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// The verdict for `origin` (`https://news.example:443`), fetched with `download` when not cached or too old.
    package func verdict(
        for origin: String, download: @escaping @Sendable () async -> RobotsVerdict
    ) async -> RobotsVerdict {
        let now = clock()
        if let entry = entries[origin], now >= entry.fetchedAt,
            now.timeIntervalSince(entry.fetchedAt) < Self.lifetime(of: entry.verdict)
        {
            return entry.verdict
        }
        if let task = pending[origin] { return await task.value }
        let task = Task { await download() }
        pending[origin] = task
        let verdict = await task.value
        pending[origin] = nil
        if verdict == .unreachable(.cancelled) {
            entries[origin] = nil
        } else {
            entries[origin] = (verdict, clock())
        }
        return verdict
    }

    /// How long `verdict` is kept.
    package static func lifetime(of verdict: RobotsVerdict) -> TimeInterval {
        switch verdict {
        case .rules: lifetime
        case .unreachable: unreachableLifetime
        }
    }
}
