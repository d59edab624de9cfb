import Foundation
import HTTPFetching

/// Asks NewsAPI (or any compatible endpoint) for articles.
///
/// One request per call, no retries: NewsAPI's free plan allows 100 requests a
/// day, so the caller decides what to do after a failure (see
/// ``NewsAPIError/stopsFurtherRequests``). The key is sent only as the
/// `X-Api-Key` header and is blotted out of any text NewsAPI echoes back.
public struct NewsAPIClient: Sendable {
    /// Where NewsAPI lives unless `NEWSAPI_BASE_URL` says otherwise.
    public static let defaultBaseURLString = "https://newsapi.org"

    /// The endpoint's root; query paths are appended to it.
    public let baseURL: URL
    private let apiKey: String
    private let fetcher: any HTTPFetching
    /// The deadline for one whole request.
    public let timeout: Duration

    /// - Parameters:
    ///   - baseURL: e.g. `https://newsapi.org`, or a loopback stub in tests; may carry a path prefix.
    ///   - apiKey: the NewsAPI key; never placed in a URL or a message.
    ///   - fetcher: performs the GET (``CurlFetcher`` in production).
    ///   - timeout: the whole exchange's deadline.
    public init(baseURL: URL, apiKey: String, fetcher: any HTTPFetching, timeout: Duration = .seconds(30)) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.fetcher = fetcher
        self.timeout = timeout
    }

    /// The top headlines of one country and category, newest first.
    public func topHeadlines(country: String, category: String?, pageSize: Int) async throws(NewsAPIError)
        -> NewsAPIResponse
    {
        try await response(for: .topHeadlines(country: country, category: category, pageSize: pageSize))
    }

    /// Sends `query` and decodes the answer.
    public func response(for query: NewsAPIQuery) async throws(NewsAPIError) -> NewsAPIResponse {
        let request = try self.request(for: query)
        let data: Data
        let response: HTTPResponseHead
        do {
            (data, response) = try await fetcher.fetch(request, timeout: timeout)
        } catch {
            switch error {
            case .timedOut(let after): throw .timedOut(after: after)
            case .transport, .tooLarge, .unofferedEncoding, .hostNotFound, .cancelled, .blocked, .disallowedByRobots,
                .robotsUnreachable, .tooManyRedirects, .redirectLoop, .unwantedMediaType:
                throw .transport(redacted(error.description))
            }
        }
        do {
            return try NewsAPIResponse.decode(
                data: data, httpStatus: response.statusCode, headers: response.headerFields)
        } catch {
            throw redacted(error)
        }
    }

    /// The GET request for `query`: JSON accepted, key in the `X-Api-Key` header only.
    package func request(for query: NewsAPIQuery) throws(NewsAPIError) -> FetchRequest {
        guard let url = query.url(relativeTo: baseURL) else {
            throw .transport("the base URL \(baseURL.absoluteString) cannot carry a NewsAPI path")
        }
        var request = FetchRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(apiKey, forHTTPHeaderField: "X-Api-Key")
        return request
    }

    /// Removes the key from text an endpoint sent back, in case it echoes the request.
    private func redacted(_ text: String) -> String {
        guard apiKey.count >= 4 else { return text }
        return text.replacingOccurrences(of: apiKey, with: "[key]")
    }

    private func redacted(_ error: NewsAPIError) -> NewsAPIError {
        switch error {
        case .api(let code, let message, let status, let retryAfter):
            .api(code: redacted(code), message: redacted(message), httpStatus: status, retryAfter: retryAfter)
        case .unexpectedJSON(let detail): .unexpectedJSON(redacted(detail))
        case .transport(let detail): .transport(redacted(detail))
        default: error
        }
    }
}
