import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

/// A big answer is indexed in two parts at once: a second thread reads from a guessed article on, and its reading
/// counts only when the first thread gets to that very byte between two articles. Wherever the second part starts
/// (every byte of each answer here, valid or not), the index must read the answer exactly as one thread does: the
/// same fields, articles and dates, the same refusal or the same first error.
@Suite struct NewsAPIJSONIndexTwoPartTests {
    /// Everything the index reads, comparable.
    private struct Reading: Equatable {
        var status, code, message: String?
        var totalResults: Int?
        var articlesKind: JSONValue.Kind?
        var skippedArticles: Int
        var articles: [NewsAPIArticle]
        var dates: [Date?]
        var readInTwoParts: Bool
    }

    /// `data` indexed with the second part from `start` (nil: one thread), or the default split when `start` is
    /// `.max`; nil inside when the index leaves the answer to the general reader.
    private func reading(_ data: Data, secondPartAt start: Int?) -> Result<Reading?, JSONSyntaxError> {
        data.withUnsafeBytes { bytes in
            Result { () throws(JSONSyntaxError) in
                let index =
                    start == .max
                    ? try NewsAPIJSONIndex(bytes) : try NewsAPIJSONIndex(bytes, secondPartAt: start)
                return index.map { index in
                    let articles = NewsAPIEnvelope(index, of: data).articles
                    return Reading(
                        status: index.status, code: index.code, message: index.message,
                        totalResults: index.totalResults, articlesKind: index.articlesKind,
                        skippedArticles: index.skippedArticles, articles: articles.map(Array.init) ?? [],
                        dates: articles.map { list in list.indices.map { list.publishedDate(at: $0) } } ?? [],
                        readInTwoParts: index.readInTwoParts)
                }
            }
        }
    }

    /// The same reading apart from who read it.
    private func oneThread(_ result: Result<Reading?, JSONSyntaxError>) -> Result<Reading?, JSONSyntaxError> {
        result.map { reading in
            reading.map {
                var reading = $0
                reading.readInTwoParts = false
                return reading
            }
        }
    }

    private static let dates = [
        #""2021-06-04T12:22:00Z""#, #"" 2021-06-04T14:22:00+02:00 ""#, #""2021-06-04T12:22:00\u005A""#, "null", "5",
        #""not a date""#, #""2023-10-12T15:37:18.5821493Z""#, #""2021-06-04T12:22:00\n""#, #""""#,
    ]

    /// One article, with `},{"` inside strings (never between articles) and nested values in some fields.
    private static func article(_ number: Int) -> String {
        let title =
            number % 4 == 3 ? #"[{"a":1},{"b":[2,{"c":"},{"}]}]"# : #""Title \#(number) },{\"x\" ends },{ - Source""#
        return #"{"source":{"id":null,"name":"Source \#(number % 3)"},"author":"A \#(number)","title":\#(title),"#
            + #""description":"d \#(number) },{","url":"https://x.example.com/\#(number)?a=1&b=2","urlToImage":null,"#
            + #""publishedAt":\#(dates[number % dates.count]),"content":"c … [+12 chars]"}"#
    }

    /// A compact answer of `count` articles with two elements that are no articles, and a member after the array.
    private static func answer(_ count: Int, article: (Int) -> String = article) -> String {
        let elements = (0..<count).map(article) + ["null", "7"]
        return #"{"status":"ok","totalResults":\#(count),"articles":[\#(elements.joined(separator: ","))],"extra":1}"#
    }

