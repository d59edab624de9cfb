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
    /// Extracting the page took longer than its budget (`fullText.extractTimeout`): a page built to stall
    /// the extractor (or one far beyond what articles are made of).
    /// With no limit: the page holds more elements than its size allows for (a page built to be slow).
    case tooComplex(limit: Duration?)
    /// The build was stopped while the page was being extracted (nothing is recorded).
    case cancelled

    public var description: String {
        switch self {
        case .tooLarge(let limit): "too large (over \(limit) bytes)"
        case .notHTML(let kind): "not HTML (\(kind))"
        case .empty: "empty page"
        case .noArticle: "no article found"
        case .tooComplex(let limit?): "too complex (not extracted within \(Self.seconds(limit)))"
        case .tooComplex(nil): "too complex (too many elements for its size)"
        case .cancelled: "stopped before the page was extracted"
        }
    }

    /// `limit` as people write it: `5s`, `1.5s`, `20ms`.
    private static func seconds(_ limit: Duration) -> String {
        let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(Double(milliseconds) / 1000)s"
    }
}
