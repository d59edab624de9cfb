import Foundation
import Testing

@testable import NewsFeedKit

/// The strict one-pass index must read every answer it accepts exactly as `JSONDecoder` does,
/// and decline everything `JSONDecoder` reads by rules of its own.
@Suite struct NewsAPIJSONIndexTests {
    /// What `JSONDecoder` alone makes of `data`: the reference.
    private func referenceEnvelope(_ data: Data) throws -> NewsAPIEnvelope {
        try JSONDecoder().decode(NewsAPIEnvelope.self, from: data)
    }

    private func index(_ data: Data) -> NewsAPIJSONIndex? {
        data.withUnsafeBytes { NewsAPIJSONIndex($0) }
    }

    /// Index and `JSONDecoder` agree on every field of `data`, which the index must accept.
    private func expectSameReading(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reference = try referenceEnvelope(data)
        let indexed = try #require(index(data), "the index declined", sourceLocation: sourceLocation)
        let envelope = NewsAPIEnvelope(indexed, of: data)
        #expect(envelope.status == reference.status, sourceLocation: sourceLocation)
        #expect(envelope.code == reference.code, sourceLocation: sourceLocation)
        #expect(envelope.message == reference.message, sourceLocation: sourceLocation)
        #expect(envelope.totalResults == reference.totalResults, sourceLocation: sourceLocation)
        #expect(envelope.skippedArticles == reference.skippedArticles, sourceLocation: sourceLocation)
        #expect(envelope.articles.map(Array.init) == reference.articles.map(Array.init), sourceLocation: sourceLocation)
    }

    private func json(_ text: String) -> Data { Data(text.utf8) }

    @Test(arguments: [
        "real-us-top-headlines-38-articles.json", "real-in-health-20-of-70-articles.json",
        "article-with-number-description.json", "article-with-wrongly-typed-fields.json",
        "article-fields-missing-or-null.json", "articles-with-malformed-elements.json", "duplicate-urls.json",
        "removed-placeholders.json", "ok-no-articles.json", "error-rate-limited.json",
        "error-api-key-invalid.json", "error-without-status-field.json", "error-unexpected-error.json",
    ])
    func readsEveryFixtureLikeJSONDecoder(_ name: String) throws {
        try expectSameReading(try NewsAPIFixtures.data(name))
    }

