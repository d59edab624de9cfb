import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// Decides which feeds a run fetches, as a pure function of (config, state, now):
/// the one scheduler behind `build`, `serve --refresh` and `status`.
///
/// Every NewsAPI feed gets a refresh interval that keeps all of them together inside
/// the quota (less the reserve); a run fetches the feeds that are due, stalest first,
/// while both rolling windows have room, and never starts a request past a pause.
/// ``FeedBuilder`` asks ``admission(for:state:now:mode:apiKey:)`` again under the
/// output lock right before each request, so concurrent processes never overspend.
public struct FeedScheduler: Sendable {
    public let config: NewsFeedConfig
    /// Per feed id: its refresh interval in seconds.
    public let intervals: [String: TimeInterval]

    /// How long a feed that is not metered (DuckDuckGo) waits by default.
    public static let unmeteredDefaultInterval: TimeInterval = 86_400
    /// How long a publisher's own feed (the `feed` kind) waits by default: 30 minutes.
    public static let publisherFeedDefaultInterval: TimeInterval = 1800

    /// The interval of an unmetered feed without its own `every`: 30 minutes for a publisher's feed, else a day.
    public static func unmeteredDefault(for spec: FeedSpec) -> TimeInterval {
        if spec.kind.isPublisherFeed { return publisherFeedDefaultInterval }
        return unmeteredDefaultInterval
    }
    /// A run up to this much early still counts a feed as due, so the few seconds
    /// between a cron tick and the recorded request never cost a whole tick.
    public static let dueSlack: TimeInterval = 60

    public init(config: NewsFeedConfig) {
        self.config = config
        intervals = Self.intervals(for: config)
    }

    /// What one run may do.
    public struct Mode: Sendable, Hashable {
        /// Fetch selected feeds whether due or not (`--force`, `--only`).
        public var force: Bool
        /// May spend the reserve (`--only`: a person asked for these feeds).
        public var mayUseReserve: Bool
        /// Feed ids named by `--only`: a publisher's feed among them that answered `410 Gone` is polled again.
        /// Nothing overrides a `Retry-After` or a host's back-off: politeness is not optional.
        public var revives: Set<String>

        public init(force: Bool = false, mayUseReserve: Bool = false, revives: Set<String> = []) {
            self.force = force
            self.mayUseReserve = mayUseReserve
            self.revives = revives
        }

        /// A cron run or `serve --refresh`.
        public static let scheduled = Mode()
    }

    /// What happens to one feed in a run.
    public enum Decision: Sendable, Hashable {
        /// Fetch it now.
        case fetch
        /// Its interval has not passed since its last request.
        case notDue(next: Date)
        /// A rolling window has no room left for it before `until`.
        case outOfQuota(until: Date)
        /// NewsAPI refused the key or rate-limited us: no request until the pause ends.
        case paused(PauseRecord)
        /// A publisher's feed that must not be polled now, whatever the run's mode.
        case polite(PoliteHold)
    }

    /// Why a publisher's feed waits although a person may have asked for it (`--force`).
    public enum PoliteHold: Sendable, Hashable {
        /// Its server asked with `Retry-After` not to come back before `until`.
        case retryAfter(until: Date)
        /// Its host answered `429` or `503` (this or another feed of it): no feed of the host before `until`.
        case hostBackoff(host: String, until: Date, reason: String)
        /// It answered `410 Gone` at `since`: not polled until its URL changes or `build --only` names it.
        case gone(since: Date)

        /// When it may go again; nil for gone (not by itself).
        public var until: Date? {
            switch self {
            case .retryAfter(let until), .hostBackoff(_, let until, _): until
            case .gone: nil
            }
        }

        /// `the server asked to wait (Retry-After) until …`, `feeds.example.com backed off until … (HTTP 429 …)`,
        /// `gone (HTTP 410) since …; change its URL or remove it, or name it with build --only`.
        public func words(time: (Date) -> String) -> String {
            switch self {
            case .retryAfter(let until): "its server asked to wait (Retry-After) until \(time(until))"
            case .hostBackoff(let host, let until, let reason):
                "\(host) backed off until \(time(until)) (\(reason))"
            case .gone(let since):
                "gone (HTTP 410) since \(time(since)); change its URL or remove it, or name it with build --only"
            }
        }
    }

