import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

/// The strict one-pass index must read every answer it accepts exactly as the general reader
/// (`NewsAPIEnvelope` over a `JSONDocument`) does, and refuse what it refuses with the same error.
@Suite struct NewsAPIJSONIndexTests {
    /// What the general reader makes of `data`: the reference.
    private func referenceEnvelope(_ data: Data) throws -> NewsAPIEnvelope {
        NewsAPIEnvelope(try JSONDocument(parsing: data).root)
    }

    private func index(_ data: Data) throws -> NewsAPIJSONIndex? {
        try data.withUnsafeBytes { try NewsAPIJSONIndex($0) }
    }

    /// Index and general reader agree on every field of `data`, which the index must accept.
    private func expectSameReading(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reference = try referenceEnvelope(data)
        let indexed = try #require(try index(data), "the index declined", sourceLocation: sourceLocation)
        let envelope = NewsAPIEnvelope(indexed, of: data)
        #expect(envelope.status == reference.status, sourceLocation: sourceLocation)
        #expect(envelope.code == reference.code, sourceLocation: sourceLocation)
        #expect(envelope.message == reference.message, sourceLocation: sourceLocation)
        #expect(envelope.totalResults == reference.totalResults, sourceLocation: sourceLocation)
        #expect(envelope.articlesKind == reference.articlesKind, sourceLocation: sourceLocation)
        #expect(envelope.skippedArticles == reference.skippedArticles, sourceLocation: sourceLocation)
        #expect(envelope.articles.map(Array.init) == reference.articles.map(Array.init), sourceLocation: sourceLocation)
    }

    /// The articles as `JSONDecoder` and the tolerant `Decodable` conformance read them, for
    /// valid JSON without duplicated keys: the reading before the strict readers existed.
    private func decodableArticles(_ data: Data) throws -> [NewsAPIArticle] {
        struct Answer: Decodable { var articles: [NewsAPIArticle] }
        return try JSONDecoder().decode(Answer.self, from: data).articles
    }

    private func json(_ text: String) -> Data { Data(text.utf8) }

    @Test(arguments: [
        "article-with-number-description.json", "article-with-wrongly-typed-fields.json",
        "article-fields-missing-or-null.json", "articles-with-malformed-elements.json", "duplicate-urls.json",
        "removed-placeholders.json", "ok-no-articles.json", "error-rate-limited.json",
        "error-api-key-invalid.json", "error-without-status-field.json", "error-unexpected-error.json",
    ])
    func readsEveryFixtureLikeTheGeneralReader(_ name: String) throws {
        try expectSameReading(try NewsAPIFixtures.data(name))
    }

    @Test(.needsSharedData, arguments: SharedData.Capture.newsAPI)
    func readsTheRealAnswersLikeTheGeneralReader(_ capture: SharedData.Capture) throws {
        try expectSameReading(try NewsAPIFixtures.data(capture))
    }

