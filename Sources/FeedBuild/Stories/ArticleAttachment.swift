import Foundation
import NewsModel

/// Puts an article on its story and lets the page fill what the upstream left empty: the author, the publication
/// date, the language, the description (the article's opening, for a story whose upstream gave none) and, for a
/// story without an image of its own, the lead image (decided afterwards like any story image, so the watcher's
/// verdicts apply to it).
package enum ArticleAttachment {
    /// A page's date further ahead than this is a wrong clock or a typo, not a publication date.
    static let futureTolerance: TimeInterval = 86_400

    /// What a NewsAPI story without a description shows under `config`: `defaults.description`, else
    /// `No description`, as the normalizer writes it.
    package static func placeholder(for config: NewsFeedConfig) -> String {
        StoryDefaults(description: config.defaults.description).cleaned.newsAPIDescription
    }

    /// Whether `story`'s own text (a publisher's feed item's content, else its summary) is longer than `article`'s:
    /// a publisher's feed that already carries more text than its page gave keeps its own (issue 27, point 7), in
    /// the build that fetched the page and in every later one that finds the article in the cache.
    /// A paywall's teaser (which carries no text) never counts: its item keeps the feed's text with the mark.
    package static func feedSaysMore(_ story: Story, than article: StoryArticle) -> Bool {
        !article.isPaywalled && (story.content ?? story.summary).count > article.text.count
    }

    /// `story` with `article` and the metadata it fills. A story whose summary is empty or `placeholder` (the
    /// configured default description) takes the article's opening as its description.
    package static func attach(_ article: StoryArticle, to story: inout Story, now: Date, placeholder: String?) {
        story.article = article
        if story.author == nil, let byline = article.byline, !byline.isEmpty { story.author = byline }
        if story.publishedAt == nil, let published = article.published,
            published <= now.addingTimeInterval(futureTolerance)
        {
            story.publishedAt = published
        }
        if story.language == nil, let language = article.language, !language.isEmpty { story.language = language }
        if story.originalImageLink == nil, let image = article.image {
            story.originalImageURL = image
        }
        if story.summary.isEmpty || story.summary == placeholder, let opening = article.opening {
            story.summary = opening
        }
    }
}
