import Foundation
import HTTPFetching
import Testing

/// newsfeed's own request and answer head (FoundationNetworking, which would link libcurl at start, is not used):
/// header names match in any case, as in HTTP.
@Suite struct HTTPMessagesTests {
    @Test func aFieldSetAgainUnderAnotherCaseReplacesTheFirst() throws {
        var request = FetchRequest(url: try #require(URL(string: "https://news.example/")))
        request.setValue("a", forHTTPHeaderField: "Accept")
        request.setValue("b", forHTTPHeaderField: "ACCEPT")

        #expect(request.headerFields == ["ACCEPT": "b"])
        #expect(request.value(forHTTPHeaderField: "accept") == "b")
        #expect(request.method == "GET")
        request.setValue(nil, forHTTPHeaderField: "accept")
        #expect(request.headerFields.isEmpty)
    }

    @Test func answerFieldsAreFoundInAnyCaseAndLowercasedOnAsk() throws {
        let head = HTTPResponseHead(
            url: try #require(URL(string: "https://news.example/")), statusCode: 200,
            headerFields: ["Content-Type": "text/html", "ETag": "\"x\""])

        #expect(head.value(forHTTPHeaderField: "content-type") == "text/html")
        #expect(head.value(forHTTPHeaderField: "etag") == "\"x\"")
        #expect(head.value(forHTTPHeaderField: "Location") == nil)
        #expect(head.lowercasedHeaderFields == ["content-type": "text/html", "etag": "\"x\""])
    }

    /// Only ASCII letters fold: Unicode's case folding would take `Tranſfer-Encoding` (long s) for the real one.
    @Test func namesFoldInASCIIOnly() throws {
        let head = HTTPResponseHead(
            url: try #require(URL(string: "https://news.example/")), statusCode: 200,
            headerFields: ["Tran\u{17F}fer-Encoding": "chunked", "CONTENT-LENGTH": "5"])

        #expect(head.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
        #expect(head.value(forHTTPHeaderField: "content-length") == "5")
    }
}
