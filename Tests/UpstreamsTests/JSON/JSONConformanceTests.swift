import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

/// Every corpus text in every placement: valid JSON is never refused and reads exactly, invalid
/// JSON is always refused with one line naming the cause and the byte, and the fast reader
/// (``NewsAPIJSONIndex``) and the general one (``JSONDocument``) agree on every one.
@Suite struct JSONConformanceTests {
    typealias Sample = JSONConformanceCorpus.Sample

    static let accepted = JSONConformanceCorpus.valid + JSONConformanceCorpus.implementationDefined

    /// What each reader makes of `data`: the fast one (nil when it leaves the shape to the
    /// general one) and the general one.
    private func readings(_ data: Data) -> (
        fast: Result<NewsAPIEnvelope?, JSONSyntaxError>, general: Result<NewsAPIEnvelope, JSONSyntaxError>
    ) {
        let fast = data.withUnsafeBytes { bytes in
            Result { () throws(JSONSyntaxError) in try NewsAPIJSONIndex(bytes).map { NewsAPIEnvelope($0, of: data) } }
        }
        let general = Result { () throws(JSONSyntaxError) in NewsAPIEnvelope(try JSONDocument(parsing: data).root) }
        return (fast, general)
    }

    private func expectSame(_ fast: NewsAPIEnvelope, _ general: NewsAPIEnvelope, _ comment: Comment) {
        #expect(fast.isObject == general.isObject, comment)
        #expect(fast.status == general.status, comment)
        #expect(fast.totalResults == general.totalResults, comment)
        #expect(fast.articlesKind == general.articlesKind, comment)
        #expect(fast.skippedArticles == general.skippedArticles, comment)
        #expect(fast.articles.map(Array.init) == general.articles.map(Array.init), comment)
    }

    @Test(arguments: accepted, JSONPlacement.allCases)
    func validJSONIsNeverRefused(_ sample: Sample, _ placement: JSONPlacement) throws {
        let data = placement.answer(sample.bytes)
        let comment: Comment = "\(sample.name) as \(placement)"
        let (fast, general) = readings(data)
        let reference = try general.get()
        if let indexed = try fast.get() {
            expectSame(indexed, reference, comment)
        } else {
            // Only these shapes go to the general reader.
            #expect(placement == .wholeAnswer || sample.name.contains("escaped_key"), comment)
        }

        let decoded = Result { () throws(NewsAPIError) in try NewsAPIResponse.decode(data: data) }
        switch placement {
        case .wholeAnswer:
            if case .failure(let error) = decoded, case .invalidJSON = error {
                Issue.record("\(comment): refused as \(error)")
            }
        case .articleField:
            let article = try #require(try decoded.get().articles.first, comment)
            #expect(article.title == sample.string, comment)
            #expect(article.url == "https://news.example.com/a" && article.description == "D", comment)
            #expect(article.sourceName == "S", comment)
        case .articleElement:
            let response = try decoded.get()
            let isObject = sample.bytes.first == UInt8(ascii: "{")
            #expect(response.articles.count == (isObject ? 2 : 1), comment)
            #expect(response.skippedArticles == (isObject ? 0 : 1), comment)
            #expect(response.articles.last?.title == "Kept", comment)
        }
    }

    @Test(arguments: JSONConformanceCorpus.invalid, JSONPlacement.allCases)
    func invalidJSONIsAlwaysRefusedTheSameWay(_ sample: Sample, _ placement: JSONPlacement) throws {
        let data = placement.answer(sample.bytes)
        let comment: Comment = "\(sample.name) as \(placement)"
        let (fast, general) = readings(data)
        guard case .failure(let error) = general else {
            Issue.record("\(comment): accepted by the general reader")
            return
        }
        guard case .failure(let fastError) = fast else {
            Issue.record("\(comment): accepted by the fast reader")
            return
        }
        #expect(fastError == error, comment)
        // The error is where the value is, not in the valid text before it.
        #expect(error.offset >= placement.prefix.utf8.count, comment)
        #expect(error.offset <= data.count, comment)

        let decoded = Result { () throws(NewsAPIError) in try NewsAPIResponse.decode(data: data) }
        if placement == .wholeAnswer, sample.bytes.allSatisfy({ " \n".utf8.contains($0) }) {
            // Nothing at all is named as such before any JSON is read.
            #expect(throws: NewsAPIError.emptyBody(httpStatus: nil), comment) { try decoded.get() }
            return
        }
        #expect(throws: NewsAPIError.invalidJSON(error), comment) { try decoded.get() }
        let line = NewsAPIError.invalidJSON(error).description
        #expect(line.hasPrefix("NewsAPI answer: invalid JSON at byte \(error.offset): "), comment)
        #expect(!line.contains("\n") && !line.contains("\r"), comment)
    }

