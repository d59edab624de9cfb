import FeedBuild
import FeedFormats
import FeedOutput
import Foundation
import HTTPFetching
import Images
import NewsModel

/// One `newsfeed watch` round over the configured feeds: read the feed files, check their enclosure images, record
/// what was found in the state and heal the feeds.
///
/// The network work happens outside the output lock; the state is reloaded under the lock before anything is
/// written, and each feed file is read again there, so a build that ran meanwhile loses nothing. A feed is rewritten
/// (atomically, every format) only when its rendered bytes other than the build date change.
public struct FeedWatcher: Sendable {
    public var config: NewsFeedConfig
    public var settings: WatchSettings
    public var policy: any AddressPolicy
    /// Nil for a fresh ``HostResolver`` per round; tests inject one.
    public var resolver: (any HostResolving)?
    public var clock: @Sendable () -> Date
    /// How a round waits for the output lock another process holds (the CLI's says so once on stderr).
    public var lockWaiting = LockWaiting()

    public init(
        config: NewsFeedConfig, settings: WatchSettings, policy: any AddressPolicy,
        resolver: (any HostResolving)? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.config = config
        self.settings = settings
        self.policy = policy
        self.resolver = resolver
        self.clock = clock
    }

    private var output: OutputFolder { OutputFolder(root: config.output, lockWaiting: lockWaiting) }

    /// The configured feeds' ids in config order, then the bookmarks feed's.
    private var watchedFeedIDs: [String] { config.feeds.map(\.id) + [BookmarkFeed.id] }