    /// One feed of a plan.
    public struct Planned: Sendable, Hashable {
        public var spec: FeedSpec
        public var decision: Decision
    }

    // MARK: - Intervals

    /// The refresh interval of `spec`: its own `every`, else its share of the quota; never below its ttl.
    public func interval(for spec: FeedSpec) -> TimeInterval {
        intervals[spec.id] ?? Self.floor(spec.every?.timeInterval ?? Self.unmeteredDefault(for: spec), spec, config)
    }

    private static func floor(_ interval: TimeInterval, _ spec: FeedSpec, _ config: NewsFeedConfig) -> TimeInterval {
        max(interval, TimeInterval(config.ttl(for: spec) * 60))
    }

    /// Shares each window's budget (limit less reserve) out among the metered feeds
    /// without their own `every`, so that no rolling window can overflow whatever the
    /// feeds' phases: a feed refreshed every `I` makes at most ⌈W / I⌉ requests in any
    /// window of length `W`, and the shares keep the sum of those within the budget
    /// (a plain W × feeds / budget would let feeds fetched together overflow the window
    /// and starve for hours). A feed whose ttl is longer than its share keeps its ttl,
    /// and what it leaves is shared among the others.
    private static func intervals(for config: NewsFeedConfig) -> [String: TimeInterval] {
        var result: [String: TimeInterval] = [:]
        var shared: [FeedSpec] = []
        var fixed: [TimeInterval] = []
        for spec in config.feeds {
            if let every = spec.every {
                result[spec.id] = floor(every.timeInterval, spec, config)
                if spec.isMetered { fixed.append(result[spec.id] ?? unmeteredDefaultInterval) }
            } else if spec.isMetered {
                shared.append(spec)
            } else {
                result[spec.id] = floor(unmeteredDefault(for: spec), spec, config)
            }
        }
        while !shared.isEmpty {
            var share: TimeInterval = 60
            for window in config.quota.windows {
                guard let limit = window.limit else { continue }
                let budget = max(1, limit - config.quota.reserve)
                let spentByFixed = fixed.reduce(0) { $0 + requestsAtMost(in: window.length, every: $1) }
                let left = budget - spentByFixed
                let perFeed = left / shared.count
                let needed =
                    perFeed >= 1
                    ? window.length / Double(perFeed)
                    : window.length * Double(shared.count) / Double(max(1, left))
                share = max(share, needed)
            }
            // Whole minutes, rounded up, plus the due slack a run may start early by.
            share = (share / 60).rounded(.up) * 60
            if config.quota.windows.contains(where: { $0.limit != nil }) { share += dueSlack }
            let slower = shared.filter { TimeInterval(config.ttl(for: $0) * 60) > share }
            if slower.isEmpty {
                for spec in shared { result[spec.id] = share }
                break
            }
            for spec in slower { result[spec.id] = TimeInterval(config.ttl(for: spec) * 60) }
            fixed += slower.map { TimeInterval(config.ttl(for: $0) * 60) }
            shared.removeAll { spec in slower.contains { $0.id == spec.id } }
        }
        return result
    }

    /// The most requests a feed refreshed every `interval` (less the due slack) can make
    /// in any rolling window of `length`.
    private static func requestsAtMost(in length: TimeInterval, every interval: TimeInterval) -> Int {
        let spacing = max(1, interval - min(dueSlack, interval / 10))
        return Int((length / spacing).rounded(.up))
    }

    // MARK: - Due

    /// The last request that counts for `spec`'s interval: the request log's last one not
    /// refused with a pause, else the record's last attempt (requests older than the log).
    public func lastRequest(for spec: FeedSpec, in state: BridgeState) -> Date? {
        var refusedOnly = false
        // An interrupted request is as if never made: the record keeps the attempt before it.
        for request in state.requests.reversed() where request.feed == spec.id && request.interrupted != true {
            if request.refused != true { return request.time }
            refusedOnly = true
        }
        // Only refusals logged: as if they never happened, so the feed goes once the pause ends.
        return refusedOnly ? state.feeds[spec.id]?.lastSuccess : state.feeds[spec.id]?.lastAttempt
    }

