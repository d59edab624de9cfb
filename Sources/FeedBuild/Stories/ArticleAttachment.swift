import Foundation
import NewsModel

/// Puts an article on its story and lets the page fill what the upstream left empty: the author, the publication
/// date, the language and, for a story without an image of its own, the lead image (decided afterwards like any
/// story image, so the watcher's verdicts apply to it).
package enum ArticleAttachment {
    /// A page's date further ahead than this is a wrong clock or a typo, not a publication date.
    static let futureTolerance: TimeInterval = 86_400

    /// `story` with `article` and the metadata it fills.
    package static func attach(_ article: StoryArticle, to story: inout Story, now: Date) {
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
    }
}
