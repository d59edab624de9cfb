import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import Testing

/// The scheduler as a pure function of (config, state, now), driven by ``CronSimulation``:
/// a cron running `build` every 10 minutes for days, in microseconds.
@Suite struct FeedSchedulerTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let hour: TimeInterval = 3600
    static let day: TimeInterval = 86_400

    static func config(feeds: [FeedSpec], quota: QuotaSettings = .standard) -> NewsFeedConfig {
        var config = NewsFeedConfig(output: URL(fileURLWithPath: "/tmp/unused"), feeds: feeds)
        config.quota = quota
        return config
    }

    static let twelve = config(feeds: CronSimulation.feeds(12))

    /// The week's invariants: no window over its limit (the reserve untouched), every feed
    /// refreshed at even intervals.
    func expectEvenWithinQuota(
        _ simulation: CronSimulation, from since: Date? = nil, exempt: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let quota = simulation.config.quota
        #expect(simulation.peak(window: Self.day) <= (quota.requestsPerDay ?? .max), sourceLocation: sourceLocation)
        #expect(
            simulation.peak(window: 12 * Self.hour) <= (quota.requestsPer12h ?? .max), sourceLocation: sourceLocation)
        #expect(
            simulation.peak(window: Self.day, includingForced: false) <= (quota.requestsPerDay ?? .max) - quota.reserve,
            "unforced runs used the reserve", sourceLocation: sourceLocation)
        #expect(
            simulation.peak(window: 12 * Self.hour, includingForced: false)
                <= (quota.requestsPer12h ?? .max) - quota.reserve,
            "unforced runs used the reserve", sourceLocation: sourceLocation)
        for spec in simulation.config.feeds where !exempt.contains(spec.id) {
            let interval = simulation.scheduler.interval(for: spec)
            let gap = simulation.largestGap(spec.id, from: since)
            #expect(gap > 0, "\(spec.id) was refreshed at most once", sourceLocation: sourceLocation)
            #expect(
                gap <= 1.5 * interval, "\(spec.id): largest gap \(gap / 60) min, interval \(interval / 60) min",
                sourceLocation: sourceLocation)
        }
    }

    @Test func twelveFeedsShareTheDefaultQuotaEvenly() {
        let scheduler = FeedScheduler(config: Self.twelve)
        // 45 unreserved requests per 12 h over 12 feeds: 3 each whatever their phases, so
        // every 4 h (and the minute a run may start early).
        for spec in Self.twelve.feeds { #expect(scheduler.interval(for: spec) == 241 * 60) }
        var simulation = CronSimulation(config: Self.twelve, start: Self.start)
        let first = simulation.run()
        #expect(first.map(\.decision) == Array(repeating: .fetch, count: 12), "a first run builds everything")
        #expect(first.map(\.spec) == Self.twelve.feeds, "in config order")
        simulation.cron(until: Self.start.addingTimeInterval(7 * Self.day))
        expectEvenWithinQuota(simulation)
        // Each feed every 4 h 10 min (the next cron tick): 12 × 24 × 7 / (250 / 60) ≈ 484 requests.
        #expect(simulation.requests.count >= 480)
    }

    @Test func unlimitedQuotaFallsBackToTheTTLAndEveryWins() throws {
        var feeds = CronSimulation.feeds(3)
        feeds[1].every = .hours(3)
        feeds[2].ttl = 240
        let config = Self.config(feeds: feeds, quota: QuotaSettings(requestsPerDay: nil, requestsPer12h: nil))
        let scheduler = FeedScheduler(config: config)
        #expect(scheduler.interval(for: feeds[0]) == 3600)
        #expect(scheduler.interval(for: feeds[1]) == 3 * 3600)
        #expect(scheduler.interval(for: feeds[2]) == 4 * 3600)
        var simulation = CronSimulation(config: config, start: Self.start)
        simulation.cron(until: Self.start.addingTimeInterval(2 * Self.day))
        #expect(simulation.largestGap(feeds[0].id) == 3600, "an hourly interval is met on the hour, not 10 min late")
        #expect(simulation.successes[feeds[1].id]?.count == 16)
    }

    @Test func aFeedWhoseTTLIsLongerThanItsShareLeavesTheRestToTheOthers() {
        var feeds = CronSimulation.feeds(12)
        feeds[0].ttl = 24 * 60
        let scheduler = FeedScheduler(config: Self.config(feeds: feeds))
        #expect(scheduler.interval(for: feeds[0]) == Self.day)
        // 44 per 12 h left for 11 feeds: 4 each, every 3 h (and the early minute).
        #expect(scheduler.interval(for: feeds[1]) == 181 * 60)
    }

    @Test func aRateLimitWithRetryAfterPausesEveryRequestUntilThen() {
        var simulation = CronSimulation(config: Self.twelve, start: Self.start)
        let middle = Self.start.addingTimeInterval(3.5 * Self.day)
        let retryAfter: TimeInterval = 3600
        simulation.answer = { _, time, _ in
            time >= middle && time < middle.addingTimeInterval(1)
                ? .api(code: "rateLimited", message: "slow down", httpStatus: 429, retryAfter: .seconds(3600)) : nil
        }
        simulation.cron(until: middle)
        // The first request at or after the middle is refused.
        while simulation.requestCount(from: middle, to: middle.addingTimeInterval(1)) == 0 {
            simulation.now = middle
            simulation.run()
            simulation.now = simulation.now.addingTimeInterval(600)
        }
        #expect(simulation.state.pause?.cause == .rateLimited)
        #expect(simulation.state.pause?.until == middle.addingTimeInterval(retryAfter))
        simulation.cron(until: Self.start.addingTimeInterval(7 * Self.day))
        #expect(
            simulation.requestCount(from: middle.addingTimeInterval(1), to: middle.addingTimeInterval(retryAfter)) == 0,
            "no request during the pause")
        #expect(
            simulation.requestCount(
                from: middle.addingTimeInterval(retryAfter), to: middle.addingTimeInterval(2 * retryAfter)) > 0)
        expectEvenWithinQuota(simulation)
    }

    @Test func aBadKeyPausesUntilTheKeyChangesThenResumesAtOnce() {
        var simulation = CronSimulation(config: Self.twelve, start: Self.start)
        let middle = Self.start.addingTimeInterval(5 * Self.day)
        simulation.answer = { _, _, key in
            key == "sim-key-A" ? .api(code: "apiKeyInvalid", message: "bad key", httpStatus: 401, retryAfter: nil) : nil
        }
        simulation.apiKey = "sim-key-B"
        simulation.cron(until: middle)
        simulation.apiKey = "sim-key-A"  // someone breaks the key
        simulation.cron(until: middle.addingTimeInterval(2 * Self.hour))
        #expect(
            simulation.requestCount(from: middle, to: middle.addingTimeInterval(2 * Self.hour)) == 1,
            "one 401, then silence")
        let pause = simulation.state.pause
        #expect(pause?.cause == .badKey)
        #expect(pause?.until == nil)
        #expect(pause?.keyFingerprint?.matches("sim-key-A") == true)
        #expect(pause?.keyFingerprint?.matches("sim-key-B") == false)
        #expect(simulation.stateJSON.contains("sim-key-A") == false, "the key itself is never stored")
        simulation.apiKey = "sim-key-B"
        let fixed = simulation.now
        let resumed = simulation.run()
        #expect(resumed.contains { $0.decision == .fetch }, "a fixed key resumes at once")
        #expect(simulation.requestCount(from: fixed, to: fixed.addingTimeInterval(1)) > 0)
        simulation.now = simulation.now.addingTimeInterval(600)
        simulation.cron(until: Self.start.addingTimeInterval(7 * Self.day))
        #expect(simulation.state.pause == nil)
        expectEvenWithinQuota(simulation, from: fixed.addingTimeInterval(Self.day))
        #expect(simulation.peak(window: Self.day) <= 100)
        #expect(simulation.peak(window: 12 * Self.hour, includingForced: false) <= 45)
    }

    @Test func aFailedFetchIsRetriedWithBackoffWithinTheQuota() throws {
        var simulation = CronSimulation(config: Self.twelve, start: Self.start)
        let failing = Self.twelve.feeds[0].id
        let middle = Self.start.addingTimeInterval(3 * Self.day)
        let outage = middle.addingTimeInterval(2 * Self.hour)
        simulation.answer = { feed, time, _ in
            feed == failing && time >= middle && time < outage
                ? .api(code: "unexpectedError", message: "try later", httpStatus: 500, retryAfter: nil) : nil
        }
        simulation.cron(until: Self.start.addingTimeInterval(7 * Self.day))
        let tries = simulation.requests.filter { $0.feed == failing && $0.time >= middle && $0.time < outage }
            .map(\.time)
        #expect(tries.count == 4, "a first failure, then retries 10, 20 and 40 minutes later: \(tries)")
        let gaps = zip(tries.dropFirst(), tries).map { $0.timeIntervalSince($1) }
        #expect(gaps == [600, 1200, 2400])
        let recovered = try #require(simulation.successes[failing]?.first { $0 >= outage })
        #expect(recovered.timeIntervalSince(try #require(tries.last)) == 4800, "the next doubling: 80 minutes")
        expectEvenWithinQuota(simulation, exempt: [failing])
    }

    @Test func aFailedAttemptIsDueAgainAfterTheBackoffNotAWholeInterval() {
        let ddg = FeedSpec(kind: .duckDuckGo(query: "apple"))
        let config = Self.config(feeds: [ddg] + CronSimulation.feeds(1))
        let scheduler = FeedScheduler(config: config)
        for spec in config.feeds {
            let interval = scheduler.interval(for: spec)
            var state = BridgeState()
            var now = Self.start
            #expect(scheduler.admit(spec, state: &state, now: now, mode: .scheduled, apiKey: "k") == .fetch)
            scheduler.recordFailure(
                spec, reason: "connection refused", error: nil, state: &state, now: now, apiKey: "k")
            #expect(scheduler.nextDue(for: spec, in: state) == now.addingTimeInterval(600), "\(spec.id)")
            #expect(!scheduler.isDue(spec, state: state, now: now.addingTimeInterval(500)))
            #expect(scheduler.isDue(spec, state: state, now: now.addingTimeInterval(600)))
            for failures in 2...12 {
                now = now.addingTimeInterval(scheduler.wait(for: spec, in: state))
                #expect(scheduler.admit(spec, state: &state, now: now, mode: .scheduled, apiKey: "k") == .fetch)
                scheduler.recordFailure(spec, reason: "timed out", error: nil, state: &state, now: now, apiKey: "k")
                let backoff = min(interval, 600 * pow(2, Double(failures - 1)))
                #expect(scheduler.nextDue(for: spec, in: state) == now.addingTimeInterval(backoff), "\(spec.id)")
            }
            #expect(scheduler.wait(for: spec, in: state) == interval, "the backoff never exceeds the interval")
            scheduler.recordSuccess(spec, itemCount: 1, newItemCount: 1, state: &state, now: now, apiKey: "k")
            #expect(scheduler.nextDue(for: spec, in: state) == now.addingTimeInterval(interval), "a success resets it")
        }
    }

    @Test func aFeedAddedAndOneRemovedHalfwayKeepTheBudget() {
        var simulation = CronSimulation(config: Self.twelve, start: Self.start)
        let middle = Self.start.addingTimeInterval(3.5 * Self.day)
        simulation.cron(until: middle)
        var feeds = Self.twelve.feeds
        let removed = feeds.removeLast()
        let added = CronSimulation.feeds(1, offset: 20)[0]
        feeds.append(added)
        simulation.config = Self.config(feeds: feeds)
        let run = simulation.run()
        #expect(run.first?.spec == added, "the new feed, never built, is the stalest")
        #expect(run.first?.decision == .fetch)
        simulation.now = simulation.now.addingTimeInterval(600)
        simulation.cron(until: Self.start.addingTimeInterval(7 * Self.day))
        #expect(simulation.requests.filter { $0.feed == removed.id && $0.time > middle }.isEmpty)
        expectEvenWithinQuota(simulation)
    }

    @Test func twoProcessesBuildingAtOnceKeepTheCountExact() {
        var simulation = CronSimulation(config: Self.twelve, start: Self.start)
        simulation.cron(until: Self.start.addingTimeInterval(Self.day))
        // Two forced builds (`build --force` twice at once): both plan from the same state,
        // then their requests interleave, each admitted under the lock against the state as it is.
        let force = FeedScheduler.Mode(force: true)
        let planA = simulation.startRun(force)
        let planB = simulation.startRun(force)
        #expect(planA == planB)
        let before = simulation.requests.count
        let room =
            simulation.scheduler.usage(state: simulation.state, now: simulation.now)
            .compactMap(\.remaining).min() ?? 0
        for (a, b) in zip(planA, planB) {
            if a.decision == .fetch { simulation.fetch(a.spec, mode: force) }
            if b.decision == .fetch { simulation.fetch(b.spec, mode: force) }
        }
        let made = simulation.requests.count - before
        #expect(made == min(room, 2 * 12), "exactly the room left, never more")
        #expect(
            simulation.scheduler.usage(state: simulation.state, now: simulation.now).compactMap(\.remaining).min()
                == max(0, room - 24))
        // Two cron builds at once: the second finds every feed just fetched by the first.
        simulation.now = simulation.now.addingTimeInterval(13 * Self.hour)
        let cronA = simulation.startRun()
        let cronB = simulation.startRun()
        var fetchedByB = 0
        for planned in cronA where planned.decision == .fetch { simulation.fetch(planned.spec, mode: .scheduled) }
        for planned in cronB where planned.decision == .fetch {
            if simulation.fetch(planned.spec, mode: .scheduled) == .fetch { fetchedByB += 1 }
        }
        #expect(fetchedByB == 0, "no feed fetched twice")
        simulation.now = simulation.now.addingTimeInterval(600)
        simulation.cron(until: Self.start.addingTimeInterval(7 * Self.day))
        #expect(simulation.peak(window: Self.day) <= 100)
        #expect(simulation.peak(window: 12 * Self.hour) <= 50)
        #expect(simulation.peak(window: 12 * Self.hour, includingForced: false) <= 45)
    }

    @Test func onlyMaySpendTheReserveAndNothingMore() {
        var simulation = CronSimulation(config: Self.config(feeds: CronSimulation.feeds(2)), start: Self.start)
        let feed = simulation.config.feeds[0]
        // Spend the unreserved 12 h budget by force.
        for _ in 0..<50 { simulation.fetch(feed, mode: FeedScheduler.Mode(force: true)) }
        #expect(simulation.requests.count == 45)
        if case .outOfQuota = simulation.scheduler.admission(
            for: feed, state: simulation.state, now: simulation.now, mode: FeedScheduler.Mode(force: true),
            apiKey: nil)
        {
        } else {
            Issue.record("--force may not spend the reserve")
        }
        let only = FeedScheduler.Mode(force: true, mayUseReserve: true)
        for _ in 0..<10 { simulation.fetch(feed, mode: only) }
        #expect(simulation.requests.count == 50, "the reserve, and not one request past the limit")
        let usage = simulation.scheduler.usage(state: simulation.state, now: simulation.now)
        #expect(usage.map(\.used) == [50, 50])
        #expect(usage.map(\.remaining) == [45, 0])
        #expect(usage.map(\.reserveLeft) == [5, 0])
        // The 12 h window frees one slot when the first request ages out.
        let blocked = simulation.scheduler.quotaBlockedUntil(
            state: simulation.state, now: simulation.now, mayUseReserve: false)
        #expect(blocked == Self.start.addingTimeInterval(12 * Self.hour))
    }

    @Test func aFeedUnbuiltForTwiceItsIntervalIsOverdue() {
        let config = Self.config(feeds: CronSimulation.feeds(1))
        let scheduler = FeedScheduler(config: config)
        let spec = config.feeds[0]
        var state = scheduler.refreshed(BridgeState(), now: Self.start)
        #expect(state.feeds[spec.id]?.firstConfigured == Self.start)
        #expect(!scheduler.isOverdue(spec, state: state, now: Self.start.addingTimeInterval(2 * 3600)))
        #expect(scheduler.isOverdue(spec, state: state, now: Self.start.addingTimeInterval(2 * 3600 + 1)))
        scheduler.recordSuccess(
            spec, itemCount: 1, newItemCount: 1, state: &state, now: Self.start.addingTimeInterval(3 * 3600),
            apiKey: nil)
        #expect(!scheduler.isOverdue(spec, state: state, now: Self.start.addingTimeInterval(4 * 3600)))
    }

    @Test func aRateLimitWithoutRetryAfterLastsUntilTheWindowFrees() {
        let config = Self.config(feeds: CronSimulation.feeds(1))
        let scheduler = FeedScheduler(config: config)
        var state = BridgeState()
        state.requests = [RequestRecord(time: Self.start, feed: "us/business")]
        let now = Self.start.addingTimeInterval(5 * 3600)
        let pause = scheduler.pause(
            after: .api(code: "apiKeyExhausted", message: "", httpStatus: 429, retryAfter: nil), state: state, now: now,
            apiKey: "k")
        #expect(pause?.cause == .rateLimited)
        #expect(pause?.until == Self.start.addingTimeInterval(Self.day))
        #expect(scheduler.pause(after: .timedOut(after: .seconds(30)), state: state, now: now, apiKey: "k") == nil)
    }

    @Test func timesReadForPeopleRoundUpToTheMinute() {
        #expect(ScheduleTime.text(Date(timeIntervalSince1970: 1_796_134_800)) == "2026-12-01 14:20 UTC")
        #expect(ScheduleTime.text(Date(timeIntervalSince1970: 1_796_134_801)) == "2026-12-01 14:21 UTC")
        #expect(ScheduleTime.span(192 * 60) == "3h12m")
    }

    @Test func keyFingerprintsAreSaltedSHA256() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let first = KeyFingerprint(key: "secret")
        let second = KeyFingerprint(key: "secret")
        #expect(first.salt != second.salt && first.digest != second.digest, "salted: equal keys look different")
        #expect(first.matches("secret") && !first.matches("secret2"))
    }
}

extension CronSimulation {
    /// The state as saved on disk.
    var stateJSON: String { String(decoding: (try? StateStore.encode(state)) ?? Data(), as: UTF8.self) }
}
