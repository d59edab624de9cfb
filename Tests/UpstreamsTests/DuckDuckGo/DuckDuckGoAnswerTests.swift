import Foundation
import HTTPFetching
import TestSupport
import Testing
import Upstreams

/// Reading Instant Answers: the real sample, groups, and every way an answer can fail.
@Suite struct DuckDuckGoAnswerTests {
    @Test func readsTheRealRustSample() throws {
        let answer = try DuckDuckGoFixtures.answer("real-rust-type-a.json")
        #expect(answer.heading == "Rust (programming language)")
        #expect(answer.abstractSource == "Wikipedia")
        #expect(answer.abstractURL == "https://en.wikipedia.org/wiki/Rust_(programming_language)")
        #expect(answer.image == "/i/832f249b.png")
        #expect(answer.type == "A")
        #expect(answer.results.map(\.firstURL) == ["https://foundation.rust-lang.org"])
        #expect(answer.relatedTopics.count == 15)
    }

    @Test func readsGroupsWithTheirNames() throws {
        let answer = try DuckDuckGoFixtures.answer("grouped-topics-disambiguation.json", query: "apple")
        let groups = answer.relatedTopics.compactMap { entry -> String? in
            if case .group(let name, _) = entry { return name }
            return nil
        }
        #expect(groups == ["Businesses", "People", "Places"])
        #expect(answer.type == "D")
    }

    @Test func anEmptyAnswerIsNotAnError() throws {
        let answer = try DuckDuckGoFixtures.answer("empty-answer.json")
        #expect(answer.results.isEmpty && answer.relatedTopics.isEmpty && answer.abstractText.isEmpty)
    }

