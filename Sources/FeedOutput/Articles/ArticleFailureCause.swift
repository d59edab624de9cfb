/// Why a publisher's page gave no article, as the article cache keeps it and `status` and `/metrics` count it.
public enum ArticleFailureCause: String, Sendable, Hashable, Codable, CaseIterable {
    /// The publisher answered with a status other than 2xx (403, 451, 404…).
    case httpStatus = "http"
    /// The page did not arrive within `fullText.timeout`.
    case timeout
    /// The page is larger than `fullText.maxPageBytes`.
    case tooLarge = "too-large"
    /// The answer is not an HTML page (JSON, an image, a PDF).
    case notHTML = "not-html"
    /// `robots.txt` disallows the page for `newsfeed`.
    case robots
    /// The address (or a redirect's) is not public, or not http(s).
    case blocked
    /// Too many redirects, or a redirect loop.
    case redirects
    /// The page holds no article (or one shorter than the story's teaser).
    case noArticle = "no-article"
    /// The page was not extracted within `fullText.extractTimeout` (built to stall the extractor, or far beyond
    /// what articles are made of).
    case tooComplex = "too-complex"
    /// The connection failed: name resolution, refused, reset, TLS, a truncated answer.
    case network

    /// How `status` names the cause.
    public var label: String {
        switch self {
        case .httpStatus: "HTTP error"
        case .timeout: "timeout"
        case .tooLarge: "too large"
        case .notHTML: "not HTML"
        case .robots: "robots.txt"
        case .blocked: "blocked address"
        case .redirects: "redirects"
        case .noArticle: "no article"
        case .tooComplex: "too complex"
        case .network: "network"
        }
    }
}
