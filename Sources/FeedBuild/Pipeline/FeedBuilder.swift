import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// The build pipeline: spec → source (fetch and normalize) → filter → merge with
/// history → images → render → write, one ``FeedOutcome`` per feed.
///
/// Network work happens outside the output lock; everything that reads and writes
/// the output folder happens inside it, so concurrent builds, a refreshing server
/// and the watcher never lose each other's updates.
public struct FeedBuilder: Sendable {
    public var config: NewsFeedConfig
    /// Where every kind of feed gets its stories (``FeedSources`` routes by kind).
    public var source: any StorySource
    public var clock: @Sendable () -> Date

    public init(config: NewsFeedConfig, source: any StorySource, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.config = config
        self.source = source
        self.clock = clock
    }

    package var output: OutputFolder { OutputFolder(root: config.output) }

    /// How a scheduled run may spend NewsAPI's quota: what `build` and `serve --refresh` pass.
    public struct ScheduledRun: Sendable {
        public var mode: FeedScheduler.Mode
        /// The key requests go out with, to tell whether a bad-key pause still applies (never stored).
        public var apiKey: String?
        /// Feed ids named by `--only`: not fetching one of them fails the run.
        public var requested: Set<String>

        public init(mode: FeedScheduler.Mode = .scheduled, apiKey: String?, requested: Set<String> = []) {
            self.mode = mode
            self.apiKey = apiKey
            self.requested = requested
        }
    }

