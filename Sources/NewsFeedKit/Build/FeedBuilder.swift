import Foundation

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

    var output: OutputFolder { OutputFolder(root: config.output) }

    /// Builds `specs` in order. After a bad key or a rate limit, no further request
    /// is made to that upstream: its remaining feeds keep their files and are reported,
    /// while the other upstreams' feeds go on (a DuckDuckGo failure never stops NewsAPI feeds).
    public func build(
        _ specs: [FeedSpec], progress: (@Sendable (Int, Int, FeedSpec) -> Void)? = nil
    ) async -> BuildReport {
        var report = BuildReport()
        var stopReasons: [Upstream: String] = [:]
        let defaultImage: StoryImage?
        do {
            defaultImage = try await installDefaultImage()
        } catch {
            report.warnings.append("\(error)")
            defaultImage = nil
        }
        for (index, spec) in specs.enumerated() {
            progress?(index + 1, specs.count, spec)
            if let stopReason = stopReasons[spec.upstream] {
                var outcome = FeedOutcome(
                    spec: spec, kind: .notAttempted(reason: stopReason), itemCount: 0, newItemCount: 0,
                    cameBackEmpty: false)
                outcome.hadPreviousFeed = hasFeedFile(spec)
                report.outcomes.append(outcome)
                continue
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
                await recordFailure(spec, reason: error.description, into: &report)
                continue
            }
            do {
                let outcome = try await writeFeed(
                    spec, stories: stories, now: now, defaultImage: defaultImage, report: &report)
                report.outcomes.append(outcome)
            } catch {
                await recordFailure(spec, reason: "\(error)", into: &report)
            }
        }
        await writeIndex(into: &report)
        return report
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

    private func recordFailure(_ spec: FeedSpec, reason: String, into report: inout BuildReport) async {
        let output = self.output
        let now = clock()
        let stateWarning: String?
        do {
            stateWarning = try await output.lock.withLock { () throws -> String? in
                let loaded = try output.stateStore.load()
                var state = loaded.state
                var record = state.feeds[spec.id] ?? FeedRecord()
                record.lastAttempt = now
                record.lastError = reason
                state.feeds[spec.id] = record
                try output.stateStore.save(state)
                return loaded.warning
            }
        } catch {
            stateWarning = "\(error)"
        }
        if let stateWarning { report.warnings.append(stateWarning) }
        var outcome = FeedOutcome(
            spec: spec, kind: .keptPrevious(reason: reason), itemCount: 0, newItemCount: 0, cameBackEmpty: false)
        outcome.hadPreviousFeed = hasFeedFile(spec)
        report.outcomes.append(outcome)
    }

    private func writeFeed(
        _ spec: FeedSpec, stories current: [Story], now: Date, defaultImage: StoryImage?, report: inout BuildReport
    ) async throws -> FeedOutcome {
        let assembly = FeedAssembly(config: config, spec: spec, defaultImage: defaultImage, now: now)
        let output = self.output
        let (outcome, warning) = try await output.lock.withLock { () throws -> (FeedOutcome, String?) in
            let loaded = try output.stateStore.load()
            var state = loaded.state
            let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
            let existing = try files.readHistory()
            let result = try assembly.assemble(current: current, existing: existing, state: &state)
            var kind = FeedOutcome.Kind.unchanged
            if try files.write(result.document, previousBuildDate: result.previousBuildDate, now: now) {
                kind = .written
            }
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
