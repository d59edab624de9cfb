import Articles
import FeedOutput
import Foundation
import HTTPFetching
import NewsModel

/// One story's page fetched and extracted: its article, or the cause of the failure as the cache keeps it.
enum PageAttempt: Sendable {
    case article(StoryArticle)
    case failed(ArticleFailureCause, String)
    /// The build was stopped before the page arrived: nothing is recorded.
    case cancelled

    /// One story's attempt, the site rules that matched nothing on its pages (`status` counts them), and how many
    /// pages were asked for it (an article over several pages, or its one-page view, asks more than one).
    struct Outcome: Sendable {
        var attempt: PageAttempt
        var missedRules: [String] = []
        var pages = 0
    }

    /// How far an article split over pages is followed: at most `maxPages` pages (`fullText.maxPages`, the first
    /// included), each page after the first only when `takePage` grants it from the run's budget.
    struct Following: Sendable {
        var maxPages: Int
        var takePage: @Sendable () async -> Bool

        /// One page per story, as before multi-page articles.
        static let firstPageOnly = Following(maxPages: 1) { false }
    }

    /// Fetches `story`'s page with `fetcher` and extracts its article, its HTML kept to `maxArticleBytes`; an article
    /// over several pages is read from its one-page view when the page links one and it says more, else from its
    /// next pages as `following` allows, joined (``ArticleParts``).
    static func run(
        _ story: Story, fetcher: GuardedFetcher, extractor: ArticleExtractor,
        maxArticleBytes: Int = FullTextSettings.standard.maxArticleBytes, following: Following = .firstPageOnly
    ) async -> Outcome {
        var outcome = Outcome(attempt: .cancelled)
        outcome.attempt = await run(
            story, fetcher: fetcher, extractor: extractor, maxArticleBytes: maxArticleBytes, following: following,
            tally: &outcome)
        return outcome
    }

    /// One page's article and how it was found, or the attempt that says why there is none.
    private enum PageResult {
        case article(Article, ExtractionReport)
        /// No article; `paywall` is what the page said of a paywall, when it was read at all.
        case failed(PageAttempt, paywall: PaywallSignals = PaywallSignals())
    }

    private static func page(
        _ url: URL, fetcher: GuardedFetcher, extractor: ArticleExtractor, tally: inout Outcome
    ) async -> PageResult {
        tally.pages += 1
        let fetched: FetchedResource
        do {
            fetched = try await fetcher.fetch(url)
        } catch {
            if case .cancelled = error { return .failed(.cancelled) }
            if Task.isCancelled { return .failed(.cancelled) }
            return .failed(.failed(cause(of: error), error.description))
        }
        guard (200..<300).contains(fetched.status) else {
            return .failed(.failed(.httpStatus, "the publisher answered HTTP \(fetched.status)"))
        }
        var report = ExtractionReport()
        defer { if let missed = report.missedRule { tally.missedRules.append(missed) } }
        do {
            let article = try extractor.extract(
                [UInt8](fetched.body), url: fetched.url, contentType: fetched.headers["content-type"], report: &report)
            return .article(article, report)
        } catch {
            if case .cancelled = error { return .failed(.cancelled) }
            return .failed(.failed(cause(of: error), error.description), paywall: report.paywall)
        }
    }

