import Foundation
import HTTPFetching
import TestSupport
import Testing
import Upstreams

@Suite struct NewsAPIClientTests {
    static let key = "0123456789abcdef0123456789abcdef"

    func client(_ fetcher: FakeFetcher, base: String = "http://127.0.0.1:9/") throws -> NewsAPIClient {
        NewsAPIClient(baseURL: try #require(URL(string: base)), apiKey: Self.key, fetcher: fetcher)
    }

    @Test func sendsTheKeyOnlyInTheXApiKeyHeader() async throws {
        let fetcher = FakeFetcher(status: 200, body: try NewsAPIFixtures.data("ok-no-articles.json"))
        _ = try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 100)
        let request = try #require(fetcher.requests.first)
        #expect(request.value(forHTTPHeaderField: "X-Api-Key") == Self.key)
        let url = request.url.absoluteString
        #expect(!url.contains(Self.key))
        #expect(!url.lowercased().contains("apikey"))
        #expect(request.method == "GET")
    }

    @Test func asksForTopHeadlinesWithCountryCategoryAndPageSize() async throws {
        let fetcher = FakeFetcher(status: 200, body: try NewsAPIFixtures.data("ok-no-articles.json"))
        _ = try await client(fetcher, base: "http://127.0.0.1:9/stub/").topHeadlines(
            country: "gb", category: "science", pageSize: 250)
        let url = try #require(fetcher.requests.first?.url)
        #expect(
            url.absoluteString == "http://127.0.0.1:9/stub/v2/top-headlines?country=gb&category=science&pageSize=100")
    }

    @Test(.needsSharedData) func returnsTheArticlesOfAnOKAnswer() async throws {
        let fetcher = FakeFetcher(status: 200, body: try SharedData.capture(.usTopHeadlines))
        let response = try await client(fetcher).topHeadlines(country: "us", category: "general", pageSize: 100)
        #expect(response.articles.count == 38)
    }

    @Test func mapsA401ToAnAPIErrorThatStopsFurtherRequests() async throws {
        let fetcher = FakeFetcher(status: 401, body: try NewsAPIFixtures.data("error-api-key-invalid.json"))
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        #expect(error.stopsFurtherRequests)
        #expect(error.description.hasPrefix("NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid"))
    }

    @Test func mapsA429WithRetryAfterToRateLimited() async throws {
        let fetcher = FakeFetcher(
            status: 429, body: try NewsAPIFixtures.data("error-rate-limited.json"),
            headers: ["Content-Type": "application/json", "Retry-After": "120"])
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        #expect(error.stopsFurtherRequests)
        #expect(error.retryAfter == .seconds(120))
        #expect(
            error.description
                == "NewsAPI rateLimited (HTTP 429): You have been rate limited. Back off for a while before trying the request again, retry after 120 s"
        )
    }

    @Test func mapsA500EnvelopeToAnErrorThatAllowsOtherFeeds() async throws {
        let fetcher = FakeFetcher(status: 500, body: try NewsAPIFixtures.data("error-unexpected-error.json"))
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        #expect(!error.stopsFurtherRequests)
        #expect(error.httpStatus == 500)
    }

    @Test func mapsAnHTMLGatewayPage() async throws {
        let fetcher = FakeFetcher(
            status: 502, body: try NewsAPIFixtures.data("html-error-page.html"), headers: ["Content-Type": "text/html"])
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        #expect(error.description == "NewsAPI answered with an HTML page (HTTP 502), not JSON")
    }

    @Test func mapsATruncatedBody() async throws {
        let body = try NewsAPIFixtures.data("truncated.json")
        let fetcher = FakeFetcher(status: 200, body: body)
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        guard case .invalidJSON(let syntax) = error else {
            Issue.record("expected invalid JSON, got \(error)")
            return
        }
        #expect(syntax.isTruncated && syntax.offset == body.count)
    }

    @Test func mapsAnEmptyBody() async throws {
        let fetcher = FakeFetcher(status: 200, body: Data())
        await #expect(throws: NewsAPIError.emptyBody(httpStatus: 200)) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
    }

    @Test func mapsATimeout() async throws {
        let fetcher = FakeFetcher(.failure(.timedOut(after: .seconds(30))))
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        #expect(error == .timedOut(after: .seconds(30)))
        #expect(error.description == "NewsAPI did not answer within 30 s")
    }

    @Test func mapsATransportFailure() async throws {
        let fetcher = FakeFetcher(.failure(.transport("127.0.0.1:9 refused the connection")))
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        #expect(error.description == "could not reach NewsAPI: 127.0.0.1:9 refused the connection")
    }

    @Test func neverRepeatsTheKeyEvenWhenTheEndpointEchoesIt() async throws {
        let body = Data(#"{"status":"error","code":"apiKeyInvalid","message":"Key \#(Self.key) is unknown."}"#.utf8)
        let fetcher = FakeFetcher(status: 401, body: body)
        let error = try await #require(throws: NewsAPIError.self) {
            try await client(fetcher).topHeadlines(country: "us", category: "health", pageSize: 20)
        }
        #expect(!error.description.contains(Self.key))
    }
}
