import FeedBuild
import FeedOutput
import FeedServe
import Foundation
import NewsModel
import Upstreams

/// `newsfeed build [--config PATH] [--only FEED]... [--force] [--quiet]`, where FEED is any feed's path
/// (`us/health`, `search/climate-change`, `ddg/apple`).
package enum BuildCommand {
    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.build.parser }

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.build))
        let config = try context.loadConfig(parsed)
        let specs: [FeedSpec]
        do {
            specs = try selectFeeds(parsed.allValues("--only"), from: config)
        } catch {
            throw context.exit(.usage, error.message)
        }
        let sources: FeedSources
        // One host-fair queue for the feed polls and the full-text pages of this build.
        let hostLanes = BuildEnrichers.hostLanes(for: config)
        do {
            sources = try FeedSourcesFactory.make(
                for: specs, config: config, environment: context.environment, hostLanes: hostLanes)
        } catch {
            throw context.exit(.configuration, "newsfeed build: \(error.description)")
        }
        do {
            try OutputFolder(root: config.output).prepare()
        } catch {
            throw context.exit(.configuration, "newsfeed build: \(error.description)")
        }
        var builder = FeedBuilder(
            config: config, source: sources, enrichers: BuildEnrichers.make(for: config, hostLanes: hostLanes),
            clock: context.clock)
        builder.lockWaiting = context.lockWaiting(command: "build")
        // `--only` is a person asking for these feeds now: forced, and the reserve is theirs.
        let only = !parsed.allValues("--only").isEmpty
        let scheduled = FeedBuilder.ScheduledRun(
            mode: FeedScheduler.Mode(
                force: only || parsed.has("--force"), mayUseReserve: only,
                revives: only ? Set(specs.map(\.id)) : []),
            apiKey: NewsAPIClientFactory.key(in: context.environment),
            requested: only ? Set(specs.map(\.id)) : [])
        return await runBuild(
            builder, specs: specs, scheduled: scheduled, quiet: parsed.has("--quiet"), context: context)
    }

    /// Runs a build and prints its lines; shared by `build` and `demo` (unscheduled samples).
    static func runBuild(
        _ builder: FeedBuilder, specs: [FeedSpec], scheduled: FeedBuilder.ScheduledRun? = nil, quiet: Bool,
        command: String = "build", context: CommandContext
    ) async -> ExitCode {
        let errors = context.standardError
        var progress: (@Sendable (Int, Int, FeedSpec) -> Void)?
        var pageProgress: (@Sendable (String, Int, Int) -> Void)?
        if errors.isTerminal && !quiet {
            progress = { index, total, spec in
                errors.write("\r\u{1B}[K[\(index)/\(total)] fetching \(spec.id)…")
            }
            // Full text takes seconds per host by design (hostSpacing): each page done is shown.
            pageProgress = { feedID, done, total in
                errors.write("\r\u{1B}[K\(feedID): full text, \(done) of \(total) pages…")
            }
        }
        // SIGINT/SIGTERM cancel the build: the request in flight is cut short, no further one goes
        // out, the feeds written so far stay and the rest keep their files and state.
        let building = Task {
            await builder.build(specs, scheduled: scheduled, progress: progress, pageProgress: pageProgress)
        }
        let report = await context.stopSignal.onFire({ building.cancel() }) { await building.value }
        if progress != nil { errors.write("\r\u{1B}[K") }
        // Nothing could start (the lock or the state refused): one line, not one per feed; a location
        // that refuses writes is a configuration problem, as an unwritable output folder is.
        if let failure = report.setupFailure {
            errors.line("newsfeed \(command): \(failure.detail); no feed was fetched")
            return failure.outputError?.isUnwritableLocation == true ? .configuration : .failure
        }
        // Nothing written because the location refuses writes: one line, not one per feed, and not
        // again as a warning for each state write the same full disk refused.
        let refusal = report.locationRefusal
        // A warning the run met several times (the same state write refused) is said once.
        var said = refusal == nil ? Set<String>() : report.locationWarnings
        for warning in report.warnings where said.insert(warning).inserted {
            errors.line("newsfeed \(command): warning: \(warning)")
        }
        // NewsAPI's words on a rate limit are said once on stdout, in the pause line below.
        let pauseReason = quiet ? nil : report.rateLimitPause?.reason
        for outcome in report.outcomes {
            if !quiet { context.standardOutput.line(outcome.line(besidePauseReason: pauseReason)) }
            if refusal == nil && (outcome.failed || outcome.cameBackEmpty) { errors.line(outcome.line) }
        }
        if let refusal {
            errors.line("newsfeed \(command): \(FeedOutcome.clause(refusal.detail)); no feed could be written")
        }
        if !quiet, let pause = report.rateLimitPause {
            context.standardOutput.line(rateLimitPauseLine(command: command, reason: pause.reason, until: pause.until))
        }
        if !quiet { context.standardOutput.line(report.summary) }
        // Outside hubs hear of every feed this run changed (issue 29: whichever process wrote it tells them).
        let changed = report.outcomes.filter(\.wroteFiles).map(\.spec)
        for line in await WebSubPublisher.notify(
            config: builder.config, topics: WebSubPublisher.topics(of: changed, config: builder.config))
        {
            errors.line("newsfeed \(command): warning: \(line)")
        }
        // A bad-key pause needs a person even when no feed is overdue yet: one line per run
        // on stderr (so `--quiet` cron runs say it too); the exit status stays that of the
        // feeds (paused feeds are not failures until they go stale), as issue 9 rules.
        if let reason = report.badKeyPauseReason { errors.line(badKeyPauseLine(command: command, reason: reason)) }
        if report.interrupted {
            let signal = context.stopSignal.signal
            errors.line(interruptedLine(command: command, signal: signal, report: report))
            return .stopped(by: signal)
        }
        if refusal != nil { return .configuration }
        return report.failedCount > 0 ? .failure : .ok
    }

    /// The one stderr line of a build a signal stopped.
    static func interruptedLine(command: String, signal: Int32?, report: BuildReport) -> String {
        let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a stop request"
        let left = report.outcomes.filter { if case .interrupted = $0.result { true } else { false } }.count
        let written = report.outcomes.filter(\.wroteFiles).count
        return "newsfeed \(command): interrupted by \(name): \(written) feed\(written == 1 ? "" : "s") written; "
            + "\(left) not built keep their previous files and state and go at the next run"
    }

    /// The line of a run that finds NewsAPI feeds paused by a rate limit: NewsAPI's words, once.
    static func rateLimitPauseLine(command: String, reason: String, until: Date) -> String {
        "newsfeed \(command): NewsAPI feeds are paused until \(ScheduleTime.text(until)) because NewsAPI "
            + "refused a request (\(FeedOutcome.clause(reason)))"
    }

    /// The stderr line of a run that leaves NewsAPI feeds paused on a refused key.
    static func badKeyPauseLine(command: String, reason: String) -> String {
        "newsfeed \(command): NewsAPI feeds are paused because NewsAPI refused the key "
            + "(\(FeedOutcome.clause(reason))) until the key changes; set NEWSAPI_KEY to a valid key"
    }

    /// The configured feeds named by `--only`, in config order; all when none is named.
    static func selectFeeds(_ only: [String], from config: NewsFeedConfig) throws(UsageError) -> [FeedSpec] {
        guard !only.isEmpty else { return config.feeds }
        let wanted = only.map { name in
            var id = name.lowercased()
            if id.hasSuffix(".rss") { id.removeLast(4) }
            while id.hasPrefix("/") { id.removeFirst() }
            return id
        }
        for name in wanted where !config.feeds.contains(where: { $0.id == name }) {
            let configured = config.feeds.map(\.id).joined(separator: ", ")
            throw UsageError("newsfeed build: --only \(name) is not a configured feed (configured: \(configured))")
        }
        return config.feeds.filter { wanted.contains($0.id) }
    }
}
