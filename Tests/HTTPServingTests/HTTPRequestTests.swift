import Testing

@testable import HTTPServing

@Suite struct HTTPRequestTests {
    @Test func splitsPathAndQuery() {
        let request = HTTPRequest(method: "GET", target: "/us/health.rss?a=1")
        #expect(request.path == "/us/health.rss")
        #expect(request.query == "a=1")
    }
}