    /// The first retry after a failed attempt waits this long; each further failure doubles it.
    public static let firstRetryDelay: TimeInterval = 600

    /// How long `spec` waits after its last counted request: its interval, or, when that
    /// request failed (and was not a refusal that paused NewsAPI), a backoff of
    /// min(interval, 10 min × 2^(consecutiveFailures − 1)), so a transient failure is not
    /// left standing for a whole interval. Retries of a NewsAPI feed are still admitted
    /// only within the quota less the reserve, like every other request.
    public func wait(for spec: FeedSpec, in state: BridgeState) -> TimeInterval {
        let interval = pollInterval(for: spec, in: state)
        guard let record = state.feeds[spec.id], record.consecutiveFailures > 0,
            let failed = record.lastErrorTime, let last = lastRequest(for: spec, in: state),
            failed >= last, (record.lastSuccess ?? .distantPast) < last
        else { return interval }
        let doublings = min(record.consecutiveFailures - 1, 30)
        return min(interval, Self.firstRetryDelay * pow(2, Double(doublings)))
    }

    /// When `spec`'s interval (or its retry's back-off) has passed since its last request, holds aside; nil when it
    /// has never been attempted.
    public func intervalDue(for spec: FeedSpec, in state: BridgeState) -> Date? {
        lastRequest(for: spec, in: state)?.addingTimeInterval(wait(for: spec, in: state))
    }

    /// When `spec` is next due; nil when it has never been attempted (due now). A publisher's feed held by a
    /// `Retry-After` or its host's back-off is not due before that ends.
    public func nextDue(for spec: FeedSpec, in state: BridgeState) -> Date? {
        let next = intervalDue(for: spec, in: state)
        guard let held = holdEnd(for: spec, in: state) else { return next }
        return max(next ?? held, held)
    }

    public func isDue(_ spec: FeedSpec, state: BridgeState, now: Date) -> Bool {
        guard let next = nextDue(for: spec, in: state) else { return true }
        if let held = holdEnd(for: spec, in: state), held > now { return false }
        return now >= next.addingTimeInterval(-min(Self.dueSlack, wait(for: spec, in: state) / 10))
    }

    // MARK: - Politeness (publishers' feeds)

    /// The longest interval a feed or its server may ask for (`ttl`, `sy:updatePeriod`, `max-age`): a day, so a
    /// feed that says "yearly" is still read daily.
    public static let longestAskedInterval: TimeInterval = 86_400

    /// `spec`'s interval stretched to what its feed or server asked at the last poll (never shorter than its
    /// `every`): a publisher's feed is never polled more often than it asks.
    public func pollInterval(for spec: FeedSpec, in state: BridgeState) -> TimeInterval {
        let interval = interval(for: spec)
        let asked = sourceRecords(for: spec, in: state).compactMap(\.askedSeconds).max() ?? 0
        return max(interval, min(asked, Self.longestAskedInterval))
    }

    /// What the last polls of `spec`'s configured URLs said (records of URLs no longer configured are ignored).
    public func sourceRecords(for spec: FeedSpec, in state: BridgeState) -> [SourcePollRecord] {
        guard let sources = state.feeds[spec.id]?.sources else { return [] }
        return spec.kind.feedURLs.compactMap { sources[$0.absoluteString] }
    }

    /// When a `Retry-After` or a host's back-off last set for `url` (a source of `spec`) ends; nil when none was.
    private func holdEnd(of url: URL, for spec: FeedSpec, in state: BridgeState) -> Date? {
        let retry = state.feeds[spec.id]?.sources[url.absoluteString]?.retryAfter
        let host = state.hostHolds[SourcePoll.host(of: url)]?.until
        return [retry, host].compactMap(\.self).max()
    }

