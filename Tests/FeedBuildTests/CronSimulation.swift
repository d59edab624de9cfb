import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// A week of cron builds in microseconds: each run does what ``FeedBuilder`` does under
/// the lock (refresh, plan, admit each request against the state as it is, record the
/// answer) with the same ``FeedScheduler`` calls, against a scripted NewsAPI.
struct CronSimulation {
    var config: NewsFeedConfig
    var state = BridgeState()
    var now: Date
    var apiKey = "sim-key-A"
    /// NewsAPI's answer to a request for a feed at a moment: nil for success.
    var answer: @Sendable (String, Date, String) -> NewsAPIError? = { _, _, _ in nil }
    /// Every request ever made (the state's log forgets old ones), with whether it was forced.
    private(set) var requests: [(time: Date, feed: String, forced: Bool)] = []
    /// Successful fetch times per feed.
    private(set) var successes: [String: [Date]] = [:]

    init(config: NewsFeedConfig, start: Date) {
        self.config = config
        now = start
    }

    var scheduler: FeedScheduler { FeedScheduler(config: config) }

    /// One `build` run at `now`; returns its plan.
    @discardableResult
    mutating func run(_ mode: FeedScheduler.Mode = .scheduled, only: [FeedSpec]? = nil) -> [FeedScheduler.Planned] {
        let plan = startRun(mode, only: only)
        for planned in plan where planned.decision == .fetch {
            fetch(planned.spec, mode: mode)
        }
        return plan
    }

    /// The first half of a run: refresh the state and plan (what two processes may do at once).
    mutating func startRun(_ mode: FeedScheduler.Mode = .scheduled, only: [FeedSpec]? = nil)
        -> [FeedScheduler.Planned]
    {
        let scheduler = self.scheduler
        state = scheduler.refreshed(state, now: now)
        return scheduler.plan(only ?? config.feeds, state: state, now: now, mode: mode, apiKey: apiKey)
    }

    /// One request as the builder makes it: admitted under the lock, then answered.
    @discardableResult
    mutating func fetch(_ spec: FeedSpec, mode: FeedScheduler.Mode) -> FeedScheduler.Decision {
        let scheduler = self.scheduler
        let decision = scheduler.admit(spec, state: &state, now: now, mode: mode, apiKey: apiKey)
        guard decision == .fetch else { return decision }
        requests.append((now, spec.id, mode.force))
        if let error = answer(spec.id, now, apiKey) {
            scheduler.recordFailure(
                spec, reason: error.description, error: error, state: &state, now: now, apiKey: apiKey)
        } else {
            scheduler.recordSuccess(spec, itemCount: 10, newItemCount: 1, state: &state, now: now, apiKey: apiKey)
            successes[spec.id, default: []].append(now)
        }
        return decision
    }

    /// Runs cron every `period` until `end`.
    mutating func cron(every period: TimeInterval = 600, until end: Date) {
        while now < end {
            run()
            now = now.addingTimeInterval(period)
        }
    }

    /// The most requests any rolling window of `length` ever saw, counting `forced` ones only if asked.
    func peak(window length: TimeInterval, includingForced: Bool = true) -> Int {
        let times = requests.filter { includingForced || !$0.forced }.map(\.time).sorted()
        var peak = 0
        var start = 0
        for (index, time) in times.enumerated() {
            while times[start] <= time.addingTimeInterval(-length) { start += 1 }
            peak = max(peak, index - start + 1)
        }
        return peak
    }

    /// The longest wait between successive successes of `feed` (from `since`, when given).
    func largestGap(_ feed: String, from since: Date? = nil, until end: Date? = nil) -> TimeInterval {
        let times = (successes[feed] ?? []).filter { time in
            (since.map { time >= $0 } ?? true) && (end.map { time <= $0 } ?? true)
        }
        return zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }.max() ?? 0
    }

    /// Requests made in `[start, end)`.
    func requestCount(from start: Date, to end: Date) -> Int {
        requests.filter { $0.time >= start && $0.time < end }.count
    }

    /// `count` NewsAPI feeds, us/business, us/entertainment, … then other countries.
    static func feeds(_ count: Int, offset: Int = 0) -> [FeedSpec] {
        let countries = ["us", "gb", "de", "fr"]
        let categories = NewsAPICatalog.categories
        return (offset..<(offset + count)).map { index in
            FeedSpec(
                country: countries[index / categories.count % countries.count],
                category: categories[index % categories.count])
        }
    }
}
