import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

@Suite struct NewsAPIResponseDecodingTests {
    @Test(.needsSharedData) func decodesTheRealUSSampleWithAll38Articles() throws {
        let response = try NewsAPIFixtures.response(.usTopHeadlines)
        #expect(response.totalResults == 38)
        #expect(response.articles.count == 38)
        #expect(response.skippedArticles == 0)
        let first = try #require(response.articles.first)
        #expect(first.sourceName == "The Guardian")
        #expect(first.urlToImage == nil)
        #expect(first.publishedAt == "2021-06-04T12:22:00Z")
        let googleNews = response.articles[3]
        #expect(googleNews.description == nil && googleNews.content == nil)
    }

    @Test(.needsSharedData) func decodesTheRealIndiaHealthSampleWith20Of70Articles() throws {
        let response = try NewsAPIFixtures.response(.inHealthHeadlines)
        #expect(response.totalResults == 70)
        #expect(response.articles.count == 20)
        #expect(response.articles[2].sourceID == "the-hindu")
    }

    @Test func aNumberWhereTheDescriptionBelongsCostsOnlyThatField() throws {
        let response = try NewsAPIFixtures.response("article-with-number-description.json")
        let article = try #require(response.articles.first)
        #expect(article.description == nil)
        #expect(article.title == "City council approves new bike lanes - Metro Ledger")
        #expect(article.url == "https://metroledger.example.com/bike-lanes")
        #expect(article.content?.hasPrefix("The council voted") == true)
    }

    @Test func wronglyTypedFieldsCostOnlyThemselves() throws {
        let response = try NewsAPIFixtures.response("article-with-wrongly-typed-fields.json")
        let article = try #require(response.articles.first)
        #expect(article.title == nil)  // an object
        #expect(article.author == nil)  // an array
        #expect(article.urlToImage == nil)  // a number
        #expect(article.publishedAt == nil)  // a number
        #expect(article.content == nil)  // a boolean
        #expect(article.sourceName == "Harbor Post")  // a bare string still names the source
        #expect(article.description == "Ferry service resumes after the storm.")
        #expect(article.url == "https://harborpost.example.com/ferry")
    }

    @Test func missingAndNullFieldsAreNil() throws {
        let response = try NewsAPIFixtures.response("article-fields-missing-or-null.json")
        #expect(response.articles.count == 2)
        for article in response.articles {
            #expect(article.sourceName == nil && article.title == nil && article.publishedAt == nil)
            #expect(article.url != nil)
        }
    }

    @Test func aMalformedArticleElementCostsThatArticleNotTheFeed() throws {
        let response = try NewsAPIFixtures.response("articles-with-malformed-elements.json")
        #expect(response.articles.map(\.title) == ["Good story one", "Good story two"])
        #expect(response.skippedArticles == 3)
    }

    @Test func anOKResponseWithoutArticlesIsNotAnError() throws {
        let response = try NewsAPIFixtures.response("ok-no-articles.json")
        #expect(response.articles.isEmpty)
        #expect(response.totalResults == 0)
    }