    /// When `spec` may be polled again after `Retry-After`s and hosts' back-offs: for one URL, when its hold ends;
    /// for a merged feed, when the first of its sources that is not gone is free again (the others wait on their
    /// own, ``sourceHolds(for:state:now:revived:)``). Nil when a source never had a hold.
    private func holdEnd(for spec: FeedSpec, in state: BridgeState) -> Date? {
        let sources = state.feeds[spec.id]?.sources ?? [:]
        let urls = spec.kind.feedURLs
        let live = urls.filter { sources[$0.absoluteString]?.goneSince == nil }
        var earliest: Date?
        for url in live.isEmpty ? urls : live {
            guard let end = holdEnd(of: url, for: spec, in: state) else { return nil }
            earliest = min(earliest ?? end, end)
        }
        return earliest
    }

    /// Why `url`, a source of `spec`, must not be polled at `now`: its host's back-off, its own `Retry-After`, or
    /// its 410 (unless `revived`); nil when it may go.
    public func sourceHold(_ url: URL, of spec: FeedSpec, state: BridgeState, now: Date, revived: Bool = false)
        -> PoliteHold?
    {
        let host = SourcePoll.host(of: url)
        if let hold = state.hostHolds[host], hold.until > now {
            return .hostBackoff(host: host, until: hold.until, reason: hold.reason)
        }
        let record = state.feeds[spec.id]?.sources[url.absoluteString]
        if let retry = record?.retryAfter, retry > now { return .retryAfter(until: retry) }
        if !revived, let since = record?.goneSince { return .gone(since: since) }
        return nil
    }

    /// The sources of `spec` that must not be polled at `now`, by URL (absolute string): a merged feed goes with the
    /// others and keeps the held ones' items from its history.
    public func sourceHolds(for spec: FeedSpec, state: BridgeState, now: Date, revived: Bool = false)
        -> [String: PoliteHold]
    {
        var holds: [String: PoliteHold] = [:]
        for url in spec.kind.feedURLs {
            if let hold = sourceHold(url, of: spec, state: state, now: now, revived: revived) {
                holds[url.absoluteString] = hold
            }
        }
        return holds
    }

    /// Why `spec` must not be polled at `now` whatever the run's mode; nil when it may go. `revived` (named by
    /// `build --only`) lifts only a 410. A merged feed is held only while every one of its sources is: gone when
    /// all are gone, else by the hold that ends first.
    public func politeHold(for spec: FeedSpec, state: BridgeState, now: Date, revived: Bool = false) -> PoliteHold? {
        let urls = spec.kind.feedURLs
        guard !urls.isEmpty else { return nil }
        var holds: [PoliteHold] = []
        for url in urls {
            guard let hold = sourceHold(url, of: spec, state: state, now: now, revived: revived) else { return nil }
            holds.append(hold)
        }
        let waits = holds.filter { $0.until != nil }
        if let first = waits.min(by: { ($0.until ?? now) < ($1.until ?? now) }) { return first }
        let since = holds.compactMap { hold -> Date? in
            if case .gone(let since) = hold { return since }
            return nil
        }.max()
        return since.map { .gone(since: $0) }
    }

    /// The earliest second at which a feed of `host` may be polled again after `polls` answered busy.
    static let firstHostBackoff: TimeInterval = 600