    /// A UTF-8 byte-order mark before the answer is ignored (RFC 8259 allows it); UTF-16 is refused.
    @Test func aByteOrderMarkIsIgnoredAndUTF16Refused() throws {
        let answer = Data(#"{"status":"ok","articles":[{"title":"T","url":"https://news.example.com/a"}]}"#.utf8)
        let withMark = Data([0xEF, 0xBB, 0xBF]) + answer
        #expect(try NewsAPIResponse.decode(data: withMark).articles.first?.title == "T")
        let (fast, _) = readings(withMark)
        #expect(try fast.get() != nil, "the fast reader takes it too")

        let utf16 = Data([0xFF, 0xFE]) + String(decoding: answer, as: UTF8.self).data(using: .utf16LittleEndian)!
        #expect(throws: NewsAPIError.invalidJSON(JSONSyntaxError(offset: 0, cause: .notUTF8))) {
            try NewsAPIResponse.decode(data: utf16)
        }
        let unmarked = String(decoding: answer, as: UTF8.self).data(using: .utf16BigEndian)!
        #expect(throws: NewsAPIError.invalidJSON(JSONSyntaxError(offset: 0, cause: .notUTF8))) {
            try NewsAPIResponse.decode(data: unmarked)
        }
    }

    // MARK: The issue's examples

    @Test(arguments: 0..<4)
    func convertRefusesTheIssuesExamplesWithOneLine(_ number: Int) async {
        let (answer, line) = JSONConformanceCorpus.issueExamples[number]
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "health"], workingDirectory: TemporaryFolder().url,
            standardInput: Data(answer.utf8))
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == "newsfeed convert: stdin: NewsAPI answer: \(line)\n")
    }

    /// `articles` of another type is a refusal naming the field, not an empty feed.
    @Test(arguments: [
        (
            #"{"status":"ok","totalResults":1,"articles":{"0":{"title":"T","url":"https://news.example.com/a"}}}"#,
            "an object"
        ),
        (#"{"status":"ok","articles":"[]"}"#, "a string"), (#"{"status":"ok","articles":3}"#, "a number"),
        (#"{"status":"ok","articles":true}"#, "a boolean"), (#"{"status":"ok","articles":null}"#, "null"),
        (#"{"articles":{}}"#, "an object"),
    ])
    func anArticlesFieldOfAnotherTypeIsRefusedNamingIt(_ answer: String, _ kind: String) async throws {
        let expected = NewsAPIError.unexpectedJSON("\"articles\" is \(kind), not an array")
        #expect(throws: expected) { try NewsAPIResponse.decode(data: Data(answer.utf8)) }
        let (fast, general) = readings(Data(answer.utf8))
        #expect(try fast.get()?.articlesKind == general.get().articlesKind)

        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "health"], workingDirectory: TemporaryFolder().url,
            standardInput: Data(answer.utf8))
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == "newsfeed convert: stdin: \(expected.description)\n")
    }

    /// Tolerance stays where it belongs: a value of an unexpected type costs that field only.
    @Test func wronglyTypedValuesStillCostOnlyThemselves() throws {
        let answer =
            #"{"status":"ok","totalResults":"many","articles":[{"title":5,"description":"D","#
            + #""url":"https://news.example.com/a","author":["x"],"source":null},null,7]}"#
        let response = try NewsAPIResponse.decode(data: Data(answer.utf8))
        #expect(response.articles == [NewsAPIArticle(description: "D", url: "https://news.example.com/a")])
        #expect(response.skippedArticles == 2)
        #expect(response.totalResults == nil)
    }
}
