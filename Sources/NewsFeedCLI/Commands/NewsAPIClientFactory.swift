import Foundation
import HTTPFetching
import NewsModel
import Upstreams

/// Builds the NewsAPI client from the environment: `NEWSAPI_KEY` and `NEWSAPI_BASE_URL`.
package enum NewsAPIClientFactory {
    static let defaultBaseURL = "https://newsapi.org"

    /// `NEWSAPI_KEY` trimmed, or nil when unset or blank.
    package static func key(in environment: [String: String]) -> String? {
        guard let key = environment["NEWSAPI_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty
        else { return nil }
        return key
    }

    package static func make(environment: [String: String]) throws(ConfigError) -> NewsAPIClient {
        guard let key = key(in: environment) else {
            throw environment["NEWSAPI_KEY"] == nil ? .missingAPIKey : .emptyAPIKey
        }
        let baseText = environment["NEWSAPI_BASE_URL"] ?? defaultBaseURL
        guard let base = URL(string: baseText), let scheme = base.scheme?.lowercased(),
            scheme == "http" || scheme == "https", base.host?.isEmpty == false
        else {
            throw .invalidBaseURL(baseText)
        }
        return NewsAPIClient(baseURL: base, apiKey: key, fetcher: CurlFetcher())
    }
}
