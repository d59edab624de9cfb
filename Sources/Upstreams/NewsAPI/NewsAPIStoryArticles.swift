import Foundation

/// Articles that ``ParallelNormalizedStories`` and ``ParallelWrittenItems`` make stories of: each position's article
/// as ``NewsAPINormalizer`` reads it, with its `publishedAt` read as a date.
///
/// An answer read through its index (``NewsAPIArticles``) gives the date the index read and leaves out the strings
/// the normalizer never reads: a 10,000-article `convert` made and parsed every date twice.
public protocol NewsAPIStoryArticles: RandomAccessCollection, Sendable
where Element == NewsAPIArticle, Index == Int {
    /// The article at `position` with at least the fields ``NewsAPINormalizer`` reads (it never reads `sourceID` nor
    /// `publishedAt`), and the date its `publishedAt` spells (``NewsAPIDate/parse(_:)``; nil when it has none or it
    /// is no date).
    func storyInput(at position: Int) -> (article: NewsAPIArticle, publishedDate: Date?)
}

extension NewsAPIStoryArticles {
    public func storyInput(at position: Int) -> (article: NewsAPIArticle, publishedDate: Date?) {
        let article = self[position]
        return (article, article.publishedAt.flatMap(NewsAPIDate.parse))
    }
}

extension Array: NewsAPIStoryArticles where Element == NewsAPIArticle {}