    private static func run(
        _ story: Story, fetcher: GuardedFetcher, extractor: ArticleExtractor, maxArticleBytes: Int,
        following: Following, tally: inout Outcome
    ) async -> PageAttempt {
        var article: Article
        let report: ExtractionReport
        let teaser = Article.wordCount(story.content ?? story.summary)
        switch await page(story.url, fetcher: fetcher, extractor: extractor, tally: &tally) {
        case .failed(.failed(.noArticle, _), let paywall) where paywall.any:
            // Nothing but a prompt where the article should be.
            return .article(paywalled(story, page: nil, because: paywall.description ?? ""))
        case .failed(let attempt, _): return attempt
        case .article(let first, let firstReport): (article, report) = (first, firstReport)
        }
        if let reason = Self.paywall(words: article.words, teaser: teaser, signals: report.paywall) {
            return .article(paywalled(story, page: article, because: reason))
        }
        // A page that says less than the teaser, and nothing of a paywall, is no better than the teaser (a page
        // built by script, a summary page): the item stays as it was, and the page is tried again later.
        guard article.words > teaser else {
            return .failed(.noArticle, "the article (\(article.words) words) is no longer than the teaser (\(teaser))")
        }
        let firstURL = article.url ?? story.url
        var visited: Set<String> = [story.url.absoluteString, firstURL.absoluteString]
        var readWhole = false
        // The one-page view, when the page links one: one page instead of several, if it says more.
        if following.maxPages > 1, let single = report.singlePage, PageContinuation.sameSite(single, firstURL),
            visited.insert(single.absoluteString).inserted, await following.takePage()
        {
            if case .article(var whole, let wholeReport) = await page(
                single, fetcher: fetcher, extractor: extractor, tally: &tally), whole.words > article.words,
                Self.paywall(words: whole.words, teaser: teaser, signals: wholeReport.paywall) == nil
            {
                whole.url = article.url
                article = whole
                readWhole = true
            }
        }
        if !readWhole {
            var parts = [article]
            var next = report.nextPage
            while parts.count < following.maxPages, let target = next, PageContinuation.sameSite(target, firstURL),
                visited.insert(target.absoluteString).inserted, !Task.isCancelled, await following.takePage()
            {
                guard
                    case .article(let part, let partReport) = await page(
                        target, fetcher: fetcher, extractor: extractor, tally: &tally)
                else { break }
                parts.append(part)
                next = partReport.nextPage
            }
            if parts.count > 1 { article = ArticleParts.join(parts) }
        }
        if Task.isCancelled { return .cancelled }
        return .article(
            StoryArticle(
                key: ArticleStore.key(for: story.link.text),
                html: ArticleCap.html(article.html, limit: maxArticleBytes, source: story.url),
                text: ArticleCap.text(article.text, limit: maxArticleBytes),
                title: article.title.isEmpty ? nil : article.title, byline: article.byline,
                published: article.published, language: article.language, image: article.image,
                siteName: article.siteName, canonical: article.canonical))
    }

    /// The most words a page that says it has a paywall gives when it is the teaser, not the article.
    static let teaserWords = PaywallSignals.teaserWords

    /// Why a page whose article has `words` words is a paywall's teaser for a story whose own text has `teaser`
    /// words (issue 28, point 10), or nil when it is not: a page that says it has a paywall (``PaywallSignals``)
    /// and gives fewer than ``teaserWords`` words, or no more than twice the feed's own text, shows the teaser. A
    /// page that says it has a paywall and still gives the whole article (as many do for search engines) is the
    /// article; a short page that says nothing of a paywall is no article (a page built by script, a summary).
    static func paywall(words: Int, teaser: Int, signals: PaywallSignals) -> String? {
        // Twice the feed's text only while that text is itself a teaser: a feed that carries the whole article
        // already has more than twice nothing to compare with.
        guard let described = signals.description,
            words < teaserWords || (teaser < teaserWords && words <= 2 * teaser)
        else { return nil }
        return described
    }

    /// The paywalled article of `story`: the page's metadata (when it was read) and no text of the page.
    private static func paywalled(_ story: Story, page article: Article?, because reason: String) -> StoryArticle {
        var paywalled = StoryArticle(
            key: ArticleStore.key(for: story.link.text), html: "", text: "",
            title: article.flatMap { $0.title.isEmpty ? nil : $0.title }, byline: article?.byline,
            published: article?.published, language: article?.language, image: article?.image,
            siteName: article?.siteName, canonical: article?.canonical)
        paywalled.paywall = reason
        return paywalled
    }

    static func cause(of error: FetchError) -> ArticleFailureCause {
        switch error {
        case .timedOut: .timeout
        case .tooLarge: .tooLarge
        case .blocked: .blocked
        case .disallowedByRobots: .robots
        case .tooManyRedirects, .redirectLoop: .redirects
        case .unwantedMediaType: .notHTML
        // robots.txt answered 5xx or not at all: a passing failure of the publisher, retried as the others.
        case .transport, .unofferedEncoding, .hostNotFound, .cancelled, .robotsUnreachable: .network
        }
    }

    static func cause(of error: ArticleError) -> ArticleFailureCause {
        switch error {
        case .tooLarge: .tooLarge
        case .notHTML: .notHTML
        case .empty, .noArticle: .noArticle
        case .tooComplex: .tooComplex
        // Not recorded (``run`` returns `.cancelled`); a stopped build's page is due again.
        case .cancelled: .network
        }
    }
}
