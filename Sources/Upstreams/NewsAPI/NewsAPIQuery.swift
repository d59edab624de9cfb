import Foundation
import NewsModel

/// One NewsAPI endpoint with its parameters; knows how to become a request URL.
///
/// The API key is deliberately not part of a query: it travels only in the
/// `X-Api-Key` header, so URLs stay safe to log.
public enum NewsAPIQuery: Sendable, Hashable {
    /// `GET /v2/top-headlines?country=…&category=…&pageSize=…`; no `category` for all of a country's headlines.
    case topHeadlines(country: String, category: String?, pageSize: Int)
    /// `GET /v2/everything?q=…&searchIn=…&domains=…&excludeDomains=…&from=…&language=…&sortBy=…&pageSize=…`,
    /// with `from` already resolved for this request.
    case everything(NewsAPISearch, from: String, pageSize: Int)

    /// NewsAPI's largest page; larger values are clamped rather than refused.
    public static let maximumPageSize = 100

    /// The endpoint path below the base URL, e.g. `v2/top-headlines`.
    public var path: String {
        switch self {
        case .topHeadlines: "v2/top-headlines"
        case .everything: "v2/everything"
        }
    }

    /// The query parameters in a stable order.
    public var queryItems: [URLQueryItem] {
        switch self {
        case .topHeadlines(let country, let category, let pageSize):
            [URLQueryItem(name: "country", value: country)]
                + (category.map { [URLQueryItem(name: "category", value: $0)] } ?? [])
                + [URLQueryItem(name: "pageSize", value: String(Self.clampedPageSize(pageSize)))]
        case .everything(let search, let from, let pageSize):
            [URLQueryItem(name: "q", value: search.query)]
                + (search.searchIn.isEmpty
                    ? [] : [URLQueryItem(name: "searchIn", value: search.searchIn.joined(separator: ","))])
                + (search.domains.map { [URLQueryItem(name: "domains", value: $0)] } ?? [])
                + (search.excludeDomains.map { [URLQueryItem(name: "excludeDomains", value: $0)] } ?? [])
                + [URLQueryItem(name: "from", value: from)]
                + (search.language.map { [URLQueryItem(name: "language", value: $0)] } ?? [])
                + [
                    URLQueryItem(name: "sortBy", value: search.sortBy.rawValue),
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
        // URLComponents leaves `+` alone, which servers read as a space: NewsAPI's `+word` must survive.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components.fragment = nil
        return components.url
    }

    private static func clampedPageSize(_ pageSize: Int) -> Int {
        min(max(pageSize, 1), maximumPageSize)
    }
}
