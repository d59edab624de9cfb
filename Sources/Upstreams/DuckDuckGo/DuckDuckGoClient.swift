import Foundation
import HTTPFetching
import NewsModel

/// Asks DuckDuckGo's Instant Answer API: `/?q=…&format=json&no_redirect=1&t=newsfeed`.
///
/// No key. `no_html` stays off (with it, `Result` loses the link that names the topic)
/// and so does `skip_disambig` (disambiguation answers hold the most topics). Requests
/// from one client are paced to at most one per second, and carry newsfeed's User-Agent.
public struct DuckDuckGoClient: Sendable {
    /// Where DuckDuckGo lives unless `DDG_BASE_URL` says otherwise.
    public static let defaultBaseURLString = "https://api.duckduckgo.com"
    /// The `t` parameter: the app name DuckDuckGo asks API users to send.
    public static let appName = "newsfeed"

    public let baseURL: URL
    private let fetcher: any HTTPFetching
    private let pacer: RequestPacer
    public let timeout: Duration

    public init(
        baseURL: URL, fetcher: any HTTPFetching, pacer: RequestPacer = RequestPacer(),
        timeout: Duration = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.fetcher = fetcher
        self.pacer = pacer
        self.timeout = timeout
    }

    /// The answer for `query`, in `region` (`br-pt`) when one is given.
    public func answer(for query: String, region: String? = nil) async throws(DuckDuckGoError) -> DuckDuckGoAnswer {
        guard let url = url(for: query, region: region) else {
            throw .transport("the base URL \(baseURL.absoluteString) cannot carry a query")
        }
        var request = FetchRequest(url: url)
        request.setValue("application/json, application/x-javascript;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        request.setValue(NewsFeedVersion.userAgent, forHTTPHeaderField: "User-Agent")
        await pacer.waitForTurn()
        let fetched: Result<(Data, HTTPResponseHead), FetchError>
        do {
            fetched = .success(try await fetcher.fetch(request, timeout: timeout))
        } catch {
            fetched = .failure(error)
        }
        await pacer.finished()
        let data: Data
        let response: HTTPResponseHead
        switch fetched {
        case .success(let answer):
            (data, response) = answer
        case .failure(let error):
            switch error {
            case .timedOut(let after): throw .timedOut(after: after)
            case .transport, .tooLarge, .unofferedEncoding, .hostNotFound, .cancelled, .blocked, .disallowedByRobots,
                .robotsUnreachable, .tooManyRedirects, .redirectLoop, .unwantedMediaType:
                throw .transport(error.description)
            }
        }
        return try DuckDuckGoAnswer.decode(
            data: data, query: query, httpStatus: response.statusCode, headers: response.headerFields)
    }

    /// `<base>/?q=<query>&format=json&no_redirect=1&t=newsfeed` (and `&kl=<region>`), `+` and `&`
    /// in the query encoded.
    package func url(for query: String, region: String? = nil) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else { return nil }
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        components.queryItems = [
            URLQueryItem(name: "q", value: query), URLQueryItem(name: "format", value: "json"),
            URLQueryItem(name: "no_redirect", value: "1"), URLQueryItem(name: "t", value: Self.appName),
        ]
        if let region { components.queryItems?.append(URLQueryItem(name: "kl", value: region)) }
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components.fragment = nil
        return components.url
    }
}
