/// Why a page gave no article; each case is one cause, said in a few words (the cause kept in the
/// article cache and printed by `extract`).
public enum ArticleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The page is larger than the cap (its first bytes were not extracted from).
    case tooLarge(limit: Int)
    /// The bytes are not an HTML page (JSON, an image, a PDF, binary data).
    case notHTML(kind: String)
    /// The page is empty.
    case empty
    /// The page parsed, but holds too little text to be an article.
    case noArticle

    public var description: String {
        switch self {
        case .tooLarge(let limit): "too large (over \(limit) bytes)"
        case .notHTML(let kind): "not HTML (\(kind))"
        case .empty: "empty page"
        case .noArticle: "no article found"
        }
    }
}
