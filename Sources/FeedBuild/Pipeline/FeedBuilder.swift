import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// The build pipeline, in named steps: **plan** (which feeds go, under the lock), then per feed
/// **fetch** (admitted and logged under the lock, then the upstream request), **enrich** (the
/// ``StoryEnricher``s, outside the lock), **write** (history merge, render, files and state under
/// the lock), and once at the end **index** (`index.html`, `feeds.opml`). One ``FeedOutcome`` per feed.
///
/// Network work happens outside the output lock; everything that reads and writes the output
/// folder happens inside it, so concurrent builds, a refreshing server and the watcher never lose
/// each other's updates.
public struct FeedBuilder: Sendable {
    public var config: NewsFeedConfig
    /// Where every kind of feed gets its stories (``FeedSources`` routes by kind).
    public var source: any StorySource
    /// The enrich step, in order: today the image decisions; full text and the image cache plug in here.
    public var enrichers: [any StoryEnricher]
    public var clock: @Sendable () -> Date
    /// How the run waits for an output lock another process holds (and what it says meanwhile).
    public var lockWaiting = LockWaiting()

    public init(
        config: NewsFeedConfig, source: any StorySource, enrichers: [any StoryEnricher] = [ImageDecisions()],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.config = config
        self.source = source
        self.enrichers = enrichers
        self.clock = clock
    }

    package var output: OutputFolder { OutputFolder(root: config.output, lockWaiting: lockWaiting) }

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

    /// A refusal that stopped further requests to one upstream for the rest of the run.
    private struct UpstreamStop {
        var reason: String
        /// The state right after the refusal (with its pause, if any); nil when it could not be saved.
        var state: BridgeState?
    }