    /// Records what the polls of a publisher's feed said (issue 27, point 5): per configured URL the answer, its
    /// size, the items, the interval asked, `Retry-After`, a permanent redirect, a 410; a `429` or `503` backs
    /// the host off (its `Retry-After`, else 10 minutes doubling per back-off in a row, at most a day), and a good
    /// answer asked for after a back-off began ends it (`now` is when the poll was admitted). Records of URLs no
    /// longer configured are dropped.
    public func recordPolls(_ polls: [SourcePoll], for spec: FeedSpec, state: inout BridgeState, now: Date) {
        guard !polls.isEmpty || !(state.feeds[spec.id]?.sources.isEmpty ?? true) else { return }
        var record = state.feeds[spec.id] ?? FeedRecord()
        let configured = Set(spec.kind.feedURLs.map(\.absoluteString))
        var sources = record.sources.filter { configured.contains($0.key) }
        for poll in polls {
            let key = poll.url.absoluteString
            let before = sources[key]
            var entry = SourcePollRecord(time: now, answer: poll.answerText)
            entry.status = poll.status
            let answered = poll.status.map { (200..<300).contains($0) || $0 == 304 } ?? false
            entry.bytes = poll.status == nil ? nil : poll.bytes
            if poll.wasRead {
                entry.itemsRead = poll.itemsRead
                entry.itemsDropped = poll.itemsDropped
                entry.askedSeconds = poll.asked?.seconds
                entry.askedBy = poll.asked?.by
            } else {
                // A failed poll says nothing new of the feed's own interval: the last one still holds.
                entry.askedSeconds = before?.askedSeconds
                entry.askedBy = before?.askedBy
            }
            entry.retryAfter = poll.retryAfter.map { now.addingTimeInterval(TimeInterval($0.components.seconds)) }
            entry.movedTo = poll.movedTo?.absoluteString ?? (poll.status == nil ? before?.movedTo : nil)
            entry.goneSince = poll.gone ? (before?.goneSince ?? now) : nil
            sources[key] = entry
            let host = poll.host
            if poll.hostBusy {
                let count = (state.hostHolds[host]?.count ?? 0) + 1
                let doubled = Self.firstHostBackoff * pow(2, Double(min(count - 1, 20)))
                let wait = entry.retryAfter.map { $0.timeIntervalSince(now) } ?? min(doubled, 86_400)
                state.hostHolds[host] = HostHoldRecord(
                    since: now, until: now.addingTimeInterval(max(1, wait)),
                    reason: "\(poll.answerText) from \(host)", count: count)
            } else if answered, let hold = state.hostHolds[host], hold.since < now {
                // Only an answer asked for after the back-off began ends it (not one that was in flight with the
                // busy answer).
                state.hostHolds[host] = nil
            }
        }
        record.sources = sources
        state.feeds[spec.id] = record
    }

    /// True when `spec` has had no success for more than twice its interval, counted from
    /// its last success or, for a feed never built, from the first run that saw it configured.
    public func isOverdue(_ spec: FeedSpec, state: BridgeState, now: Date) -> Bool {
        let record = state.feeds[spec.id]
        guard let since = record?.lastSuccess ?? record?.firstConfigured else { return false }
        return now.timeIntervalSince(since) > 2 * interval(for: spec)
    }

    // MARK: - Quota

    /// One window's spending at a moment.
    public struct WindowUsage: Sendable, Hashable {
        public var window: QuotaSettings.Window
        /// Requests logged inside the window.
        public var used: Int
        /// What unforced runs may still spend (the reserve excluded); nil when unlimited.
        public var remaining: Int?
        /// What is left of the reserve; nil when unlimited.
        public var reserveLeft: Int?
    }

    /// Both windows' spending at `now`.
    public func usage(state: BridgeState, now: Date) -> [WindowUsage] {
        config.quota.windows.map { window in
            var used = requestTimes(in: window, state: state, now: now).count
            guard let limit = window.limit else {
                return WindowUsage(window: window, used: used, remaining: nil, reserveLeft: nil)
            }
            if ledgerLost(state, window: window, now: now) { used = max(used, limit) }
            let reserve = config.quota.reserve
            let remaining = max(0, limit - reserve - used)
            let reserveLeft = max(0, min(reserve, limit - used))
            return WindowUsage(window: window, used: used, remaining: remaining, reserveLeft: reserveLeft)
        }
    }

    private func requestTimes(in window: QuotaSettings.Window, state: BridgeState, now: Date) -> [Date] {
        let start = now.addingTimeInterval(-window.length)
        return state.requests.lazy.map(\.time).filter { $0 > start && $0 <= now }.sorted()
    }

    /// Whether the request log was lost less than `window` ago: the window then counts as full.
    private func ledgerLost(_ state: BridgeState, window: QuotaSettings.Window, now: Date) -> Bool {
        guard let lost = state.ledgerLostAt else { return false }
        return lost.addingTimeInterval(window.length) > now
    }

