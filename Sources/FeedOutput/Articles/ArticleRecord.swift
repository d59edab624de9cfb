import Foundation
import NewsModel

/// What the article cache knows of one article URL: its article, or why there is none and when to try again.
public struct ArticleRecord: Sendable, Hashable, Codable {
    /// The article URL, as the feeds write it.
    public var url: String
    /// The article, when the page gave one.
    public var article: StoryArticle?
    /// Why the last attempt gave no article; nil with an article.
    public var failure: Failure?
    /// When the page was last fetched.
    public var fetchedAt: Date

    /// A failed attempt: the cause, a line saying it, how many tries so far and when the next may be.
    public struct Failure: Sendable, Hashable, Codable {
        public var cause: ArticleFailureCause
        /// One line, e.g. `the publisher answered HTTP 451`.
        public var detail: String
        /// Attempts so far (1…``ArticleRecord/maximumTries``).
        public var tries: Int
        /// When the next attempt may be made; nil once every try is spent (the page is left alone).
        public var retryAfter: Date?

        public init(cause: ArticleFailureCause, detail: String, tries: Int, retryAfter: Date?) {
            self.cause = cause
            self.detail = detail
            self.tries = tries
            self.retryAfter = retryAfter
        }
    }

    /// A page that gave its article.
    public init(url: String, article: StoryArticle, fetchedAt: Date) {
        self.url = url
        self.article = article
        failure = nil
        self.fetchedAt = fetchedAt
    }

    /// A failed attempt after `previous` (nil for the first), with the backoff of ``retryDelays``.
    public init(url: String, cause: ArticleFailureCause, detail: String, after previous: ArticleRecord?, now: Date) {
        self.url = url
        article = nil
        fetchedAt = now
        let tries = (previous?.failure?.tries ?? 0) + 1
        let delay = tries <= Self.retryDelays.count ? Self.retryDelays[tries - 1] : nil
        failure = Failure(
            cause: cause, detail: detail, tries: tries, retryAfter: delay.map { now.addingTimeInterval($0) })
    }

    /// Attempts a page gets at most.
    public static let maximumTries = 3
    /// The waits after the first and the second failure: the third try comes about a day after the first.
    public static let retryDelays: [TimeInterval] = [3 * 3600, 21 * 3600]

    /// Whether the page should be fetched (again) at `now`: never with an article or once every try is spent.
    public func isDue(at now: Date) -> Bool {
        guard article == nil, let failure else { return false }
        guard let retryAfter = failure.retryAfter else { return false }
        return now >= retryAfter
    }
}
