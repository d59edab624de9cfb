import Foundation

/// The article objects of one NewsAPI answer, in response order, each built when it is read.
///
/// Backed by the answer's bytes and a ``NewsAPIJSONIndex`` when the JSON is plain (the usual
/// case), so a big answer costs its bytes plus a small index rather than every article at once;
/// otherwise by the articles `JSONDecoder` built. Reading the same position twice builds the
/// article twice: iterate once.
public struct NewsAPIArticles: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case decoded([NewsAPIArticle])
        case indexed(Data, NewsAPIJSONIndex)
        /// Each article's bytes read alone from the answer's file (``readingEachArticle(through:)``).
        case read(NewsAPIJSONIndex, @Sendable (Range<Int>, UnsafeMutableRawBufferPointer) -> Void)
    }

    private let storage: Storage

    /// Articles already built.
    public init(_ articles: [NewsAPIArticle]) {
        storage = .decoded(articles)
    }

    /// Articles read from `data` on demand through `index`, which was made from the same bytes.
    package init(data: Data, index: NewsAPIJSONIndex) {
        storage = .indexed(data, index)
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .decoded(let articles): articles.count
        case .indexed(_, let index), .read(let index, _): index.articleCount
        }
    }

    /// The same articles, each built from its own bytes as `read` gives them (the file read at that range into the
    /// buffer, which has room for exactly that many bytes; a buffer on the stack for most articles) rather
    /// than from the answer's mapped bytes: for reading them out of file order, where every read from a mapping
    /// makes the kernel map the pages around it too, so a few hundred articles in date order fill the whole
    /// mapping (`convert` of 10,000 articles, newest first: peak 40 MB; 32 MB in file order). Dates come from the
    /// index (``publishedDate(at:)``). Articles already built are kept as they are.
    public func readingEachArticle(
        through read: @escaping @Sendable (Range<Int>, UnsafeMutableRawBufferPointer) -> Void
    ) -> NewsAPIArticles {
        guard case .indexed(_, let index) = storage else { return self }
        return NewsAPIArticles(storage: .read(index, read))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    public subscript(position: Int) -> NewsAPIArticle {
        switch storage {
        case .decoded(let articles):
            return articles[position]
        case .indexed(let data, let index):
            precondition(indices.contains(position), "article \(position) is out of range")
            return data.withUnsafeBytes { index.article(position, in: $0) }
        case .read(let index, let read):
            precondition(indices.contains(position), "article \(position) is out of range")
            guard let range = index.byteRange(ofArticle: position) else {
                return index.article(position, inPart: UnsafeRawBufferPointer(start: nil, count: 0), from: 0)
            }
            // No array per article: the bytes are read into memory on the stack (or the heap, for a rare huge one).
            return withUnsafeTemporaryAllocation(byteCount: range.count, alignment: 1) { part in
                read(range, part)
                return index.article(position, inPart: UnsafeRawBufferPointer(part), from: range.lowerBound)
            }
        }
    }

    /// The date the `publishedAt` of the article at `position` spells (``NewsAPIDate/parse(_:)``); nil when it has
    /// none or it is no date. Read with the index when there is one: no byte of the answer is read again.
    public func publishedDate(at position: Int) -> Date? {
        switch storage {
        case .decoded(let articles):
            return articles[position].publishedAt.flatMap(NewsAPIDate.parse)
        case .indexed(_, let index), .read(let index, _):
            precondition(indices.contains(position), "article \(position) is out of range")
            return index.publishedDate(position)
        }
    }
}
