import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// Full text in `status`, `/status.json` and `/metrics`: per feed with full text, how many of its items have their
/// article and the failures by cause; for the output folder, the pages fetched, extracted and failed since it began.
public struct FullTextStatus: Sendable, Equatable {
    /// One feed with full text.
    public struct Feed: Sendable, Equatable {
        public var path: String
        /// Items of the feed now.
        public var items: Int
        /// Of those, the items with an article.
        public var withArticle: Int
        /// Of those, the items whose page gave no article (yet), by cause.
        public var failures: [ArticleFailureCause: Int]
        /// Of those, the items whose page no build has reached yet (`fullText.pagesPerRun` or `fullText.runTime`
        /// ran out first): no article, no failure.
        public var waiting = 0
        /// Of those, the items whose page was a paywall's teaser (issue 28, point 10): they keep the feed's text.
        public var paywalled = 0

        package init(
            path: String, items: Int, withArticle: Int, failures: [ArticleFailureCause: Int], waiting: Int = 0,
            paywalled: Int = 0
        ) {
            self.path = path
            self.items = items
            self.withArticle = withArticle
            self.failures = failures
            self.waiting = waiting
            self.paywalled = paywalled
        }
    }

    public var feeds: [Feed]
    public var counters: ArticleCounters

    /// A full-text status as given (the views' tests set every fact).
    package init(feeds: [Feed], counters: ArticleCounters) {
        self.feeds = feeds
        self.counters = counters
    }

    /// The full text of `config`'s feeds as the output folder holds it now; nil when no feed has full text.
    public init?(config: NewsFeedConfig) {
        guard config.anyFullText else { return nil }
        let output = OutputFolder(root: config.output)
        let store = output.articleStore
        feeds = config.feeds.filter(config.wantsFullText).map { spec in
            let stories = output.readFeedSnapshot(spec, formats: config.formats)?.stories ?? []
            var feed = Feed(path: spec.id, items: stories.count, withArticle: 0, failures: [:])
            for story in stories {
                guard let record = store.load(story.link.text).record else {
                    feed.waiting += 1
                    continue
                }
                if record.article?.isPaywalled == true {
                    feed.paywalled += 1
                } else if record.article != nil {
                    feed.withArticle += 1
                } else if let failure = record.failure {
                    feed.failures[failure.cause, default: 0] += 1
                }
            }
            return feed
        }
        counters = ArticleCounters.load(from: output)
    }

    /// `"2 HTTP error, 1 timeout"`, causes in their declared order; `none` without failures.
    static func failureText(_ failures: [ArticleFailureCause: Int]) -> String {
        let parts = ArticleFailureCause.allCases.compactMap { cause in failures[cause].map { "\($0) \(cause.label)" } }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// The lines `status` adds: one per feed with full text, then the pages since the folder began.
    public var lines: [String] {
        var lines = feeds.map { feed in
            "\(feed.path) full text: \(feed.withArticle) of \(counted(feed.items, "item")) with the article; "
                + (feed.paywalled > 0 ? "\(feed.paywalled) paywalled; " : "")
                + "failures: \(Self.failureText(feed.failures))"
                + (feed.waiting > 0 ? "; \(feed.waiting) not fetched yet" : "")
        }
        let failed = ArticleFailureCause.allCases.compactMap { cause in
            counters.failed[cause.rawValue].map { "\($0) \(cause.label)" }
        }
        lines.append(
            "full text pages: \(counters.fetched) fetched, \(counters.extracted) extracted, "
                + (counters.paywalled > 0 ? "\(counters.paywalled) paywalled, " : "")
                + "\(counters.failedTotal) failed"
                + (failed.isEmpty ? "" : " (\(failed.joined(separator: ", ")))"))
        if !counters.ruleMisses.isEmpty {
            let total = counters.ruleMisses.values.reduce(0, +)
            let byRule = counters.ruleMisses.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            lines.append(
                "full text site rules that matched nothing: \(total) page\(total == 1 ? "" : "s") "
                    + "(\(byRule.joined(separator: ", ")))")
        }
        return lines
    }

    /// `feed`'s object in `/status.json`: `{"items": …, "withArticle": …, "failures": {"http": …}}`.
    func json(for path: String) -> JSONOutput? {
        guard let feed = feeds.first(where: { $0.path == path }) else { return nil }
        let failures = JSONOutput.object(feed.failures.map { ($0.key.rawValue, .int($0.value)) })
        return [
            "items": .int(feed.items), "withArticle": .int(feed.withArticle), "failures": failures,
            "waiting": .int(feed.waiting), "paywalled": .int(feed.paywalled),
        ]
    }

    /// The output folder's counters in `/status.json`.
    var countersJSON: JSONOutput {
        [
            "fetched": .int(counters.fetched), "extracted": .int(counters.extracted),
            "paywalled": .int(counters.paywalled),
            "failed": JSONOutput(counters.failed), "ruleMisses": JSONOutput(counters.ruleMisses),
        ]
    }
}