    /// Builds `specs`. With `scheduled`, only the feeds the ``FeedScheduler`` finds due
    /// and within the quota are fetched, stalest first, each request logged in the state
    /// under the lock before it starts; the others are reported without a request. Without
    /// it (`demo`'s samples) every feed is fetched in order. After a bad key or a rate
    /// limit no further request is made to that upstream: its remaining feeds keep their files and are
    /// reported, while the other upstreams' feeds go on (a DuckDuckGo failure never stops NewsAPI feeds).
    public func build(
        _ specs: [FeedSpec], scheduled: ScheduledRun? = nil, progress: (@Sendable (Int, Int, FeedSpec) -> Void)? = nil,
        pageProgress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) async -> BuildReport {
        var report = BuildReport()
        var context = RunContext(config: config, scheduled: scheduled, clock: clock, pageProgress: pageProgress)
        context.output.lockWaiting = lockWaiting
        guard let toFetch = await plan(specs, context: context, into: &report) else { return report }
        context.feeds = toFetch
        context.defaultImage = await installAssets(fetching: toFetch, into: &report)
        var stops: [Upstream: UpstreamStop] = [:]
        // NewsAPI and DuckDuckGo feeds one after another (a refusal stops the rest of their upstream); then
        // publishers' feeds, `sources.concurrency` at once, fair among hosts.
        let sequential = toFetch.filter { $0.upstream != .feed }
        let publishers = toFetch.filter { $0.upstream == .feed }
        let counter = ProgressCounter(total: toFetch.count, progress: progress)
        for spec in sequential {
            // Stopped (SIGINT, SIGTERM): no further request goes out; the feeds left keep everything.
            guard !Task.isCancelled else {
                report.outcomes.append(FeedOutcome(spec: spec, result: .interrupted(previous: previous(spec))))
                continue
            }
            counter.started(spec)
            report.outcomes.append(await buildFeed(spec, context: context, stops: &stops, report: &report))
        }
        if !publishers.isEmpty {
            report.outcomes += await buildConcurrently(
                publishers, context: context, counter: counter, into: &report)
        }
        report.interrupted = Task.isCancelled
        if !report.interrupted { await pruneArticles(into: &report) }
        // Every build, due feeds or not: a feed added to or removed from the config changes the
        // index and the OPML at once. Both are written only when their bytes change.
        await index(into: &report, apiKey: scheduled?.apiKey)
        // After every feed and reader page is written: nothing served points at a copy when it goes.
        if config.images.cache, !report.interrupted { await pruneImages(run: context.id, into: &report) }
        let order = Dictionary(specs.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        report.outcomes = report.outcomes.enumerated().sorted { lhs, rhs in
            let left = order[lhs.element.spec.id] ?? 0
            let right = order[rhs.element.spec.id] ?? 0
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element)
        return report
    }

    /// Publishers' feeds at once: at most `sources.concurrency` in flight, and at most `fullText.perHost` per host,
    /// the next one taken from the hosts in turn, so one slow host holds no more than its own lanes and never the
    /// others back. Each feed goes through fetch, enrich and write as in a sequential run (the state under the lock).
    private func buildConcurrently(
        _ specs: [FeedSpec], context: RunContext, counter: ProgressCounter, into report: inout BuildReport
    ) async -> [FeedOutcome] {
        var queue = HostTurns(specs, perHost: config.fullText.perHost)
        let limit = max(1, config.sourcesConcurrency)
        // Hundreds of feeds write their state one after another: it stays in memory between them and is written
        // at most every second (StateSession), not read and written whole per feed.
        let session = StateSession()
        let context = {
            var context = context
            context.output.session = session
            return context
        }()
        let outcomes = await withTaskGroup(of: (host: String, outcome: FeedOutcome, report: BuildReport).self) {
            group in
            var outcomes: [FeedOutcome] = []
            var running = 0
            func startWhatFits() {
                while running < limit, let (spec, host) = queue.next() {
                    running += 1
                    counter.started(spec)
                    group.addTask {
                        var local = BuildReport()
                        guard !Task.isCancelled else {
                            let outcome = FeedOutcome(spec: spec, result: .interrupted(previous: previous(spec)))
                            return (host, outcome, local)
                        }
                        var stops: [Upstream: UpstreamStop] = [:]
                        let outcome = await buildFeed(spec, context: context, stops: &stops, report: &local)
                        return (host, outcome, local)
                    }
                }
            }
            startWhatFits()
            while let done = await group.next() {
                running -= 1
                queue.finished(done.host)
                outcomes.append(done.outcome)
                report.merge(done.report)
                startWhatFits()
            }
            // Whatever the cancellation left unstarted keeps its files.
            while let (spec, _) = queue.next(ignoringLanes: true) {
                outcomes.append(FeedOutcome(spec: spec, result: .interrupted(previous: previous(spec))))
            }
            return outcomes
        }
        do {
            try await session.end(store: context.output.stateStore)
        } catch {
            report.warnings.append("the state after the publishers' feeds could not be written: \(error)")
        }
        return outcomes
    }

    /// One feed through fetch, enrich and write.
    private func buildFeed(
        _ spec: FeedSpec, context: RunContext, stops: inout [Upstream: UpstreamStop], report: inout BuildReport
    ) async -> FeedOutcome {
        if let stop = stops[spec.upstream] { return stopped(spec, by: stop, context: context) }
        let feed: FeedContext
        switch await admit(spec, context: context, into: &report) {
        case .admitted(let admitted): feed = admitted
        case .skipped(let outcome): return outcome
        case .failed(let failure): return await recordFailure(spec, failure, context: context, into: &report).outcome
        }
        let fetched: [Story]
        let polls: [SourcePoll]
        let channel: SourceChannel?
        let sourceProblems: [String]
        do {
            let answer = try await fetch(feed)
            (fetched, polls, channel, sourceProblems) = (answer.stories, answer.polls, answer.channel, answer.problems)
        } catch {
            // A request cut short by the stop is no failure of the feed.
            if Task.isCancelled { return await withdraw(feed, into: &report) }
            if error.stopsFurtherRequests {
                // The pause of `serve --refresh` guards NewsAPI's daily budget.
                if error.upstream == .newsAPI {
                    report.stoppedFurtherRequests = true
                    if let retry = error.retryAfter { report.retryAfterSeconds = Int(retry.components.seconds) }
                }
            }
            let pausing = context.scheduled == nil ? nil : error.newsAPIError
            let (outcome, state) = await recordFailure(
                spec, .upstream(error), pausing: pausing, polls: error.polls, context: context, into: &report)
            if error.stopsFurtherRequests {
                let reason =
                    "\(error.upstream.rawValue) refused \(spec.id) with \(error.refusal); no further requests this run"
                stops[spec.upstream] = UpstreamStop(reason: reason, state: state)
            }
            return outcome
        }
        // One story once (issue 27, point 13): by canonical link before enrichment (no page is fetched twice),
        // by the pages' rel="canonical" and near-identical texts after full text.
        let deduplicator = StoryDeduplicator()
        let stories = deduplicator.byLinkAndText(
            await enrich(deduplicator.byLink(fetched.filter(spec.filter.keeps)), in: feed))
        for problem in sourceProblems {
            report.warnings.append("\(spec.id): a source failed, the others made the feed: \(problem)")
        }
        report.warnings += context.notes.drain()
        let fullText = context.notes.takeTally(for: spec.id)
        // Stopped while enriching: the feed is not written half-enriched.
        if Task.isCancelled { return await withdraw(feed, into: &report) }
        return await write(
            stories, cameBackEmpty: fetched.isEmpty, fullText: fullText, polls: polls, channel: channel,
            sourceProblems: sourceProblems, feed: feed,
            into: &report)
    }

    // MARK: - Plan

    /// Under the lock: notes newly configured feeds, forgets old requests, and plans the run. Returns
    /// the feeds to fetch, with the others' outcomes in `report`; nil when the state cannot be read
    /// (without the request log the quota cannot be kept: nothing is fetched).
    private func plan(_ specs: [FeedSpec], context: RunContext, into report: inout BuildReport) async -> [FeedSpec]? {
        let output = context.output
        // A corrupt bookmarks list would silently drop the pages' stars: said once, moved aside.
        if let warning = try? await output.lock.withLock({ () throws -> String? in
            output.removeStaleTemporaryFiles()
            return try output.bookmarkStore.load().warning
        }) {
            report.warnings.append(warning)
        }
        guard let scheduled = context.scheduled else { return specs }
        let scheduler = context.scheduler
        let now = clock()
        let loaded: StateStore.Loaded
        do {
            loaded = try await output.lock.withLock { () throws -> StateStore.Loaded in
                var loaded = try output.stateStore.load()
                let state = scheduler.refreshed(loaded.state, now: now)
                if state != loaded.state { try output.stateStore.save(state) }
                loaded.state = state
                return loaded
            }
        } catch {
            let failure = FeedFailure.from(error, cause: .requestLog)
            report.setupFailure = failure
            report.outcomes = specs.map { failed($0, failure) }
            return nil
        }
        let state = loaded.state
        if let warning = loaded.warning { report.warnings.append(warning) }
        let plan = scheduler.plan(specs, state: state, now: now, mode: scheduled.mode, apiKey: scheduled.apiKey)
        report.nextChange = scheduler.nextChange(after: plan, state: state, now: now)
        for planned in plan where planned.decision != .fetch {
            report.outcomes.append(skipped(planned.spec, planned.decision, state: state, context: context))
        }
        return plan.filter { $0.decision == .fetch }.map(\.spec)
    }

    /// Writes `assets/` (when changed): the pages' stylesheet, script and icon, and the bundled
    /// default image when stories use it or the HTML pages need it as their placeholder. Returns
    /// the run's default image.
    private func installAssets(fetching toFetch: [FeedSpec], into report: inout BuildReport) async -> StoryImage? {
        guard !toFetch.isEmpty else { return nil }
        let output = self.output
        let site = config.site
        let bundled: Bool
        if case .bundled = config.defaults.image { bundled = true } else { bundled = false }
        let withImage = bundled || config.formats.contains(.html)
        do {
            try await output.lock.withLock { try output.installPageAssets(includingDefaultImage: withImage) }
        } catch {
            report.warn(error)
            return nil
        }
        return bundled ? DefaultImageAsset.storyImage(site: site) : config.defaults.image.storyImage(site: site)
    }

    // MARK: - Fetch

    private enum Admission {
        case admitted(FeedContext)
        case skipped(FeedOutcome)
        case failed(FeedFailure)
    }

    /// Under the lock, right before the request: checks the feed against the state as it is now
    /// and, when it may go, logs the request so no other process can spend its slot. An
    /// unscheduled run only reads the state, for the enrich step.
    private func admit(_ spec: FeedSpec, context: RunContext, into report: inout BuildReport) async -> Admission {
        let output = context.output
        let scheduler = context.scheduler
        let scheduled = context.scheduled
        let now = clock()
        typealias Admitted = (
            decision: FeedScheduler.Decision, state: BridgeState, warning: String?, recordBefore: FeedRecord?
        )
        let admitted: Admitted
        do {
            admitted = try await output.lock.withLock { () throws -> Admitted in
                let loaded = try output.stateStore.load()
                var state = loaded.state
                let before = state.feeds[spec.id]
                guard let scheduled else { return (.fetch, state, loaded.warning, before) }
                let decision = scheduler.admit(
                    spec, state: &state, now: now, mode: scheduled.mode, apiKey: scheduled.apiKey)
                // Only the ledger must be on disk before the request goes out; the feed's record is
                // written once, with its outcome.
                if decision == .fetch { try output.stateStore.saveLedger(state) }
                return (decision, state, loaded.warning, before)
            }
        } catch {
            // Unscheduled, the write step reads the state again and says what is wrong with it.
            guard scheduled == nil else { return .failed(.from(error, cause: .requestLog)) }
            admitted = (.fetch, BridgeState(), nil, nil)
        }
        if let warning = admitted.warning { report.warnings.append(warning) }
        guard admitted.decision == .fetch else {
            return .skipped(skipped(spec, admitted.decision, state: admitted.state, context: context))
        }
        let feedNow = Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down))
        return .admitted(
            FeedContext(
                run: context, spec: spec, now: feedNow, state: admitted.state, admittedAt: now,
                recordBefore: admitted.recordBefore))
    }

    /// The upstream request.
    private func fetch(_ feed: FeedContext) async throws(SourceError) -> SourceAnswer {
        var request = StoryRequest(pageSize: config.pageSize, now: feed.now, defaults: storyDefaults)
        // A merged feed's held sources wait while the others are polled (a single feed held is not fetched).
        if let mode = feed.run.scheduled?.mode, feed.spec.kind.feedURLs.count > 1 {
            let holds = feed.run.scheduler.sourceHolds(
                for: feed.spec, state: feed.state, now: feed.admittedAt, revived: mode.revives.contains(feed.spec.id))
            request.heldSources = holds.mapValues { $0.words(time: ScheduleTime.text) }
        }
        for (url, record) in feed.state.feeds[feed.spec.id]?.sources ?? [:] {
            if let moved = record.movedTo.flatMap(URL.init(string:)) { request.movedSources[url] = moved }
        }
        return try await source.answer(for: feed.spec, request: request)
    }

    private var storyDefaults: StoryDefaults {
        StoryDefaults(
            title: config.defaults.title, source: config.defaults.source, description: config.defaults.description)
    }

    // MARK: - Enrich

    /// Runs the enrichers in order; none can fail the feed.
    private func enrich(_ stories: [Story], in feed: FeedContext) async -> [Story] {
        var stories = stories
        for enricher in enrichers { stories = await enricher.enrich(stories, in: feed) }
        return stories
    }

    // MARK: - Write

    /// Under the lock: merges the stories with the feed's history, renders every format, writes
    /// the files that change and records the success.
    private func write(
        _ stories: [Story], cameBackEmpty: Bool, fullText: FullTextTally? = nil, polls: [SourcePoll] = [],
        channel: SourceChannel? = nil, sourceProblems: [String] = [], feed: FeedContext, into report: inout BuildReport
    ) async -> FeedOutcome {
        let spec = feed.spec
        let context = feed.run
        var built = FeedAssembly(
            config: config, spec: spec, defaultImage: context.defaultImage, now: feed.now,
            articleStore: config.wantsFullText(spec) ? context.output.articleStore : nil)
        built.sourceChannel = channel
        let assembly = built
        let output = context.output
        let scheduler = context.scheduler
        let apiKey = context.apiKey
        let scheduled = context.scheduled != nil
        let formats = config.formats
        let site = config.site
        let written: (built: FeedOutcome.Built, warning: String?)
        do {
            written = try await output.lock.withLock { () throws -> (built: FeedOutcome.Built, warning: String?) in
                let loaded = try output.stateStore.load()
                var state = loaded.state
                let files = FeedFileSet(output: output, spec: spec, formats: formats)
                let existing = try files.readHistory()
                var assembly = assembly
                assembly.itemMarks = BookmarkMarks.marks(in: output)
                let result = try assembly.assemble(current: stories, existing: existing, state: &state)
                let wrote = try FeedAssembly.write(
                    result.document, to: files, previousBuildDate: result.previousBuildDate, now: feed.now, site: site)
                // With no scheduled run, no pause is touched (an unknown key keeps a bad-key pause).
                let pause = state.pause
                scheduler.recordSuccess(
                    spec, itemCount: result.itemCount, newItemCount: result.newItemCount, state: &state, now: feed.now,
                    apiKey: apiKey)
                if !scheduled { state.pause = pause }
                scheduler.recordPolls(polls, for: spec, state: &state, now: feed.now)
                // A merged feed's failing sources, for status (issue 27, point 12).
                state.feeds[spec.id]?.sourceProblems = sourceProblems.isEmpty ? nil : sourceProblems
                try output.stateStore.save(state)
                let built = FeedOutcome.Built(
                    wroteFiles: wrote, itemCount: result.itemCount, newItemCount: result.newItemCount,
                    cameBackEmpty: cameBackEmpty, fullText: fullText)
                return (built, loaded.warning ?? result.warning)
            }
        } catch {
            return await recordFailure(spec, .from(error, cause: .files), context: context, into: &report).outcome
        }
        if let warning = written.warning { report.warnings.append(warning) }
        return FeedOutcome(spec: spec, result: .built(written.built))
    }

    /// Records a failed attempt; with `pausing`, NewsAPI's refusal also pauses further requests.
    /// Returns the outcome and the state as saved (nil when it could not be).
    private func recordFailure(
        _ spec: FeedSpec, _ failure: FeedFailure, pausing: NewsAPIError? = nil, polls: [SourcePoll] = [],
        context: RunContext, into report: inout BuildReport
    ) async -> (outcome: FeedOutcome, state: BridgeState?) {
        let output = context.output
        let scheduler = context.scheduler
        let apiKey = pausing == nil ? nil : context.apiKey
        let now = clock()
        var saved: BridgeState?
        do {
            let (warning, state) = try await output.lock.withLock { () throws -> (String?, BridgeState) in
                let loaded = try output.stateStore.load()
                var state = loaded.state
                scheduler.recordFailure(
                    spec, reason: failure.detail, error: pausing, state: &state, now: now, apiKey: apiKey)
                scheduler.recordPolls(polls, for: spec, state: &state, now: now)
                try output.stateStore.save(state)
                return (loaded.warning, state)
            }
            if let warning { report.warnings.append(warning) }
            saved = state
        } catch {
            report.warn(error)
        }
        return (failed(spec, failure), saved)
    }

    /// Under the lock: undoes the admission of a feed whose request the stop cut short (the
    /// request stays logged for the quota, marked interrupted; the record is as before the run).
    private func withdraw(_ feed: FeedContext, into report: inout BuildReport) async -> FeedOutcome {
        let spec = feed.spec
        let outcome = FeedOutcome(spec: spec, result: .interrupted(previous: previous(spec)))
        guard feed.run.scheduled != nil else { return outcome }
        let output = feed.run.output
        let scheduler = feed.run.scheduler
        do {
            try await output.lock.withLock {
                var state = try output.stateStore.load().state
                scheduler.recordInterrupted(
                    spec, admittedAt: feed.admittedAt, record: feed.recordBefore, state: &state)
                try output.stateStore.saveLedger(state)
            }
        } catch {
            report.warn(error)
        }
        return outcome
    }

    // MARK: - Articles

    /// Under the lock: forgets the cached articles (and their reader views) of stories in no feed and no bookmark.
    private func pruneArticles(into report: inout BuildReport) async {
        let output = self.output
        let pruner = ArticlePruner(config: config)
        do {
            try await output.lock.withLock { _ = try pruner.prune(output) }
        } catch {
            report.warnings.append("articles: \(error)")
        }
    }

    /// Under the lock: deletes the image copies nothing refers to any more (``ImagePruner``).
    private func pruneImages(run: UUID, into report: inout BuildReport) async {
        let output = self.output
        let pruner = ImagePruner(config: config)
        let now = clock()
        do {
            _ = try await output.lock.withLock { try pruner.prune(output, now: now) }
            // The count of images left uncached by the cap is the last build's: an older one is forgotten.
            try await output.lock.withLock {
                var state = try output.stateStore.load().state
                guard let over = state.imagesOverCap, over.run != run.uuidString else { return }
                state.imagesOverCap = nil
                try output.stateStore.save(state)
            }
        } catch {
            report.warnings.append("images: not pruned: \(error)")
        }
    }

    // MARK: - Index

    /// Refreshes `index.html` and `feeds.opml` from what is now on disk.
    private func index(into report: inout BuildReport, apiKey: String?) async {
        let output = self.output
        let writer = FeedIndexWriter(config: config)
        let now = clock()
        do {
            try await output.lock.withLock {
                let state = try output.stateStore.load().state
                try writer.write(to: output, state: state, now: now, apiKey: apiKey)
            }
        } catch {
            report.warnings.append("index: \(error)")
        }
    }

    // MARK: - Outcomes of feeds not built

    /// The outcome of a feed the scheduler did not fetch.
    private func skipped(
        _ spec: FeedSpec, _ decision: FeedScheduler.Decision, state: BridgeState, context: RunContext
    ) -> FeedOutcome {
        switch decision {
        case .fetch, .notDue:
            let next = context.scheduler.nextDue(for: spec, in: state) ?? clock()
            return FeedOutcome(spec: spec, result: .notDue(next: next))
        case .outOfQuota(let until):
            return held(spec, .outOfQuota(until: until), state: state, context: context)
        case .paused(let pause):
            return held(spec, .paused(reason: pause.reason, until: pause.until), state: state, context: context)
        case .polite(let hold):
            return held(spec, .polite(hold), state: state, context: context)
        }
    }

    /// The outcome of a feed whose upstream refused an earlier feed of this run: paused, as the next
    /// run would report it, when the refusal paused NewsAPI; otherwise not attempted. Either way no
    /// failure unless `--only` named it or it is overdue (README, exit codes).
    private func stopped(_ spec: FeedSpec, by stop: UpstreamStop, context: RunContext) -> FeedOutcome {
        if context.scheduled != nil, let state = stop.state, spec.isMetered,
            let pause = context.scheduler.activePause(state: state, now: clock(), apiKey: context.apiKey)
        {
            return skipped(spec, .paused(pause), state: state, context: context)
        }
        return held(spec, .notAttempted(reason: stop.reason), state: stop.state, context: context)
    }

    /// A due feed held back: it keeps its files, and fails the run only when asked for or overdue.
    private func held(
        _ spec: FeedSpec, _ reason: FeedOutcome.Held.Reason, state: BridgeState?, context: RunContext
    ) -> FeedOutcome {
        // A feed gone is said by its condition every run; it is no reason to fail each run after.
        var gone = false
        if case .polite(.gone) = reason { gone = true }
        let overdue = !gone && (state.map { context.scheduler.isOverdue(spec, state: $0, now: clock()) } ?? false)
        let held = FeedOutcome.Held(
            reason: reason, previous: previous(spec),
            wasRequested: context.scheduled?.requested.contains(spec.id) ?? false,
            overdueInterval: overdue ? context.scheduler.interval(for: spec) : nil)
        return FeedOutcome(spec: spec, result: .held(held))
    }

    /// A feed that failed: its previous files, if any, stay.
    private func failed(_ spec: FeedSpec, _ failure: FeedFailure) -> FeedOutcome {
        FeedOutcome(spec: spec, result: .failed(failure, previous: previous(spec)))
    }

    private func previous(_ spec: FeedSpec) -> FeedOutcome.Previous {
        let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
        return FileManager.default.fileExists(atPath: files.historyURL.path) ? .kept : .none
    }
}