    @Test func theErrorEnvelopeBecomesAnAPIErrorWithCodeAndMessage() throws {
        let data = try NewsAPIFixtures.data("error-rate-limited.json")
        #expect(
            throws: NewsAPIError.api(
                code: "rateLimited",
                message: "You have been rate limited. Back off for a while before trying the request again.",
                httpStatus: 429, retryAfter: .seconds(120))
        ) {
            try NewsAPIResponse.decode(data: data, httpStatus: 429, headers: ["retry-after": "120"])
        }
    }

    @Test func anErrorEnvelopeInASavedFileHasNoHTTPStatus() throws {
        let data = try NewsAPIFixtures.data("error-api-key-invalid.json")
        let error = try #require(throws: NewsAPIError.self) { try NewsAPIResponse.decode(data: data) }
        #expect(error.httpStatus == nil)
        #expect(error.description.hasPrefix("NewsAPI apiKeyInvalid: Your API key is invalid"))
    }

    @Test func anErrorWithoutStatusFieldIsStillAnAPIError() throws {
        let data = try NewsAPIFixtures.data("error-without-status-field.json")
        let error = try #require(throws: NewsAPIError.self) {
            try NewsAPIResponse.decode(data: data, httpStatus: 400)
        }
        guard case .api(let code, _, let status, _) = error else {
            Issue.record("expected an API error, got \(error)")
            return
        }
        #expect(code == "parameterInvalid" && status == 400)
    }

    @Test func anHTMLPageIsNamedAsSuch() throws {
        let data = try NewsAPIFixtures.data("html-error-page.html")
        #expect(throws: NewsAPIError.htmlPage(httpStatus: 502)) {
            try NewsAPIResponse.decode(data: data, httpStatus: 502)
        }
        #expect(throws: NewsAPIError.htmlPage(httpStatus: 200)) {
            try NewsAPIResponse.decode(data: data, httpStatus: 200)
        }
    }

    @Test func aTruncatedBodySaysWhereItStopped() throws {
        let data = try NewsAPIFixtures.data("truncated.json")
        let error = try #require(throws: NewsAPIError.self) {
            try NewsAPIResponse.decode(data: data, httpStatus: 200)
        }
        guard case .invalidJSON(let syntax) = error else {
            Issue.record("expected invalid JSON, got \(error)")
            return
        }
        #expect(syntax.isTruncated && syntax.offset == data.count)
        #expect(error.description.hasPrefix("NewsAPI answer: invalid JSON at byte \(data.count): the text ends "))
        #expect(error.description.hasSuffix(" (truncated)"))
    }

    @Test func garbageThatIsNotCutShortIsInvalidButNotTruncated() {
        let data = Data(#"{"status":"ok",,}"#.utf8)
        #expect(
            throws: NewsAPIError.invalidJSON(
                JSONSyntaxError(offset: 15, cause: .unexpected(44, expected: "a string key")))
        ) {
            try NewsAPIResponse.decode(data: data)
        }
    }

    @Test func anEmptyBodyIsAClearFailure() throws {
        let data = try NewsAPIFixtures.data("empty.json")
        #expect(throws: NewsAPIError.emptyBody(httpStatus: 200)) {
            try NewsAPIResponse.decode(data: data, httpStatus: 200)
        }
        #expect(throws: NewsAPIError.emptyBody(httpStatus: nil)) {
            try NewsAPIResponse.decode(data: Data(" \n".utf8))
        }
    }

    @Test func anHTTPErrorWithoutEnvelopeNamesTheStatus() {
        #expect(throws: NewsAPIError.httpStatus(503, retryAfter: .seconds(30))) {
            try NewsAPIResponse.decode(
                data: Data("Service Unavailable".utf8), httpStatus: 503, headers: ["Retry-After": "30"])
        }
        #expect(throws: NewsAPIError.httpStatus(500, retryAfter: nil)) {
            try NewsAPIResponse.decode(data: Data(), httpStatus: 500)
        }
    }

    @Test func jsonThatIsNotAnObjectIsUnexpected() {
        #expect(throws: NewsAPIError.unexpectedJSON("the top level is not an object")) {
            try NewsAPIResponse.decode(data: Data("[1,2]".utf8))
        }
        #expect(throws: NewsAPIError.unexpectedJSON("no \"status\" and no \"articles\"")) {
            try NewsAPIResponse.decode(data: Data(#"{"hello":"world"}"#.utf8))
        }
    }

    @Test func retryAfterReadsAnHTTPDate() throws {
        let data = try NewsAPIFixtures.data("error-rate-limited.json")
        // testNow is 2024-05-02T12:00:00Z
        let error = try #require(throws: NewsAPIError.self) {
            try NewsAPIResponse.decode(
                data: data, httpStatus: 429, headers: ["Retry-After": "Thu, 02 May 2024 12:02:00 GMT"], now: testNow)
        }
        #expect(error.retryAfter == .seconds(120))
    }

    @Test(.needsSharedData) func encodingWritesNewsAPIShapeThatDecodesBack() throws {
        let original = try NewsAPIFixtures.response(.inHealthHeadlines)
        let data = try JSONEncoder().encode(original)
        let decoded = try NewsAPIResponse.decode(data: data)
        #expect(decoded == original)
    }
}
