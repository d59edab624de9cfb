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

    /// One story's attempt, and the site rules that matched nothing on its pages (`status` counts them).
    struct Outcome: Sendable {
        var attempt: PageAttempt
        var missedRules: [String] = []
    }

    /// Fetches `story`'s page with `fetcher` and extracts its article, its HTML kept to `maxArticleBytes`.
    static func run(
        _ story: Story, fetcher: GuardedFetcher, extractor: ArticleExtractor,
        maxArticleBytes: Int = FullTextSettings.standard.maxArticleBytes
    ) async -> Outcome {
        var missedRules: [String] = []
        let attempt = await run(
            story, fetcher: fetcher, extractor: extractor, maxArticleBytes: maxArticleBytes, missedRules: &missedRules)
        return Outcome(attempt: attempt, missedRules: missedRules)
    }

    private static func run(
        _ story: Story, fetcher: GuardedFetcher, extractor: ArticleExtractor, maxArticleBytes: Int,
        missedRules: inout [String]
    ) async -> PageAttempt {
        let fetched: FetchedResource
        do {
            fetched = try await fetcher.fetch(story.url)
        } catch {
            if case .cancelled = error { return .cancelled }
            if Task.isCancelled { return .cancelled }
            return .failed(cause(of: error), error.description)
        }
        guard (200..<300).contains(fetched.status) else {
            return .failed(.httpStatus, "the publisher answered HTTP \(fetched.status)")
        }
        let article: Article
        var report = ExtractionReport()
        defer { if let missed = report.missedRule { missedRules.append(missed) } }
        do {
            article = try extractor.extract(
                [UInt8](fetched.body), url: fetched.url, contentType: fetched.headers["content-type"], report: &report)
        } catch {
            if case .cancelled = error { return .cancelled }
            return .failed(cause(of: error), error.description)
        }
        // A page that says less than the teaser is no better than the teaser: the item stays as it was.
        let teaser = Article.wordCount(story.content ?? story.summary)
        guard article.words > teaser else {
            return .failed(.noArticle, "the article (\(article.words) words) is no longer than the teaser (\(teaser))")
        }
        return .article(
            StoryArticle(
                key: ArticleStore.key(for: story.link.text),
                html: ArticleCap.html(article.html, limit: maxArticleBytes, source: story.url),
                text: ArticleCap.text(article.text, limit: maxArticleBytes),
                title: article.title.isEmpty ? nil : article.title, byline: article.byline,
                published: article.published, language: article.language, image: article.image,
                siteName: article.siteName, canonical: article.canonical))
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