    /// Builds `specs`. With `scheduled`, only the feeds the ``FeedScheduler`` finds due
    /// and within the quota are fetched, stalest first, each request logged in the state
    /// under the lock before it starts; the others are reported without a request. Without
    /// it (`demo`'s samples) every feed is fetched in order. After a bad key or a rate
    /// limit no further request is made to that upstream: its remaining feeds keep their files and are
    /// reported, while the other upstreams' feeds go on (a DuckDuckGo failure never stops NewsAPI feeds).
    public func build(
        _ specs: [FeedSpec], scheduled: ScheduledRun? = nil, progress: (@Sendable (Int, Int, FeedSpec) -> Void)? = nil
    ) async -> BuildReport {
        var report = BuildReport()
        var stopReasons: [Upstream: String] = [:]
        // The state right after the refusal that stopped an upstream (with its pause, if any).
        var stopStates: [Upstream: BridgeState] = [:]
        let scheduler = FeedScheduler(config: config)
        var toFetch = specs
        if let scheduled {
            let plan: [FeedScheduler.Planned]
            let state: BridgeState
            let warning: String?
            do {
                (plan, state, warning) = try await startScheduledRun(specs, scheduler: scheduler, scheduled: scheduled)
            } catch {
                // Without the request log the quota cannot be kept: fetch nothing.
                for spec in specs {
                    var outcome = FeedOutcome(
                        spec: spec, kind: .keptPrevious(reason: "\(error)"), itemCount: 0, newItemCount: 0,
                        cameBackEmpty: false)
                    outcome.hadPreviousFeed = hasFeedFile(spec)
                    report.outcomes.append(outcome)
                }
                return report
            }
            if let warning { report.warnings.append(warning) }
            report.nextChange = scheduler.nextChange(after: plan, state: state, now: clock())
            toFetch = plan.filter { $0.decision == .fetch }.map(\.spec)
            for planned in plan where planned.decision != .fetch {
                report.outcomes.append(
                    skipped(planned.spec, planned.decision, state: state, scheduler: scheduler, scheduled: scheduled))
            }
        }
        let defaultImage: StoryImage?
        do {
            defaultImage = toFetch.isEmpty ? nil : try await installDefaultImage()
        } catch {
            report.warnings.append("\(error)")
            defaultImage = nil
        }
        for (index, spec) in toFetch.enumerated() {
            progress?(index + 1, toFetch.count, spec)
            if let stopReason = stopReasons[spec.upstream] {
                // A refusal that paused NewsAPI leaves the rest of its feeds paused, as the next run
                // would report them: not attempted, so no failure unless `--only` named them or they
                // are overdue (README, exit codes).
                let state = stopStates[spec.upstream]
                if let scheduled, let state, spec.isMetered,
                    let pause = scheduler.activePause(state: state, now: clock(), apiKey: scheduled.apiKey)
                {
                    report.outcomes.append(
                        skipped(spec, .paused(pause), state: state, scheduler: scheduler, scheduled: scheduled))
                    continue
                }
                var outcome = FeedOutcome(
                    spec: spec, kind: .notAttempted(reason: stopReason), itemCount: 0, newItemCount: 0,
                    cameBackEmpty: false)
                outcome.hadPreviousFeed = hasFeedFile(spec)
                outcome.wasRequested = scheduled?.requested.contains(spec.id) ?? false
                if let state, scheduler.isOverdue(spec, state: state, now: clock()) {
                    outcome.overdueInterval = scheduler.interval(for: spec)
                }
                report.outcomes.append(outcome)
                continue
            }
            if let scheduled {
                do {
                    let (decision, state) = try await admit(spec, scheduler: scheduler, scheduled: scheduled)
                    guard decision == .fetch else {
                        report.outcomes.append(
                            skipped(spec, decision, state: state, scheduler: scheduler, scheduled: scheduled))
                        continue
                    }
                } catch {
                    await recordFailure(spec, reason: "\(error)", into: &report)
                    continue
                }
            }
            let now = Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down))
            let request = StoryRequest(pageSize: config.pageSize, now: now, defaults: storyDefaults)
            let stories: [Story]
            do {
                stories = try await source.stories(for: spec, request: request)
            } catch {
                if error.stopsFurtherRequests {
                    stopReasons[spec.upstream] =
                        "\(error.upstream.rawValue) refused \(spec.id) with \(error.refusal); no further requests this run"
                    // The pause of `serve --refresh` guards NewsAPI's daily budget.
                    if error.upstream == .newsAPI {
                        report.stoppedFurtherRequests = true
                        if let retry = error.retryAfter {
                            report.retryAfterSeconds = Int(retry.components.seconds)
                        }
                    }
                }
                let pausing = scheduled.map { (error.newsAPIError, $0.apiKey, scheduler) }
                let state = await recordFailure(spec, reason: error.description, pausing: pausing, into: &report)
                if error.stopsFurtherRequests { stopStates[spec.upstream] = state }
                continue
            }
            do {
                let outcome = try await writeFeed(
                    spec, stories: stories, now: now, defaultImage: defaultImage,
                    resuming: scheduled.map { ($0.apiKey, scheduler) }, report: &report)
                report.outcomes.append(outcome)
            } catch {
                await recordFailure(spec, reason: "\(error)", into: &report)
            }
        }
        if scheduled == nil || report.outcomes.contains(where: \.wasAttempted)
            || !FileManager.default.fileExists(atPath: output.fileURL(relativePath: SiteLayout.indexFileName).path)
        {
            await writeIndex(into: &report)
        }
        let order = Dictionary(specs.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        report.outcomes = report.outcomes.enumerated().sorted { lhs, rhs in
            let left = order[lhs.element.spec.id] ?? 0
            let right = order[rhs.element.spec.id] ?? 0
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element)
        return report
    }

    /// Under the lock: notes newly configured feeds, forgets old requests, and plans the run.
    private func startScheduledRun(
        _ specs: [FeedSpec], scheduler: FeedScheduler, scheduled: ScheduledRun
    ) async throws -> ([FeedScheduler.Planned], BridgeState, String?) {
        let output = self.output
        let now = clock()
        let (state, warning) = try await output.lock.withLock { () throws -> (BridgeState, String?) in
            let loaded = try output.stateStore.load()
            let state = scheduler.refreshed(loaded.state, now: now)
            if state != loaded.state { try output.stateStore.save(state) }
            return (state, loaded.warning)
        }
        let plan = scheduler.plan(specs, state: state, now: now, mode: scheduled.mode, apiKey: scheduled.apiKey)
        return (plan, state, warning)
    }

    /// Under the lock, right before the request: checks the feed against the state as it
    /// is now and, when it may go, logs the request so no other process can spend its slot.
    private func admit(
        _ spec: FeedSpec, scheduler: FeedScheduler, scheduled: ScheduledRun
    ) async throws -> (FeedScheduler.Decision, BridgeState) {
        let output = self.output
        let now = clock()
        return try await output.lock.withLock { () throws -> (FeedScheduler.Decision, BridgeState) in
            var state = try output.stateStore.load().state
            let decision = scheduler.admit(
                spec, state: &state, now: now, mode: scheduled.mode, apiKey: scheduled.apiKey)
            guard decision == .fetch else { return (decision, state) }
            try output.stateStore.save(state)
            return (decision, state)
        }
    }

    /// The outcome of a feed the scheduler did not fetch.
    private func skipped(
        _ spec: FeedSpec, _ decision: FeedScheduler.Decision, state: BridgeState, scheduler: FeedScheduler,
        scheduled: ScheduledRun
    ) -> FeedOutcome {
        let kind: FeedOutcome.Kind
        switch decision {
        case .fetch, .notDue: kind = .notDue(next: scheduler.nextDue(for: spec, in: state) ?? clock())
        case .outOfQuota(let until): kind = .outOfQuota(until: until)
        case .paused(let pause): kind = .paused(reason: pause.reason, until: pause.until)
        }
        var outcome = FeedOutcome(spec: spec, kind: kind, itemCount: 0, newItemCount: 0, cameBackEmpty: false)
        outcome.hadPreviousFeed = hasFeedFile(spec)
        outcome.wasRequested = scheduled.requested.contains(spec.id)
        if case .notDue = kind {
        } else if scheduler.isOverdue(spec, state: state, now: clock()) {
            outcome.overdueInterval = scheduler.interval(for: spec)
        }
        return outcome
    }

    private var storyDefaults: StoryDefaults {
        StoryDefaults(
            title: config.defaults.title, source: config.defaults.source, description: config.defaults.description)
    }

    /// Refreshes `index.html` and `feeds.opml` from what is now on disk.
    private func writeIndex(into report: inout BuildReport) async {
        let output = self.output
        let writer = FeedIndexWriter(config: config)
        do {
            try await output.lock.withLock {
                let state = try output.stateStore.load().state
                try writer.write(to: output, state: state)
            }
        } catch {
            report.warnings.append("index: \(error)")
        }
    }

    private func hasFeedFile(_ spec: FeedSpec) -> Bool {
        let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
        return FileManager.default.fileExists(atPath: files.historyURL.path)
    }

    /// Writes `assets/` (when changed): the pages' stylesheet, script and icon, and the bundled
    /// default image when stories use it or the HTML pages need it as their placeholder.
    private func installDefaultImage() async throws -> StoryImage? {
        let output = self.output
        let site = config.site
        let bundled: Bool
        if case .bundled = config.defaults.image { bundled = true } else { bundled = false }
        let withImage = bundled || config.formats.contains(.html)
        try await output.lock.withLock { try output.installPageAssets(includingDefaultImage: withImage) }
        return bundled ? DefaultImageAsset.storyImage(site: site) : config.defaults.image.storyImage(site: site)
    }

    /// Records a failed attempt; with `pausing`, a refusal also pauses further NewsAPI requests.
    /// Returns the state as saved (nil when it could not be).
    @discardableResult
    private func recordFailure(
        _ spec: FeedSpec, reason: String, pausing: (NewsAPIError?, String?, FeedScheduler)? = nil,
        into report: inout BuildReport
    ) async -> BridgeState? {
        let output = self.output
        let now = clock()
        let stateWarning: String?
        var saved: BridgeState?
        do {
            (stateWarning, saved) = try await output.lock.withLock { () throws -> (String?, BridgeState) in
                let loaded = try output.stateStore.load()
                var state = loaded.state
                let scheduler = pausing?.2 ?? FeedScheduler(config: config)
                scheduler.recordFailure(
                    spec, reason: reason, error: pausing?.0 ?? nil, state: &state, now: now, apiKey: pausing?.1)
                try output.stateStore.save(state)
                return (loaded.warning, state)
            }
        } catch {
            stateWarning = "\(error)"
        }
        if let stateWarning { report.warnings.append(stateWarning) }
        var outcome = FeedOutcome(
            spec: spec, kind: .keptPrevious(reason: reason), itemCount: 0, newItemCount: 0, cameBackEmpty: false)
        outcome.hadPreviousFeed = hasFeedFile(spec)
        report.outcomes.append(outcome)
        return saved
    }

    private func writeFeed(
        _ spec: FeedSpec, stories current: [Story], now: Date, defaultImage: StoryImage?,
        resuming: (String?, FeedScheduler)?, report: inout BuildReport
    ) async throws -> FeedOutcome {
        let assembly = FeedAssembly(config: config, spec: spec, defaultImage: defaultImage, now: now)
        let output = self.output
        let (outcome, warning) = try await output.lock.withLock { () throws -> (FeedOutcome, String?) in
            let loaded = try output.stateStore.load()
            var state = loaded.state
            let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
            let existing = try files.readHistory()
            var assembly = assembly
            assembly.itemMarks = BookmarkMarks.marks(in: output)
            let result = try assembly.assemble(current: current, existing: existing, state: &state)
            var kind = FeedOutcome.Kind.unchanged
            if try files.write(result.document, previousBuildDate: result.previousBuildDate, now: now) {
                kind = .written
            }
            // With no scheduled run, no pause is touched (an unknown key keeps a bad-key pause).
            var stateCopy = state
            (resuming?.1 ?? FeedScheduler(config: config)).recordSuccess(
                spec, itemCount: result.itemCount, newItemCount: result.newItemCount, state: &stateCopy, now: now,
                apiKey: resuming?.0)
            if resuming == nil { stateCopy.pause = state.pause }
            state = stateCopy
            try output.stateStore.save(state)
            let outcome = FeedOutcome(
                spec: spec, kind: kind, itemCount: result.itemCount, newItemCount: result.newItemCount,
                cameBackEmpty: current.isEmpty)
            return (outcome, loaded.warning ?? result.warning)
        }
        if let warning { report.warnings.append(warning) }
        return outcome
    }
}