    /// Runs one round. Throws only when the round cannot run at all (no output folder, unreadable state, lock
    /// failure); problems of single feeds are in the report.
    public func runRound() async throws(WatchError) -> WatchReport {
        let started = ContinuousClock.now
        let now = Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down))
        let output = self.output
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.root.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            // Before the first build (an hourly timer installed with the package): nothing to watch, nothing
            // wrong, as long as build can create the folder. A parent that is missing or not writable is wrong.
            let parent = output.root.deletingLastPathComponent().path
            var parentIsFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &parentIsFolder),
                parentIsFolder.boolValue, access(parent, W_OK | X_OK) == 0
            else { throw .outputFolderMissing(path: output.root.path) }
            return .nothingToWatch(
                startedAt: now,
                note: "nothing to watch yet: \(output.root.path) does not exist until newsfeed build writes a feed")
        }

        let plan = try planRound()
        if !plan.summaries.isEmpty, plan.unbuilt.count == plan.summaries.count, plan.warnings.isEmpty {
            // No feed built yet: nothing is checked and nothing written (not even the state).
            return .nothingToWatch(
                startedAt: now, note: "nothing to watch yet: no feed has been built in \(output.root.path)")
        }
        var warnings = plan.warnings
        var summaries = plan.summaries
        // Cached images are not checked: their copies are what the feeds show. A copy whose file is gone is made
        // again from the origin; an image whose origin cannot give it again is checked like any uncached image,
        // so today's rules (failing, dead, the default image) decide what its stories show.
        let remade = await CachedCopyRestorer(config: config, addressPolicy: policy)
            .remake(
                Array(plan.missingCopies.prefix(CachedCopyRestorer.perRound)), deadline: settings.roundDeadline.duration
            )
        var urlsOfFeed = plan.urlsOfFeed
        for (id, originals) in plan.cachedOfFeed {
            for original in originals {
                guard case .failure = remade[original], let url = URL(string: original) else { continue }
                urlsOfFeed[id, default: []].append(url)
            }
        }
        var allURLs: [URL] = []
        var seen = Set<String>()
        for id in watchedFeedIDs {
            for url in urlsOfFeed[id] ?? [] where seen.insert(url.absoluteString).inserted {
                allURLs.append(url)
            }
        }

        let round = WatchRound(settings: settings, policy: policy, resolver: resolver)
        let result = await round.run(urls: allURLs, previous: plan.images, now: now)
        if let outage = result.apparentOwnOutage {
            throw .everyCheckFailed(count: outage.count, example: outage.example)
        }

        var feedsOfURL: [String: [String]] = [:]
        for id in watchedFeedIDs {
            for url in urlsOfFeed[id] ?? [] where feedsOfURL[url.absoluteString]?.last != id {
                feedsOfURL[url.absoluteString, default: []].append(id)
            }
        }
        // The findings are measured against the last round's view as it stands under the lock, not as it
        // stood before the checks: of two rounds at once, the later one reports against (and keeps the
        // `since` of) what the earlier one stored, and neither loses the other's verdicts.
        let previousImages = plan.images
        let roundURLs = allURLs
        let feedsOfRoundURL = feedsOfURL
        let findingsAgainst: @Sendable (WatchStatusStore.View) -> ([WatchFinding], WatchStatusStore.View) = {
            [self] stored in
            self.findings(
                of: result, urls: roundURLs, feedsOfURL: feedsOfRoundURL, previous: previousImages, view: stored,
                now: now)
        }
        let rewritten: Set<String>
        let findings: [WatchFinding]
        do {
            (rewritten, findings, warnings) = try await heal(
                result, remade: remade, planned: plan.cached, now: now, warnings: warnings,
                findingsAgainst: findingsAgainst)
        } catch {
            throw .output(error)
        }

        for index in summaries.indices where summaries[index].problem == nil {
            let id = summaries[index].feed
            summaries[index].rewritten = rewritten.contains(id)
            summaries[index].copiesRemade =
                Set(plan.cachedOfFeed[id] ?? []).filter { original in
                    if case .success = remade[original] { true } else { false }
                }.count
            for url in urlsOfFeed[id] ?? [] {
                Self.count(result.outcomes[url.absoluteString], into: &summaries[index])
            }
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return WatchReport(startedAt: now, seconds: seconds, feeds: summaries, findings: findings, warnings: warnings)
    }

    /// One finding per URL of the round, compared with what the previous round reported (`view`; for an image
    /// it has no entry for, the image record from before the round), and the view to store for the next round.
    /// Skipped images keep their previous entry, so a change is always measured against the last verdict.
    private func findings(
        of result: WatchRoundResult, urls: [URL], feedsOfURL: [String: [String]], previous: [String: ImageRecord],
        view: WatchStatusStore.View, now: Date
    ) -> ([WatchFinding], WatchStatusStore.View) {
        var next = WatchStatusStore.View(round: now)
        var findings: [WatchFinding] = []
        for url in urls {
            let key = url.absoluteString
            let before = view.images[key] ?? previous[key].flatMap(Self.entry(from:))
            var finding = WatchFinding(url: key, feeds: feedsOfURL[key] ?? [], status: .skipped, changed: false)
            switch result.outcomes[key] ?? .notReached {
            case .alive:
                finding.status = before?.status == .dead ? .restored : .alive
            case .failing(let cause, let http):
                (finding.status, finding.reason, finding.http) = (.failing, cause, http)
            case .dead(let cause, let http):
                (finding.status, finding.reason, finding.http) = (.dead, cause, http)
            case .blocked(let reason):
                (finding.status, finding.reason) = (.blocked, reason)
            case .recentlyChecked:
                finding.reason = "checked alive within the last \(settings.recheck)"
            case .notReached:
                finding.reason = "not reached before the round deadline"
            }
            if finding.status == .skipped {
                next.images[key] = before
            } else {
                let stored: WatchFinding.Status = finding.status == .restored ? .alive : finding.status
                let same = before?.status == stored
                finding.changed = !same
                finding.since = same ? before?.since ?? now : now
                next.images[key] = WatchStatusStore.Entry(status: stored, since: finding.since ?? now)
            }
            findings.append(finding)
        }
        return (findings, next)
    }

    /// What a record from before watch kept a status view says, for the first round that has none.
    private static func entry(from record: ImageRecord) -> WatchStatusStore.Entry? {
        let status: WatchFinding.Status
        switch record.status {
        case .unknown: return nil
        case .alive: status = .alive
        case .failing: status = .failing
        case .dead: status = .dead
        case .blocked: status = .blocked
        }
        guard let since = record.lastCountedFailure ?? record.lastChecked else { return nil }
        return WatchStatusStore.Entry(status: status, since: since)
    }

    /// What a round checks, read from the feeds and the state. Only the image records
    /// outlive it: the rest of the state is let go before the checks, and the heal step
    /// loads it afresh under the lock (keeping two whole states would double the peak).
    private struct RoundPlan {
        var images: [String: ImageRecord]
        var summaries: [WatchReport.FeedSummary]
        var urlsOfFeed: [String: [URL]]
        /// Per feed, the original URLs of its cached images (not checked), and the records they were planned on.
        var cachedOfFeed: [String: [String]]
        var cached: [String: CachedImageRecord]
        /// Cached images some of whose copies are gone from `images/`, in feed and story order.
        var missingCopies: [String]
        var warnings: [String]
        /// The feeds whose files do not exist yet.
        var unbuilt: Set<String>
    }

    private func planRound() throws(WatchError) -> RoundPlan {
        let loaded: StateStore.Loaded
        do {
            loaded = try output.stateStore.load()
        } catch {
            throw .output(error)
        }
        let healer = EnclosureHealer(
            images: loaded.state.images, items: loaded.state.items, defaultImage: defaultImage, site: config.site,
            cached: config.images.cache ? loaded.state.imageCache : [:])
        var summaries: [WatchReport.FeedSummary] = []
        var urlsOfFeed: [String: [URL]] = [:]
        var cachedOfFeed: [String: [String]] = [:]
        var unbuilt = Set<String>()
        for spec in config.feeds {
            var summary = WatchReport.FeedSummary(feed: spec.id)
            let read = readFeed(spec)
            if let snapshot = read.snapshot {
                // Each story's own image as its feed shows it, never another feed's of the same story.
                let written = FeedAssembly(config: config, spec: spec, defaultImage: defaultImage, now: clock())
                    .written(state: loaded.state)
                (urlsOfFeed[spec.id], cachedOfFeed[spec.id]) = imageURLs(
                    of: snapshot.stories, healer: healer, original: written.originalImage(of:))
            } else {
                summary.problem = read.problem
                if read.notBuilt { unbuilt.insert(spec.id) }
            }
            summaries.append(summary)
        }
        // The bookmarks feed carries its stories' images too: they are checked like any feed's, and its
        // files are rewritten from the bookmark list when a verdict changes what it shows.
        if let bookmarks = (try? output.bookmarkStore.read()) ?? nil, !bookmarks.bookmarks.isEmpty {
            let stories = BookmarkFeed.stories(bookmarks, defaults: StoryDefaults())
            (urlsOfFeed[BookmarkFeed.id], cachedOfFeed[BookmarkFeed.id]) = imageURLs(
                of: stories, healer: healer, original: healer.originalImage(of:))
            summaries.append(WatchReport.FeedSummary(feed: BookmarkFeed.id))
        }
        var missing: [String] = []
        var seen = Set<String>()
        for id in watchedFeedIDs {
            for original in cachedOfFeed[id] ?? [] where seen.insert(original).inserted {
                if let record = healer.cached[original], !missingCopies(of: record).isEmpty { missing.append(original) }
            }
        }
        return RoundPlan(
            images: loaded.state.images, summaries: summaries, urlsOfFeed: urlsOfFeed, cachedOfFeed: cachedOfFeed,
            cached: healer.cached, missingCopies: missing, warnings: [loaded.warning].compactMap { $0 },
            unbuilt: unbuilt)
    }

    /// The default image as the build writes it, without touching the output folder.
    private var defaultImage: StoryImage? { config.defaults.image.storyImage(site: config.site) }

    /// The feed as written, or why it cannot be watched.
    private func readFeed(_ spec: FeedSpec) -> (snapshot: RSSFeedSnapshot?, problem: String?, notBuilt: Bool) {
        do {
            let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
            guard let data = try files.readHistory() else {
                return (nil, "\(spec.relativePath) does not exist yet; run newsfeed build", true)
            }
            return (try RSSReader().read(data, path: spec.relativePath), nil, false)
        } catch {
            return (nil, "\(error)", false)
        }
    }

    /// The images worth checking: each story's original and its current enclosure, never the bridge's own files
    /// or the default image; and apart from them the originals of cached images, which are not checked.
    private func imageURLs(of stories: [Story], healer: EnclosureHealer, original: (Story) -> URL?)
        -> (check: [URL], cached: [String])
    {
        var urls: [URL] = []
        var cached: [String] = []
        var seen = Set<String>()
        let defaultURL = defaultImage?.url
        for story in stories {
            for candidate in [original(story), story.image?.url] {
                guard let url = candidate, !url.isUnder(site: config.site), url != defaultURL,
                    seen.insert(url.absoluteString).inserted
                else { continue }
                if healer.cached[url.absoluteString]?.isCached == true {
                    cached.append(url.absoluteString)
                } else {
                    urls.append(url)
                }
            }
        }
        return (urls, cached)
    }

    /// Under the lock: store the round's records in the freshly loaded state, heal and rewrite each feed that
    /// changes. Returns the feeds rewritten.
    private func heal(
        _ result: WatchRoundResult, remade: [String: Result<[ImageCopy], ImageCacheFailure>],
        planned: [String: CachedImageRecord], now: Date, warnings: [String],
        findingsAgainst: @escaping @Sendable (WatchStatusStore.View) -> ([WatchFinding], WatchStatusStore.View)
    ) async throws(OutputError)
        -> (Set<String>, [WatchFinding], [String])
    {
        let output = self.output
        let config = self.config
        let defaultImage = self.defaultImage
        do {
            return try await output.lock.withLock { () throws -> (Set<String>, [WatchFinding], [String]) in
                var warnings = warnings
                // Read, compared and written under the one lock: a concurrent round's save is never lost.
                let stored = output.watchStatusStore.load()
                let (findings, view) = findingsAgainst(stored.view)
                if let warning = stored.warning { warnings.append(warning) }
                let loaded = try output.stateStore.load()
                var state = loaded.state
                for (key, outcome) in result.outcomes where outcome.wasChecked {
                    if let record = result.records[key] { state.images[key] = record }
                }
                storeRemade(remade, planned: planned, in: &state, now: now)
                if case .bundled = config.defaults.image {
                    _ = try output.installDefaultImage(site: config.site)
                }
                let healer = EnclosureHealer(
                    images: state.images, items: state.items, defaultImage: defaultImage, site: config.site,
                    cached: config.images.cache ? state.imageCache : [:])
                var rewritten = Set<String>()
                let marks = BookmarkMarks.marks(in: output)
                for spec in config.feeds {
                    let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
                    guard let existing = try files.readHistory(),
                        let snapshot = try? RSSReader().read(existing, path: spec.relativePath)
                    else { continue }
                    // The build's own rendering of the feed's history (articles, reader links, cached copies,
                    // marks), with the images healed: watch changes images only, and the channel stays as the
                    // last build wrote it. Every format heals together, from the one history.
                    var assembly = FeedAssembly(
                        config: config, spec: spec, defaultImage: defaultImage, now: now,
                        articleStore: output.articleStore)
                    assembly.itemMarks = marks
                    let (document, lines) = assembly.rerender(snapshot, state: state) { healer.heal($0) }
                    warnings += lines
                    WrittenStories.noteHiddenImages(
                        of: document.stories, feed: spec.id, defaultImage: defaultImage, in: &state.items)
                    if try FeedAssembly.write(
                        document, to: files, previousBuildDate: snapshot.lastBuildDate, now: now, site: config.site,
                        readerViewsWhenUnchanged: false)
                    {
                        rewritten.insert(spec.id)
                    }
                }
                let bookmarks = try output.bookmarkStore.load(now: now)
                if let warning = bookmarks.warning { warnings.append(warning) }
                if !bookmarks.list.bookmarks.isEmpty,
                    try BookmarkFeed.rewriteIfChanged(
                        bookmarks.list, config: config, output: output, state: state, now: now)
                {
                    rewritten.insert(BookmarkFeed.id)
                }
                try output.stateStore.save(state)
                try output.watchStatusStore.save(view)
                if let warning = loaded.warning { warnings.append(warning) }
                return (rewritten, findings, warnings)
            }
        } catch let error as OutputError {
            throw error
        } catch {
            throw .writeFailed(path: output.root.path, reason: "\(error)")
        }
    }

    /// Adds `outcome` to the summary's counts.
    private static func count(_ outcome: WatchOutcome?, into summary: inout WatchReport.FeedSummary) {
        guard let outcome else { return }
        if outcome.wasContacted { summary.checked += 1 }
        switch outcome {
        case .alive: summary.ok += 1
        case .failing: summary.failing += 1
        case .dead: summary.dead += 1
        case .blocked: summary.blocked += 1
        case .recentlyChecked, .notReached: summary.skipped += 1
        }
    }
}