    @Test(arguments: [
        (
            "redirect-bang.json",
            "DuckDuckGo answered the query \"!w rust\" with a redirect to "
                + "https://en.wikipedia.org/wiki/Special:Search?search=rust (a !bang), not an answer; "
                + "use a query without a bang"
        ),
        ("html-error-page.html", "the DuckDuckGo answer is an HTML page, not JSON"),
        ("truncated.json", "DuckDuckGo's answer: invalid JSON at byte"),
        (
            "related-topics-a-string.json",
            "DuckDuckGo's answer is JSON but not an Instant Answer: \"RelatedTopics\" is a string, not an array"
        ),
        (
            "results-an-object.json",
            "DuckDuckGo's answer is JSON but not an Instant Answer: \"Results\" is an object, not an array"
        ),
    ])
    func aBadAnswerFailsNamingWhy(fixture: String, message: String) throws {
        let data = try DuckDuckGoFixtures.data(fixture)
        #expect {
            _ = try DuckDuckGoAnswer.decode(data: data, query: "!w rust")
        } throws: { error in
            (error as? DuckDuckGoError)?.description.hasPrefix(message) == true
        }
    }

    @Test func aGroupsTopicsOfTheWrongTypeAreRefusedNamingTheFieldAndOddTextsCountAsEmpty() throws {
        let group = Data(
            #"{"Heading": 7, "RelatedTopics": [{"Name": "People", "Topics": "none"}], "Results": []}"#.utf8)
        #expect(
            throws: DuckDuckGoError.unexpectedJSON("\"RelatedTopics[0].Topics\" is a string, not an array")
        ) {
            _ = try DuckDuckGoAnswer.decode(data: group, query: "apple")
        }
        let odd = Data(
            #"{"Heading": 7, "Results": null, "RelatedTopics": [3, {"FirstURL": "https://duckduckgo.com/A", "Text": ["x"]}]}"#
                .utf8)
        let answer = try DuckDuckGoAnswer.decode(data: odd, query: "a")
        #expect(answer.heading == "")
        #expect(answer.relatedTopics == [.topic(DuckDuckGoAnswer.Topic(firstURL: "https://duckduckgo.com/A"))])
        #expect {
            _ = try DuckDuckGoAnswer.decode(data: Data(#"{"Heading": "A",}"#.utf8), query: "a")
        } throws: { error in
            (error as? DuckDuckGoError)?.description == "DuckDuckGo's answer: invalid JSON at byte 15: trailing comma"
        }
    }

    /// A JSON object with none of the Instant Answer's keys is another API's answer, refused naming
    /// what it holds; a genuine empty answer (every key, nothing in them) is still an empty answer.
    @Test(arguments: [
        ("real-us-top-headlines-38-articles.json", ["status", "totalResults", "articles"], true),
        ("error-api-key-invalid.json", ["status", "code", "message"], true),
    ])
    func anotherAPIsAnswerIsNotAnInstantAnswer(fixture: String, keys: [String], newsAPI: Bool) throws {
        let data = try NewsAPIFixtures.data(fixture)
        #expect(throws: DuckDuckGoError.notAnInstantAnswer(keys: keys)) {
            _ = try DuckDuckGoAnswer.decode(data: data, query: "rust")
        }
        let line = DuckDuckGoError.notAnInstantAnswer(keys: keys).description
        #expect(line.hasPrefix("the answer is not a DuckDuckGo Instant Answer: it has none of its keys (Abstract, "))
        #expect(line.hasSuffix("; it has \"\(keys[0])\", \"\(keys[1])\", \"\(keys[2])\" (a NewsAPI answer?)"))
    }

    @Test func objectsWithoutAnyInstantAnswerKeyAreRefusedAndOneKeySuffices() throws {
        #expect(throws: DuckDuckGoError.notAnInstantAnswer(keys: [])) {
            _ = try DuckDuckGoAnswer.decode(data: Data("{}".utf8), query: "rust")
        }
        #expect(DuckDuckGoError.notAnInstantAnswer(keys: []).description.hasSuffix("; it is an empty object"))
        let many = Data(#"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "meta": null}"#.utf8)
        #expect {
            _ = try DuckDuckGoAnswer.decode(data: many, query: "rust")
        } throws: { error in
            (error as? DuckDuckGoError)?.description.hasSuffix(#"; it has "a", "b", "c", "d", "e", …"#) == true
        }
        let empty = try DuckDuckGoFixtures.answer("empty-answer.json")
        #expect(empty == DuckDuckGoAnswer())
        #expect(
            try DuckDuckGoAnswer.decode(data: Data(#"{"RelatedTopics": []}"#.utf8), query: "a") == DuckDuckGoAnswer())
        #expect(try DuckDuckGoAnswer.decode(data: Data(#"{"Type": ""}"#.utf8), query: "a") == DuckDuckGoAnswer())
    }

    @Test func anHTTPErrorIsOneLineNamingTheStatus() {
        #expect(throws: DuckDuckGoError.httpStatus(500, retryAfter: nil)) {
            _ = try DuckDuckGoAnswer.decode(data: Data("oops".utf8), query: "apple", httpStatus: 500)
        }
        #expect(throws: DuckDuckGoError.emptyBody(httpStatus: 200)) {
            _ = try DuckDuckGoAnswer.decode(data: Data(" \n".utf8), query: "apple", httpStatus: 200)
        }
        #expect(DuckDuckGoError.httpStatus(429, retryAfter: nil).stopsFurtherRequests)
        #expect(!DuckDuckGoError.httpStatus(500, retryAfter: nil).stopsFurtherRequests)
    }

    @Test func theRequestAsksForJSONWithoutRedirectsAndNamesTheApp() throws {
        let client = DuckDuckGoClient(
            baseURL: try #require(URL(string: "https://api.duckduckgo.com")), fetcher: CurlFetcher())
        let url = try #require(client.url(for: "c++ & rust"))
        #expect(
            url.absoluteString
                == "https://api.duckduckgo.com/?q=c%2B%2B%20%26%20rust&format=json&no_redirect=1&t=newsfeed")
    }

    @Test func aRegionIsAskedForWithKl() throws {
        let client = DuckDuckGoClient(
            baseURL: try #require(URL(string: "https://api.duckduckgo.com")), fetcher: CurlFetcher())
        let url = try #require(client.url(for: "futebol", region: "br-pt"))
        #expect(
            url.absoluteString == "https://api.duckduckgo.com/?q=futebol&format=json&no_redirect=1&t=newsfeed&kl=br-pt")
    }
}
