import NewsModel
import TestSupport
import Testing
import Upstreams

@Suite struct NewsAPIErrorTests {
    @Test(arguments: ["apiKeyInvalid", "apiKeyMissing", "apiKeyDisabled", "rateLimited", "apiKeyExhausted"])
    func keyAndQuotaCodesStopFurtherRequests(code: String) {
        #expect(NewsAPIError.api(code: code, message: "", httpStatus: nil, retryAfter: nil).stopsFurtherRequests)
    }

    @Test(arguments: ["parameterInvalid", "parametersMissing", "sourcesTooMany", "unexpectedError"])
    func otherCodesDoNotStopFurtherRequests(code: String) {
        #expect(!NewsAPIError.api(code: code, message: "", httpStatus: 400, retryAfter: nil).stopsFurtherRequests)
    }

    @Test func bare401And429StopFurtherRequestsButOtherStatusesDoNot() {
        #expect(NewsAPIError.httpStatus(401, retryAfter: nil).stopsFurtherRequests)
        #expect(NewsAPIError.httpStatus(429, retryAfter: nil).stopsFurtherRequests)
        #expect(!NewsAPIError.httpStatus(500, retryAfter: nil).stopsFurtherRequests)
        #expect(!NewsAPIError.timedOut(after: .seconds(30)).stopsFurtherRequests)
        #expect(NewsAPIError.htmlPage(httpStatus: 429).stopsFurtherRequests)
        #expect(!NewsAPIError.htmlPage(httpStatus: 502).stopsFurtherRequests)
    }

    @Test func messagesAreOneLineAndNameTheCause() {
        let errors: [NewsAPIError] = [
            .api(code: "rateLimited", message: "Too many requests.", httpStatus: 429, retryAfter: .seconds(120)),
            .httpStatus(503, retryAfter: nil), .htmlPage(httpStatus: 502), .htmlPage(httpStatus: nil),
            .invalidJSON(JSONSyntaxError(offset: 120, cause: .truncated(inside: .string))),
            .invalidJSON(JSONSyntaxError(offset: 5, cause: .trailingComma)),
            .unexpectedJSON("the top level is not an object"), .emptyBody(httpStatus: 200), .emptyBody(httpStatus: nil),
            .timedOut(after: .milliseconds(1500)), .transport("could not resolve newsapi.org"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.localizedStandardContains("NewsAPI"))
        }
        #expect(errors[0].description == "NewsAPI rateLimited (HTTP 429): Too many requests, retry after 120 s")
        #expect(errors[1].description == "NewsAPI answered HTTP 503 without an error message")
        #expect(errors[9].description == "NewsAPI did not answer within 1.5 s")
    }
}