    @Test func decodesEscapesLikeJSONDecoder() throws {
        try expectSameReading(
            json(
                #"{"status":"ok","articles":[{"title":"a\"b\\c\/d\b\f\n\r\t","description":"caf\u00e9 \u00E9t\u00e9 "#
                    + #"\uD83D\uDE00 \u0000 \u2028","author":"Zo\u00eb","url":"https://x.example.com/\u0041"}]}"#))
    }

    @Test func readsRawUnicodeLikeJSONDecoder() throws {
        try expectSameReading(
            json(
                #"{"status":"ok","articles":[{"title":"Zoë Müller — “quoted” … 😀 مرحبا שלום e\#u{301}","#
                    + #""content":"日本語のテキスト","url":"https://x.example.com/é"}]}"#))
    }

    @Test func readsEveryKindOfValueWhereAStringBelongs() throws {
        try expectSameReading(
            json(
                #"{ "status" : "ok" , "totalResults" : -0 , "extra": {"a":[1,2.5,-3e+2,true,false,null,{}]},"#
                    + #" "articles" : [ {"source":{"id":7,"name":["x"],"other":1},"author":{},"title":[],"#
                    + #""description":1.5E-3,"url":true,"urlToImage":false,"publishedAt":null,"unknown":"u"},"#
                    + #" {"source":null}, {"source":12}, {"source":"Bare"}, {}, [], 3, "s", null, true ] }"#))
    }

    @Test func aMissingOrWronglyTypedArticlesFieldMeansNoArticles() throws {
        try expectSameReading(json(#"{"status":"ok","totalResults":3}"#))
        try expectSameReading(json(#"{"status":"ok","articles":{"a":1}}"#))
        try expectSameReading(json(#"{"status":5,"code":null,"message":["m"],"totalResults":"3","articles":null}"#))
        #expect(index(json(#"{"articles":7}"#))?.hasArticles == false)
    }

    @Test func aBenchmarkLikeAnswerReadsTheSame() throws {
        var articles: [[String: Any]] = []
        for number in 0..<200 {
            articles.append([
                "source": ["id": number % 3 == 0 ? NSNull() as Any : "id-\(number)", "name": "Source \(number % 7)"],
                "author": number % 4 == 0 ? NSNull() as Any : "Zoë O'Neil, Ann \"Annie\" Lee",
                "title": "Headline \(number) &amp; more – “quotes” - Source \(number % 7)",
                "description": number % 5 == 0 ? "" : "<b>Bold</b> text\twith\ttabs… 😀",
                "url": "https://news.example.com/\(number)?a=1&b=2",
                "urlToImage": number % 3 == 0 ? NSNull() as Any : "//cdn.example.com/\(number).jpg",
                "publishedAt": "2024-06-01T11:57:00.123456Z",
                "content": "Line one\r\nLine two <ul><li>item</li></ul>… [+\(number * 10) chars]",
            ])
        }
        let answer: [String: Any] = ["status": "ok", "totalResults": 200, "articles": articles]
        try expectSameReading(try JSONSerialization.data(withJSONObject: answer, options: [.prettyPrinted]))
    }

    /// Input `JSONDecoder` reads by rules of its own goes to it, so the answer stays the same.
    @Test(arguments: [
        #"{"status":"ok","articles":[],}"#,  // trailing comma
        #"{"status":"ok","articles":[{"title":"a",}]}"#,
        #"{"status":"ok","status":"error","articles":[]}"#,  // duplicated key: JSONDecoder keeps the first
        #"{"status":"ok","articles":[{"title":"a","title":"b"}]}"#,
        #"{"status":"ok","articles":[{"source":{"name":"a","name":"b"}}]}"#,
        #"{"st\u0061tus":"ok","articles":[]}"#,  // escaped key
        #"{"status":"ok","totalResults":5.0,"articles":[]}"#,  // JSONDecoder makes 5 of it
        #"{"status":"ok","totalResults":1e2,"articles":[]}"#,
        #"{"status":"ok","totalResults":99999999999999999999,"articles":[]}"#,
        #"{"status":"ok","totalResults":01,"articles":[]}"#,
        #"{"status":"ok","articles":[{"title":"\ud800"}]}"#,  // lone surrogate
        #"{"status":"ok","articles":[{"title":"\udc00\ud800"}]}"#,
        #"{"status":"ok","articles":[{"title":"\x"}]}"#,
        #"{"status":"ok","articles":[{"title":"a"#,  // truncated
        #"{"status":"ok"} trailing"#,
        #"[1,2]"#,
        #""ok""#,
        #"{"status":"ok","articles":[{"title":-}]}"#,
        #"{"status":"ok","articles":[{"title":1.}]}"#,
        #"{"status":"ok","articles":[{"title":nul}]}"#,
        #"{"status":"ok","articles":[{"title":NaN}]}"#,
        "{\"status\":\"ok\",\"articles\":[{\"title\":\"tab\tinside\"}]}",  // raw control character
        "\u{FEFF}{\"status\":\"ok\",\"articles\":[]}",  // byte-order mark
        "{\"a\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
    ])
    func declinesWhatJSONDecoderDecidesByItsOwnRules(_ text: String) throws {
        let data = json(text)
        #expect(index(data) == nil)
        // decode still answers, from JSONDecoder: the same as before the index existed.
        let viaDecode = Result { () throws(NewsAPIError) in try NewsAPIResponse.decode(data: data) }
        let viaReference = Result { () throws -> NewsAPIEnvelope in try referenceEnvelope(data) }
        if case .success(let response) = viaDecode, case .success(let reference) = viaReference {
            #expect(response.articles == reference.articles.map(Array.init) ?? [])
            #expect(response.totalResults == reference.totalResults)
        }
    }

    @Test func declinesInvalidUTF8() {
        for bad: [UInt8] in [
            [0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
        ] {
            let data = Data(#"{"status":"ok","articles":[{"title":""#.utf8) + Data(bad) + Data(#""}]}"#.utf8)
            #expect(index(data) == nil, "\(bad)")
        }
    }

    @Test func trailingWhitespaceIsFine() throws {
        try expectSameReading(json(" \n\t{\"status\":\"ok\",\"articles\":[ ]}\r\n "))
    }

    @Test func theLazyAnswerIsTheSameAsTheDecodedOne() throws {
        let data = try NewsAPIFixtures.data("real-us-top-headlines-38-articles.json")
        let lazy = try NewsAPIResponse.decodeLazily(data: data)
        let decoded = try NewsAPIResponse.decode(data: data)
        #expect(Array(lazy.articles) == decoded.articles)
        #expect(lazy.totalResults == decoded.totalResults && lazy.skippedArticles == decoded.skippedArticles)
        #expect(lazy.articles.count == 38)
    }

    @Test func theLazyAnswerFailsLikeTheDecodedOne() throws {
        let data = try NewsAPIFixtures.data("error-api-key-invalid.json")
        let lazyError = try #require(throws: NewsAPIError.self) { try NewsAPIResponse.decodeLazily(data: data) }
        let error = try #require(throws: NewsAPIError.self) { try NewsAPIResponse.decode(data: data) }
        #expect(lazyError == error)
    }
}
