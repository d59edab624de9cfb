import Foundation

/// The article objects of one NewsAPI answer, in response order, each built when it is read.
///
/// Backed by the answer's bytes and a ``NewsAPIJSONIndex`` when the JSON is plain (the usual
/// case), so a big answer costs its bytes plus a small index rather than every article at once;
/// otherwise by the articles `JSONDecoder` built. Reading the same position twice builds the
/// article twice: iterate once.
public struct NewsAPIArticles: NewsAPIStoryArticles {
    private enum Storage: Sendable {
        case decoded([NewsAPIArticle])
        case indexed(Indexed)
    }

    /// The bytes and their index, in a box: read out of the enum, the two were copied for every article read (a
    /// retain and a release of each of their six references).
    private final class Indexed: Sendable {
        let data: Data
        let index: NewsAPIJSONIndex

        init(data: Data, index: NewsAPIJSONIndex) {
            self.data = data
            self.index = index
        }
    }

    private let storage: Storage

    /// Articles already built.
    public init(_ articles: [NewsAPIArticle]) {
        storage = .decoded(articles)
    }

    /// Articles read from `data` on demand through `index`, which was made from the same bytes.
    package init(data: Data, index: NewsAPIJSONIndex) {
        storage = .indexed(Indexed(data: data, index: index))
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .decoded(let articles): articles.count
        case .indexed(let indexed): indexed.index.articleCount
        }
    }

    public subscript(position: Int) -> NewsAPIArticle {
        switch storage {
        case .decoded(let articles):
            return articles[position]
        case .indexed(let indexed):
            precondition(indices.contains(position), "article \(position) is out of range")
            return indexed.data.withUnsafeBytes { indexed.index.article(position, in: $0) }
        }
    }

    /// The article at `position` as the normalizer reads it, with the date its `publishedAt` spells; read with the index
    /// when there is one, without the fields the normalizer never reads.
    public func storyInput(at position: Int) -> (article: NewsAPIArticle, publishedDate: Date?) {
        switch storage {
        case .decoded(let articles):
            return articles.storyInput(at: position)
        case .indexed(let indexed):
            precondition(indices.contains(position), "article \(position) is out of range")
            let article = indexed.data.withUnsafeBytes { indexed.index.storyArticle(position, in: $0) }
            return (article, indexed.index.publishedDate(position))
        }
    }

    /// The date the `publishedAt` of the article at `position` spells (``NewsAPIDate/parse(_:)``); nil when it has
    /// none or it is no date. Read with the index when there is one: no byte of the answer is read again.
    public func publishedDate(at position: Int) -> Date? {
        switch storage {
        case .decoded(let articles):
            return articles[position].publishedAt.flatMap(NewsAPIDate.parse)
        case .indexed(let indexed):
            precondition(indices.contains(position), "article \(position) is out of range")
            return indexed.index.publishedDate(position)
        }
    }
}
