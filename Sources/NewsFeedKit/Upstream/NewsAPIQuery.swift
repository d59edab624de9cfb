import Foundation

/// One NewsAPI endpoint with its parameters; knows how to become a request URL.
///
/// The API key is deliberately not part of a query: it travels only in the
/// `X-Api-Key` header, so URLs stay safe to log. `everything` slots in as a case.
public enum NewsAPIQuery: Sendable, Hashable {
    /// `GET /v2/top-headlines?country=…&category=…&pageSize=…`
    case topHeadlines(country: String, category: String, pageSize: Int)

    /// NewsAPI's largest page; larger values are clamped rather than refused.
    public static let maximumPageSize = 100

    /// The endpoint path below the base URL, e.g. `v2/top-headlines`.
    public var path: String {
        switch self {
        case .topHeadlines: "v2/top-headlines"
        }
    }

    /// The query parameters in a stable order.
    public var queryItems: [URLQueryItem] {
        switch self {
        case .topHeadlines(let country, let category, let pageSize):
            [
                URLQueryItem(name: "country", value: country),
                URLQueryItem(name: "category", value: category),
                URLQueryItem(name: "pageSize", value: String(Self.clampedPageSize(pageSize))),
            ]
        }
    }

    /// The full URL under `baseURL` (which may carry a path prefix), or nil when `baseURL` is unusable.
    public func url(relativeTo baseURL: URL) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else { return nil }
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        components.percentEncodedPath = prefix + "/" + path
        components.queryItems = queryItems
        components.fragment = nil
        return components.url
    }

    private static func clampedPageSize(_ pageSize: Int) -> Int {
        min(max(pageSize, 1), maximumPageSize)
    }
}