    /// Nil when one more metered request fits both windows now; else when the first slot frees.
    public func quotaBlockedUntil(state: BridgeState, now: Date, mayUseReserve: Bool) -> Date? {
        var until: Date?
        for window in config.quota.windows {
            guard let limit = window.limit else { continue }
            if let lost = state.ledgerLostAt, ledgerLost(state, window: window, now: now) {
                let frees = lost.addingTimeInterval(window.length)
                until = max(until ?? frees, frees)
                continue
            }
            let allowed = limit - (mayUseReserve ? 0 : config.quota.reserve)
            let times = requestTimes(in: window, state: state, now: now)
            guard times.count >= allowed else { continue }
            // The window frees a slot when enough of its oldest requests age out.
            let index = max(0, times.count - allowed)
            let frees = times[index].addingTimeInterval(window.length)
            until = max(until ?? frees, frees)
        }
        return until
    }

    // MARK: - Pauses

    /// The pause in force at `now` for `apiKey`: a rate limit until its end, a bad key
    /// while the key is the refused one (or unknown, as for `status` without a key).
    public func activePause(state: BridgeState, now: Date, apiKey: String?) -> PauseRecord? {
        guard let pause = state.pause else { return nil }
        switch pause.cause {
        case .rateLimited:
            guard let until = pause.until, until > now else { return nil }
            return pause
        case .badKey:
            guard let apiKey, let fingerprint = pause.keyFingerprint else { return pause }
            return fingerprint.matches(apiKey) ? pause : nil
        }
    }

    /// The pause NewsAPI's refusal calls for, or nil when `error` is not a refusal:
    /// a 429 until its `Retry-After` (or, without one, until the rolling window in which
    /// we last spent frees up); a bad key until the key changes.
    public func pause(after error: NewsAPIError, state: BridgeState, now: Date, apiKey: String?) -> PauseRecord? {
        guard error.stopsFurtherRequests else { return nil }
        let reason = error.description
        if error.isBadKey {
            return PauseRecord(
                cause: .badKey, reason: reason, since: now, keyFingerprint: apiKey.map { KeyFingerprint(key: $0) })
        }
        if let retry = error.retryAfter {
            return PauseRecord(
                cause: .rateLimited, reason: reason, since: now,
                until: now.addingTimeInterval(TimeInterval(max(1, retry.components.seconds))))
        }
        let day = config.quota.windows[0]
        let oldest = requestTimes(in: day, state: state, now: now).first ?? now
        return PauseRecord(
            cause: .rateLimited, reason: reason, since: now, until: oldest.addingTimeInterval(day.length))
    }

    // MARK: - Plans

