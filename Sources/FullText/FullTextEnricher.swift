import Articles
import FeedBuild
import FeedOutput
import Foundation
import HTTPFetching
import NewsModel

/// The full-text step (docs/full-text.md): for a feed with `"fullText"`, fetches the publishers' pages of the
/// stories the article cache does not know yet (or whose failure is due for another try), extracts their
/// articles, keeps the outcome in the cache and puts each article on its story, with the metadata it fills.
///
/// Pages go through one ``GuardedFetcher`` per enricher with ``FetchPolicy/pages(site:allowPrivate:)`` and the
/// config's limits: at most `fullText.pagesPerRun` per build (newest stories first), `fullText.concurrency` at
/// once and `fullText.perHost` per host, `fullText.timeout` for a whole page, `fullText.maxPageBytes`. Nothing
/// here can fail the feed: a story whose page fails is left as it came. A stopped build records nothing more.
public struct FullTextEnricher: StoryEnricher {
    private let settings: FullTextSettings
    private let fetcher: GuardedFetcher
    private let extractor: ArticleExtractor
    private let budget: PageBudget

    /// The enricher for `config`: its `fullText` limits, its `allowPrivate` and its `site` (in the User-Agent).
    public init(config: NewsFeedConfig, resolver: any HostResolving = HostResolver()) {
        self.init(config: config, fetcher: GuardedFetcher(policy: Self.policy(for: config), resolver: resolver))
    }

    /// With per-host lanes shared with the build's feed polls (one host-fair queue: `fullText.perHost` and
    /// `fullText.hostSpacing` count a publisher's feed and its pages together).
    package init(config: NewsFeedConfig, hostLanes: HostGate) {
        self.init(config: config, fetcher: GuardedFetcher(policy: Self.policy(for: config), hostLanes: hostLanes))
    }

    /// With a fetcher of the caller's choosing (tests give one with their own address policy).
    package init(config: NewsFeedConfig, fetcher: GuardedFetcher) {
        settings = config.fullText
        self.fetcher = fetcher
        var extractor = ArticleExtractor(
            maximumBytes: config.fullText.maxPageBytes, timeout: config.fullText.extractTimeout.duration)
        extractor.siteRules = config.fullText.siteConfig.map(SiteRuleFolder.init(folder:))
        self.extractor = extractor
        budget = PageBudget(perRun: config.fullText.pagesPerRun, runTime: config.fullText.runTime.duration)
    }

    /// The page policy `config` asks for.
    package static func policy(for config: NewsFeedConfig) -> FetchPolicy {
        let settings = config.fullText
        var policy = FetchPolicy.pages(site: config.site, allowPrivate: config.allowPrivate)
        policy.maximumBytes = settings.maxPageBytes
        policy.timeout = settings.timeout.duration
        policy.perHost = settings.perHost
        policy.totalConcurrency = settings.concurrency
        policy.hostSpacing = settings.hostSpacing.duration
        policy.obeysRobots = settings.robots
        return policy
    }

    public func enrich(_ stories: [Story], in feed: FeedContext) async -> [Story] {
        guard feed.run.config.wantsFullText(feed.spec), !stories.isEmpty else { return stories }
        let output = feed.run.output
        let store = output.articleStore
        let links = stories.map(\.link.text)
        let now = feed.now
        // The cache as it is now (another process may have fetched some meanwhile).
        let loaded: [ArticleStore.Loaded]
        do {
            loaded = try await output.lock.withLock { links.map(store.load) }
        } catch {
            feed.run.notes.warn("\(feed.spec.id): full text skipped: \(error)")
            return stories
        }
        for line in loaded.compactMap(\.warning) { feed.run.notes.warn(line) }
        var records = loaded.map(\.record)

        // Newest first, within this feed's part of what is left of the run's budget.
        let due = stories.indices.filter { records[$0].map { $0.isDue(at: now) } ?? true }
            .sorted { stories[$0].displayDate > stories[$1].displayDate }
        let later = feed.run.feeds.drop { $0.id != feed.spec.id }.dropFirst()
        let feedsLeft = 1 + later.filter(feed.run.config.wantsFullText).count
        let deadline = await budget.deadline(run: feed.run.id)
        guard ContinuousClock.now < deadline else {
            return tallied(attach(records, to: stories, in: feed), failed: [:], in: feed)
        }
        let granted = await budget.take(due.count, run: feed.run.id, feedsLeft: feedsLeft)
        let notes = feed.run.notes
        let feedID = feed.spec.id
        // An article's next pages each take one page more of the run's budget, as later feeds would.
        let budget = self.budget
        let runID = feed.run.id
        let following = PageAttempt.Following(maxPages: settings.maxPages) {
            await budget.take(1, run: runID, feedsLeft: feedsLeft) == 1
        }
        let attempts = await fetch(
            Array(due.prefix(granted)).map { ($0, stories[$0]) }, following: following, until: deadline
        ) {
            notes.pagesDone($0, of: $1, for: feedID)
        }

        var fresh: [ArticleRecord] = []
        var counted = ArticleCounters()
        for (index, outcome) in attempts {
            let link = links[index]
            if case .cancelled = outcome.attempt { continue }
            for rule in outcome.missedRules { counted.ruleMisses[rule, default: 0] += 1 }
            // Pages after the first (an article's next pages, its one-page view) were fetched too.
            counted.fetched += max(0, outcome.pages - 1)
            switch outcome.attempt {
            case .article(let article):
                fresh.append(ArticleRecord(url: link, article: article, fetchedAt: now))
                counted.count(nil, paywalled: article.isPaywalled)
            case .failed(let cause, let detail):
                fresh.append(ArticleRecord(url: link, cause: cause, detail: detail, after: records[index], now: now))
                counted.count(cause)
            case .cancelled:
                continue
            }
            records[index] = fresh.last
        }
        if !fresh.isEmpty {
            let toSave = fresh
            let outcomes = counted
            do {
                try await output.lock.withLock {
                    for record in toSave { try store.save(record) }
                    var counters = ArticleCounters.load(from: output)
                    counters.add(outcomes)
                    try counters.save(to: output)
                }
            } catch {
                feed.run.notes.warn("\(feed.spec.id): full text: \(error)")
            }
        }
        var failed: [ArticleFailureCause: Int] = [:]
        for (raw, count) in counted.failed {
            if let cause = ArticleFailureCause(rawValue: raw) { failed[cause, default: 0] += count }
        }
        return tallied(attach(records, to: stories, in: feed), failed: failed, in: feed)
    }