    /// Answers to split at every byte: valid, pretty-printed, declined and broken in either half.
    private static let answers: [(name: String, text: String)] = {
        let compact = answer(8)
        let broken = answer(8) { $0 == 6 ? article($0).replacingOccurrences(of: "d 6", with: #"d \x6"#) : article($0) }
        return [
            ("compact", compact),
            ("indented", compact.replacingOccurrences(of: "},{\"source\"", with: "} ,\n  {\n \"source\"")),
            (
                "escaped key late",
                answer(8) {
                    $0 == 6 ? article($0).replacingOccurrences(of: "\"url\"", with: #""u\u0072l""#) : article($0)
                }
            ),
            ("bad escape late", broken),
            (
                "control character early",
                answer(8) { $0 == 1 ? article($0).replacingOccurrences(of: "A 1", with: "A\u{1}1") : article($0) }
            ),
            ("truncated late", String(compact.dropLast(40))),
            ("trailing content", compact + " x"),
            ("two article arrays", String(compact.dropLast()) + #","articles":[\#(article(9)),\#(article(10))]}"#),
            (
                "duplicate keys",
                answer(6) {
                    #"{"title":"a","title":"b","publishedAt":"2021-01-01T00:00:00Z","# + String(article($0).dropFirst())
                }
            ),
            ("top-level array", "[" + (0..<6).map(article).joined(separator: ",") + "]"),
            ("articles not last", #"{"articles":[\#((0..<6).map(article).joined(separator: ","))],"status":"ok"}"#),
        ]
    }()

    @Test(arguments: answers.map(\.name))
    func everyStartReadsAsOneThreadDoes(_ name: String) throws {
        let text = try #require(Self.answers.first { $0.name == name }?.text)
        let data = Data(text.utf8)
        let alone = reading(data, secondPartAt: nil)
        for start in 0...data.count {
            let split = reading(data, secondPartAt: start)
            #expect(oneThread(split) == alone, "\(name): second part at \(start)")
        }
    }

    /// Where the second part starts at an article after the first, its reading is the one used (else the two-part
    /// reading would be a slower one-part reading, and the test above would not see the merge at work).
    @Test func aSecondPartAtAnArticleIsUsed() throws {
        let data = Data(Self.answer(8).utf8)
        let alone = try #require(try reading(data, secondPartAt: nil).get())
        let bytes = [UInt8](data)
        let marker = Array(#"},{"source""#.utf8)
        // Each article after the first starts at the `{` of `},{"source"`.
        let starts = (0..<(bytes.count - marker.count)).filter { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
            .map { $0 + 2 }
        #expect(starts.count == 7)
        for start in starts {
            let split = try #require(try reading(data, secondPartAt: start).get())
            #expect(split.readInTwoParts, "second part at \(start)")
            #expect(oneThread(.success(split)) == .success(alone))
        }
    }

    /// A big answer is split by itself, near its middle, and reads as one thread reads it.
    @Test(arguments: [false, true])
    func aBigAnswerIsReadInTwoParts(indented: Bool) throws {
        var text = Self.answer(1_200)
        if indented { text = text.replacingOccurrences(of: "},{\"source\"", with: "},\n    {\"source\"") }
        let data = Data(text.utf8)
        #expect(data.count >= NewsAPIJSONIndex.twoPartMinimum)
        // The first `},{"` after the middle ends a description (`"d 600 },{"`): the guess passes over it.
        let start = try #require(data.withUnsafeBytes(NewsAPIJSONIndex.secondPartStart(in:)))
        #expect(start >= data.count / 2 && start < data.count / 2 + 2_000)
        #expect(data[start...].starts(with: Data(#"{"source":"#.utf8)))
        let split = try #require(try reading(data, secondPartAt: .max).get())
        #expect(split.readInTwoParts)
        #expect(split.articles.count == 1_200 && split.skippedArticles == 2)
        #expect(oneThread(.success(split)) == reading(data, secondPartAt: nil))
    }

    /// The dates read with the index are what ``NewsAPIDate/parse(_:)`` makes of each `publishedAt` string.
    @Test func theDatesAreThoseOfThePublishedAtStrings() throws {
        let forms =
            Self.dates + [
                #""2021-06-04T12:22:00.5z""#, #""2021-06-04t12:22:00-0500""#, #""2021-06-04 12:22:00+05""#,
                #""\u00322021-06-04T12:22:00Z""#, #""2021-06-04T12:22:00Z\u00e9""#, #""2021\u002d06-04T12:22:00Z""#,
                #""2021-02-29T00:00:00Z""#, #""\t2021-06-04T12:22:00Z\r\n""#, #""2021-06-04T12:22:60Z""#,
            ]
        var articles = forms.map { #"{"url":"https://x.example.com/","publishedAt":\#($0)}"# }
        articles.append(#"{"url":"https://x.example.com/","publishedAt":"2021-06-04T12:22:00Z"#)
        var data = Data(#"{"status":"ok","articles":["#.utf8)
        data += Data(articles.joined(separator: ",").utf8)
        // Bytes that are not UTF-8 in and around a date: no date, as the repaired string is none.
        data += Data([0xFF, 0x22, 0x7D, 0x2C])
        data += Data(#"{"publishedAt":"2021-06-04T12:22:00Z "#.utf8) + Data([0xC3]) + Data(#""}]}"#.utf8)
        let read = try #require(try reading(data, secondPartAt: nil).get())
        #expect(read.articles.count == forms.count + 2)
        #expect(read.dates == read.articles.map { $0.publishedAt.flatMap(NewsAPIDate.parse) })
        #expect(read.dates.compactMap { $0 }.count >= 8)
    }
}