    @Test func decodesEscapesLikeTheGeneralReader() throws {
        try expectSameReading(
            json(
                #"{"status":"ok","articles":[{"title":"a\"b\\c\/d\b\f\n\r\t","description":"caf\u00e9 \u00E9t\u00e9 "#
                    + #"\uD83D\uDE00 \u0000 \u2028","author":"Zo\u00eb","url":"https://x.example.com/\u0041"}]}"#))
    }

    @Test func readsRawUnicodeLikeTheGeneralReader() throws {
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

    @Test func theKindOfTheArticlesFieldIsRecorded() throws {
        try expectSameReading(json(#"{"status":"ok","totalResults":3}"#))
        try expectSameReading(json(#"{"status":"ok","articles":{"a":1}}"#))
        try expectSameReading(json(#"{"status":5,"code":null,"message":["m"],"totalResults":"3","articles":null}"#))
        #expect(try index(json(#"{"articles":7}"#))?.articlesKind == .number)
        #expect(try index(json(#"{"articles":"x"}"#))?.articlesKind == .string)
        #expect(try index(json(#"{"status":"ok"}"#))?.articlesKind == nil)
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

    /// The strict readers read valid JSON exactly as `JSONDecoder` and `NewsAPIArticle`'s
    /// tolerant `Decodable` conformance did, so the answers of before read the same.
    @Test(arguments: [
        "article-with-number-description.json", "article-with-wrongly-typed-fields.json",
        "article-fields-missing-or-null.json", "removed-placeholders.json",
    ])
    func readsValidAnswersAsJSONDecoderDid(_ name: String) throws {
        let data = try NewsAPIFixtures.data(name)
        #expect(try referenceEnvelope(data).articles.map(Array.init) == decodableArticles(data))
    }

    @Test(.needsSharedData, arguments: SharedData.Capture.newsAPI)
    func readsTheRealAnswersAsJSONDecoderDid(_ capture: SharedData.Capture) throws {
        let data = try NewsAPIFixtures.data(capture)
        #expect(try referenceEnvelope(data).articles.map(Array.init) == decodableArticles(data))
    }

    /// Two members with the same name: the first counts, in both readers.
    @Test(arguments: [
        #"{"status":"ok","status":"error","articles":[]}"#,
        #"{"status":"ok","articles":[{"title":"a","title":"b"}]}"#,
        #"{"status":"ok","articles":[{"source":{"name":"a","name":"b"}}]}"#,
        #"{"status":"ok","articles":[{"source":{"name":"a"},"source":"b"}]}"#,
        #"{"status":"ok","articles":[{"source":5,"source":{"name":"b"}}]}"#,
        #"{"status":"ok","articles":[1],"articles":[{"title":"b"}]}"#,
    ])
    func theFirstOfDuplicatedMembersCounts(_ text: String) throws {
        try expectSameReading(json(text))
    }

    /// Shapes the index leaves to the general reader: `decode` still answers, from it.
    @Test(arguments: [
        #"{"st\u0061tus":"ok","articles":[{"ti\u0074le":"T"}]}"#,  // escaped keys
        #"{"status":"ok","articles":[{"source":{"n\u0061me":"S"}}]}"#,
        #"[1,2]"#,
        #""ok""#,
    ])
    func leavesEscapedKeysAndOtherTopLevelsToTheGeneralReader(_ text: String) throws {
        let data = json(text)
        #expect(try index(data) == nil)
        let viaDecode = Result { () throws(NewsAPIError) in try NewsAPIResponse.decode(data: data) }
        if case .success(let response) = viaDecode {
            #expect(response.articles == (try referenceEnvelope(data).articles.map(Array.init)))
            #expect(response.articles.first?.title == "T" || response.articles.first?.sourceName == "S")
        } else {
            #expect(!(try referenceEnvelope(data).isObject))
        }
    }

    /// Numbers the index does not take as an integer `totalResults` cost that field in both readers.
    @Test(arguments: [
        #"{"status":"ok","totalResults":5.0,"articles":[]}"#, #"{"status":"ok","totalResults":1e2,"articles":[]}"#,
        #"{"status":"ok","totalResults":99999999999999999999,"articles":[]}"#,
        #"{"status":"ok","totalResults":-0,"articles":[]}"#,
    ])
    func numbersOtherThanPlainIntegersAreNoCount(_ text: String) throws {
        try expectSameReading(json(text))
    }

    /// Lone surrogates and invalid UTF-8 read as U+FFFD in both readers (RFC 8259 leaves it open).
    @Test func invalidUTF8AndLoneSurrogatesBecomeReplacementCharacters() throws {
        for (bad, expected): ([UInt8], String) in [
            ([0xFF], "\u{FFFD}"), ([0xC3], "\u{FFFD}"), ([0xC0, 0x80], "\u{FFFD}\u{FFFD}"),
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xE2, 0x82], "\u{FFFD}"), (Array(#"\ud800"#.utf8), "\u{FFFD}"),
            (Array(#"\udc00\ud800"#.utf8), "\u{FFFD}\u{FFFD}"),
            (Array(#"\ud800\u0041"#.utf8), "\u{FFFD}A"), (Array(#"\ud800\ud800\udc00"#.utf8), "\u{FFFD}\u{10000}"),
            ([0xC3] + Array(#"\u00e9"#.utf8), "\u{FFFD}é"),
        ] {
            let data = Data(#"{"status":"ok","articles":[{"title":"a"#.utf8) + Data(bad) + Data(#"b"}]}"#.utf8)
            try expectSameReading(data)
            #expect(try referenceEnvelope(data).articles?.first?.title == "a" + expected + "b", "\(bad)")
        }
    }

    @Test func trailingWhitespaceIsFine() throws {
        try expectSameReading(json(" \n\t{\"status\":\"ok\",\"articles\":[ ]}\r\n "))
    }

    @Test(.needsSharedData) func theLazyAnswerIsTheSameAsTheDecodedOne() throws {
        let data = try SharedData.capture(.usTopHeadlines)
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