    /// The decision for each of `specs` at `now`: feeds to fetch first, stalest first
    /// (never built ones in config order), as many as the quota has room for; the rest
    /// after them in the order given.
    public func plan(_ specs: [FeedSpec], state: BridgeState, now: Date, mode: Mode, apiKey: String?) -> [Planned] {
        let pause = activePause(state: state, now: now, apiKey: apiKey)
        var simulated = state
        var fetches: [Planned] = []
        var others: [Planned] = []
        // While NewsAPI is paused its feeds say so, due or not: a feed whose refused request left it
        // "not due" would hide the pause (and a bad key would go unsaid by quiet cron runs).
        var held: [String: PoliteHold] = [:]
        for spec in specs {
            held[spec.id] = politeHold(for: spec, state: state, now: now, revived: mode.revives.contains(spec.id))
        }
        let candidates = specs.enumerated().filter {
            guard held[$0.element.id] == nil else { return false }
            return mode.force || ($0.element.isMetered && pause != nil) || isDue($0.element, state: state, now: now)
        }
        let ordered = candidates.sorted { lhs, rhs in
            let left = state.feeds[lhs.element.id]?.lastSuccess ?? .distantPast
            let right = state.feeds[rhs.element.id]?.lastSuccess ?? .distantPast
            return left == right ? lhs.offset < rhs.offset : left < right
        }
        let chosen = Set(ordered.map(\.offset))
        for spec in ordered.map(\.element) {
            guard spec.isMetered else {
                fetches.append(Planned(spec: spec, decision: .fetch))
                continue
            }
            if let pause {
                others.append(Planned(spec: spec, decision: .paused(pause)))
            } else if let until = quotaBlockedUntil(state: simulated, now: now, mayUseReserve: mode.mayUseReserve) {
                others.append(Planned(spec: spec, decision: .outOfQuota(until: until)))
            } else {
                simulated.requests.append(RequestRecord(time: now, feed: spec.id))
                fetches.append(Planned(spec: spec, decision: .fetch))
            }
        }
        for (offset, spec) in specs.enumerated() where !chosen.contains(offset) {
            if let hold = held[spec.id] {
                others.append(Planned(spec: spec, decision: .polite(hold)))
            } else {
                others.append(Planned(spec: spec, decision: .notDue(next: nextDue(for: spec, in: state) ?? now)))
            }
        }
        let order = Dictionary(specs.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        others.sort { (order[$0.spec.id] ?? 0) < (order[$1.spec.id] ?? 0) }
        return fetches + others
    }

    /// The check made under the output lock right before a request, against the state
    /// as it is now (another process may have spent the room or fetched the feed).
    public func admission(
        for spec: FeedSpec, state: BridgeState, now: Date, mode: Mode, apiKey: String?
    ) -> Decision {
        if let hold = politeHold(for: spec, state: state, now: now, revived: mode.revives.contains(spec.id)) {
            return .polite(hold)
        }
        guard spec.isMetered else { return .fetch }
        if !mode.force && !isDue(spec, state: state, now: now) {
            return .notDue(next: nextDue(for: spec, in: state) ?? now)
        }
        if let pause = activePause(state: state, now: now, apiKey: apiKey) { return .paused(pause) }
        if let until = quotaBlockedUntil(state: state, now: now, mayUseReserve: mode.mayUseReserve) {
            return .outOfQuota(until: until)
        }
        return .fetch
    }

    // MARK: - State changes (made by the builder under the lock)

    /// ``admission(for:state:now:mode:apiKey:)``, and when the request may go, logs it
    /// (with the feed's last attempt) so no other process can spend its slot.
    public func admit(
        _ spec: FeedSpec, state: inout BridgeState, now: Date, mode: Mode, apiKey: String?
    ) -> Decision {
        let decision = admission(for: spec, state: state, now: now, mode: mode, apiKey: apiKey)
        guard decision == .fetch else { return decision }
        if spec.isMetered { state.requests.append(RequestRecord(time: now, feed: spec.id)) }
        var record = state.feeds[spec.id] ?? FeedRecord()
        record.lastAttempt = now
        state.feeds[spec.id] = record
        return decision
    }

    /// Undoes ``admit(_:state:now:mode:apiKey:)`` for a request the run was stopped during: its log
    /// entry (logged at `admittedAt`) stays, for the quota, marked interrupted, and the feed's record
    /// goes back to `record` (no error, no backoff, no failure counted).
    public func recordInterrupted(_ spec: FeedSpec, admittedAt: Date, record: FeedRecord?, state: inout BridgeState) {
        // The state keeps whole seconds: the entry is the feed's last one logged at that second.
        let second = admittedAt.timeIntervalSince1970.rounded(.down)
        if let index = state.requests.lastIndex(where: {
            $0.feed == spec.id && $0.time.timeIntervalSince1970.rounded(.down) == second
        }) {
            state.requests[index].interrupted = true
        }
        state.feeds[spec.id] = record
    }

    /// Records a failed attempt; a NewsAPI refusal also pauses further requests.
    public func recordFailure(
        _ spec: FeedSpec, reason: String, error: NewsAPIError?, state: inout BridgeState, now: Date, apiKey: String?
    ) {
        var record = state.feeds[spec.id] ?? FeedRecord()
        record.lastAttempt = now
        record.lastError = reason
        record.lastErrorTime = now
        record.consecutiveFailures += 1
        state.feeds[spec.id] = record
        if let error, let pause = pause(after: error, state: state, now: now, apiKey: apiKey) {
            state.pause = pause
            if let index = state.requests.lastIndex(where: { $0.feed == spec.id }) {
                state.requests[index].refused = true
            }
        }
    }

    /// Records a success; a pause that no longer applies (the key changed) is over.
    public func recordSuccess(
        _ spec: FeedSpec, itemCount: Int, newItemCount: Int, state: inout BridgeState, now: Date, apiKey: String?
    ) {
        var record = state.feeds[spec.id] ?? FeedRecord()
        record.lastSuccess = now
        record.lastAttempt = now
        record.lastError = nil
        record.consecutiveFailures = 0
        record.itemCount = itemCount
        record.newItemCount = newItemCount
        state.feeds[spec.id] = record
        if state.pause != nil, activePause(state: state, now: now, apiKey: apiKey) == nil { state.pause = nil }
    }

    // MARK: - State upkeep

    /// How long an image record no remembered story carries is kept after its last check: as long
    /// as the build remembers stories (`maxAgeDays` + 30 days).
    static func imageRetention(_ config: NewsFeedConfig) -> TimeInterval {
        TimeInterval(config.maxAgeDays + 30) * 86_400
    }

    /// Notes when each configured feed was first seen, forgets the records of feeds no longer
    /// configured, requests older than the longest window and image records no remembered story
    /// carries, so the state stays bounded; call
    /// under the lock at the start of a run.
    public func refreshed(_ state: BridgeState, now: Date) -> BridgeState {
        var state = state
        let configured = Set(config.feeds.map(\.id))
        state.feeds = state.feeds.filter { configured.contains($0.key) }
        for spec in config.feeds where state.feeds[spec.id]?.firstConfigured == nil {
            var record = state.feeds[spec.id] ?? FeedRecord()
            record.firstConfigured = now
            state.feeds[spec.id] = record
        }
        let horizon = now.addingTimeInterval(-(config.quota.windows.map(\.length).max() ?? 86_400))
        state.requests.removeAll { $0.time <= horizon }
        if let lost = state.ledgerLostAt, lost <= horizon { state.ledgerLostAt = nil }
        // The watcher's records of images no remembered story carries and `watch` has not checked for as
        // long as stories are remembered (it checks every image of the feeds each round, so a record
        // of an image still shown stays fresh).
        var referenced = Set(state.items.values.compactMap(\.originalImage))
        for case let hidden? in state.items.values.map(\.hiddenImages) { referenced.formUnion(hidden.values) }
        let forgotten = now.addingTimeInterval(-Self.imageRetention(config))
        state.images = state.images.filter { key, record in
            referenced.contains(key) || (record.lastChecked ?? .distantPast) > forgotten
        }
        if let pause = state.pause, pause.cause == .rateLimited, let until = pause.until, until <= now {
            state.pause = nil
        }
        // A host's back-off is kept a day past its end, so the next one in a row waits longer; then forgotten.
        state.hostHolds = state.hostHolds.filter { $0.value.until.addingTimeInterval(86_400) > now }
        return state
    }

    /// The earliest moment after `now` at which a plan could change: a feed falls due,
    /// a window frees a slot or a pause ends (for `serve --refresh`'s sleep).
    public func nextChange(after plan: [Planned], state: BridgeState, now: Date) -> Date? {
        plan.compactMap { planned -> Date? in
            switch planned.decision {
            case .fetch: return now
            case .notDue(let next):
                return next.addingTimeInterval(-min(Self.dueSlack, wait(for: planned.spec, in: state) / 10))
            case .outOfQuota(let until): return until
            case .paused(let pause): return pause.until
            case .polite(let hold): return hold.until
            }
        }.min()
    }
}

extension NewsAPIError {
    /// 401 or a bad-key code: only a new key helps.
    var isBadKey: Bool {
        if case .api(let code, _, _, _) = self, ["apiKeyInvalid", "apiKeyMissing", "apiKeyDisabled"].contains(code) {
            return true
        }
        return httpStatus == 401
    }
}