    /// `stories`, after noting for the feed's build line how many carry their article and what failed now.
    private func tallied(_ stories: [Story], failed: [ArticleFailureCause: Int], in feed: FeedContext) -> [Story] {
        let paywalled = stories.filter(\.isSubscriberArticle).count
        let withArticle = stories.filter { $0.article != nil }.count - paywalled
        feed.run.notes.record(
            FullTextTally(stories: stories.count, withArticle: withArticle, failed: failed, paywalled: paywalled),
            for: feed.spec.id)
        return stories
    }

    /// `stories` with the articles of `records` (by index) put on them.
    private func attach(_ records: [ArticleRecord?], to stories: [Story], in feed: FeedContext) -> [Story] {
        let now = feed.now
        let resolver = StoryImageResolver(
            site: feed.run.config.site, defaultImage: feed.run.defaultImage, images: feed.state.images)
        let placeholder = ArticleAttachment.placeholder(for: feed.run.config)
        return stories.enumerated().map { index, story in
            guard let article = records[index]?.article else { return story }
            // A publisher's feed that already carries more text than its page gave keeps its own.
            if feed.spec.kind.isPublisherFeed, ArticleAttachment.feedSaysMore(story, than: article) { return story }
            var enriched = story
            let hadOwnImage = story.originalImageLink != nil
            ArticleAttachment.attach(article, to: &enriched, now: now, placeholder: placeholder)
            if !hadOwnImage, enriched.originalImageLink != nil {
                resolver.resolve(&enriched, originalImage: nil)
            }
            return enriched
        }
    }

    /// Fetches the pages of `work` (index, story) with at most `concurrency` in flight and `perHost` per host,
    /// hosts taken in turn; returns each outcome by index. At `deadline` (`fullText.runTime`) no page more is
    /// started and the pages in flight are stopped: they are not recorded, and stay due for the next build.
    /// Fetches and extracts `work` host-fairly until `deadline`; `done` hears each finished page (count, total).
    private func fetch(
        _ work: [(Int, Story)], following: PageAttempt.Following, until deadline: ContinuousClock.Instant,
        done: (Int, Int) -> Void
    ) async -> [(Int, PageAttempt.Outcome)] {
        guard !work.isEmpty else { return [] }
        let fetcher = self.fetcher
        let extractor = self.extractor
        let maxArticleBytes = settings.maxArticleBytes
        var queue = HostFairQueue(
            items: work.enumerated().map { (item: $0.offset, host: $0.element.1.url.host?.lowercased() ?? "") },
            perHost: settings.perHost)
        let concurrency = settings.concurrency
        var results: [(Int, PageAttempt.Outcome)] = []
        await withTaskGroup(of: (Int, String, PageAttempt.Outcome)?.self) { group in
            // The run's clock: its answer (nil) stops the step.
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            var running = 0
            var timeIsUp = false
            while true {
                while !Task.isCancelled, !timeIsUp, running < concurrency, let next = queue.next() {
                    let (index, story) = work[next.item]
                    group.addTask {
                        (
                            index, next.host,
                            await PageAttempt.run(
                                story, fetcher: fetcher, extractor: extractor, maxArticleBytes: maxArticleBytes,
                                following: following)
                        )
                    }
                    running += 1
                }
                guard running > 0, let answer = await group.next() else { break }
                guard let (index, host, outcome) = answer else {
                    timeIsUp = true
                    group.cancelAll()
                    continue
                }
                running -= 1
                queue.finished(host: host)
                results.append((index, outcome))
                done(results.count, work.count)
            }
            group.cancelAll()
        }
        return results
    }
}
