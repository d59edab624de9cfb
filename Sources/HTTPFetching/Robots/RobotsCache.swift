import Foundation

/// Each origin's `robots.txt` rules, fetched once and kept for a day (RFC 9309 §2.4 allows caching up to 24 h).
///
/// Concurrent fetches of one origin share one download. The clock is injected so tests can age the cache.
package actor RobotsCache {
    /// How long a fetched `robots.txt` counts.
    package static let lifetime: TimeInterval = 24 * 3600

    private var entries: [String: (rules: RobotsRules, fetchedAt: Date)] = [:]
    private var pending: [String: Task<RobotsRules, Never>] = [:]
    private let clock: @Sendable () -> Date

    package init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// The rules for `origin` (`https://news.example:443`), fetched with `download` when not cached or too old.
    package func rules(for origin: String, download: @escaping @Sendable () async -> RobotsRules) async -> RobotsRules {
        let now = clock()
        if let entry = entries[origin], now.timeIntervalSince(entry.fetchedAt) < Self.lifetime,
            now >= entry.fetchedAt
        {
            return entry.rules
        }
        if let task = pending[origin] { return await task.value }
        let task = Task { await download() }
        pending[origin] = task
        let rules = await task.value
        pending[origin] = nil
        entries[origin] = (rules, clock())
        return rules
    }
}
