import Dispatch
import Foundation
import NewsModel
import Synchronization

/// A strict, single pass over a NewsAPI answer's JSON that reads the envelope and records where
/// each article's fields lie, without building the articles.
///
/// `JSONDecoder` needed a tenth of `convert`'s time on big answers and held every article at
/// once; with this index an article is built only when it is read, so a 10,000-article answer
/// never exists twice in memory.
///
/// The whole text is checked as strict JSON (see ``JSONScanner``): anything else throws the
/// ``JSONSyntaxError`` that ``JSONDocument`` would throw for the same bytes. Of two members with
/// the same name the first counts, as in ``JSONValue``'s lookups. Two shapes are left to the
/// general reader (``NewsAPIEnvelope/init(_:)-(JSONValue)``), for which `init` returns nil: a
/// top level that is not an object, and a key written with escapes (`"ti\u0074le"` is `title`).
/// What this type reads it reads exactly as the general reader does; the tests compare both.
///
/// A big answer is read in two parts at once: a second thread starts at an article near the middle (a guess, see
/// ``secondPartStart(in:)``) while the calling thread reads from the start. The second part counts only when the
/// first thread comes to that very place between two elements of `articles`: then it is in the state the second
/// thread began in, and reading on from there alone would have done what the second thread did, to the same
/// articles or the same first error. Otherwise the second part is thrown away and the first thread reads on.
package struct NewsAPIJSONIndex: Sendable {
    /// `status`, when it is a string.
    package private(set) var status: String?
    /// `code`, when it is a string.
    package private(set) var code: String?
    /// `message`, when it is a string.
    package private(set) var message: String?
    /// `totalResults`, when it is an integer.
    package private(set) var totalResults: Int?
    /// The kind of the `articles` value; nil when there is none.
    package private(set) var articlesKind: JSONValue.Kind?
    /// Elements of `articles` that are not objects.
    package private(set) var skippedArticles = 0
    /// ``ArticleField/count`` spans per article object, in ``ArticleField`` order.
    private var spans: [JSONStringSpan] = []
    /// Each article's `publishedAt` as ``NewsAPIDate/parse(_:)`` reads it (nil when there is none or it is no date),
    /// read while its bytes are at hand: ordering a big answer by date then reads no article again.
    private var publishedDates: [Date?] = []

    /// The number of article objects.
    var articleCount: Int { spans.count / ArticleField.count }

    /// Set on meeting a shape the general reader is for (see the type's comment).
    private var isDeclined = false
    /// Whether the articles from the second part's start on are the second thread's reading (see the type's comment).
    package private(set) var readInTwoParts = false
    /// Answers of at least this many bytes are read in two parts at once (see the type's comment).
    package static let twoPartMinimum = 256 * 1024
    /// The bytes per article assumed when reserving room for the spans (real answers have 800–900).
    private static let reservedBytesPerArticle = 400

    /// An index of nothing yet.
    private init() {}

    /// Indexes `bytes`; nil for the shapes left to the general reader (see the type's comment).
    /// - Throws: the first place where `bytes` are not JSON.
    package init?(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        let start = bytes.count >= Self.twoPartMinimum ? Self.secondPartStart(in: bytes) : nil
        try self.init(bytes, secondPartAt: start)
    }

    /// ``init(_:)`` with a second thread reading from `secondPartAt` (any offset: what it reads counts only
    /// when the first thread comes to that offset between two articles, see the type's comment); nil reads on one.
    package init?(_ bytes: UnsafeRawBufferPointer, secondPartAt start: Int?) throws(JSONSyntaxError) {
        let second = start.map { SecondPart(bytes, from: $0) }
        // Whatever happens here, the second thread is done with the bytes before they may go.
        defer { second?.finish() }
        spans.reserveCapacity(bytes.count / Self.reservedBytesPerArticle * ArticleField.count)
        var scanner = JSONScanner(bytes)
        try scanner.beginDocument()
        if try scanner.valueStart() == .object {
            try readEnvelope(&scanner, bytes: bytes, second: second)
        } else {
            // Checked all the same, so both readers refuse the same bytes with the same error.
            try scanner.skipValue()
            isDeclined = true
        }
        try scanner.endDocument()
        if isDeclined { return nil }
    }

    /// The article at `index` (below ``articleCount``), read from the same `bytes` that were indexed.
    package func article(_ index: Int, in bytes: UnsafeRawBufferPointer) -> NewsAPIArticle {
        var article = storyArticle(index, in: bytes)
        let first = index * ArticleField.count
        article.sourceID = spans[first + ArticleField.sourceID.rawValue].string(in: bytes)
        article.publishedAt = spans[first + ArticleField.publishedAt.rawValue].string(in: bytes)
        return article
    }

    /// ``article(_:in:)`` without `sourceID` and `publishedAt`, which ``NewsAPINormalizer`` never reads (the date is
    /// ``publishedDate(_:)``): two strings fewer made for every story.
    package func storyArticle(_ index: Int, in bytes: UnsafeRawBufferPointer) -> NewsAPIArticle {
        let first = index * ArticleField.count
        func text(_ field: ArticleField) -> String? {
            spans[first + field.rawValue].string(in: bytes)
        }
        return NewsAPIArticle(
            sourceName: text(.sourceName), author: text(.author), title: text(.title),
            description: text(.description), url: text(.url), urlToImage: text(.urlToImage), content: text(.content))
    }

    /// The date the `publishedAt` of the article at `index` spells, as ``NewsAPIDate/parse(_:)`` reads it; nil when
    /// it has none or it is no date. Read with the index: no byte is read again.
    package func publishedDate(_ index: Int) -> Date? {
        publishedDates[index]
    }

    // MARK: Reading

    /// The key of the next member, nil after the last; a key with escapes declines the answer
    /// (its value is still read, so a syntax error further on is found all the same).
    private mutating func nextKey(
        _ scanner: inout JSONScanner, isFirst: inout Bool
    ) throws(JSONSyntaxError) -> JSONStringSpan? {
        while let key = try scanner.nextKey(isFirst: &isFirst) {
            guard key.hasEscapes else { return key }
            isDeclined = true
            try scanner.skipValue()
        }
        return nil
    }

    private mutating func readEnvelope(
        _ scanner: inout JSONScanner, bytes: UnsafeRawBufferPointer, second: SecondPart?
    ) throws(JSONSyntaxError) {
        var seen = KeySet()
        var isFirst = true
        scanner.open()
        while let key = try nextKey(&scanner, isFirst: &isFirst) {
            if scanner.matches(key, "status"), seen.insert(0) {
                status = try scanner.optionalString()
            } else if scanner.matches(key, "code"), seen.insert(1) {
                code = try scanner.optionalString()
            } else if scanner.matches(key, "message"), seen.insert(2) {
                message = try scanner.optionalString()
            } else if scanner.matches(key, "totalResults"), seen.insert(3) {
                totalResults = try scanner.optionalInteger()
            } else if scanner.matches(key, "articles"), seen.insert(4) {
                articlesKind = try Self.kind(at: &scanner)
                if articlesKind == .array {
                    try readArticles(&scanner, bytes: bytes, second: second)
                } else {
                    try scanner.skipValue()
                }
            } else {
                try scanner.skipValue()
            }
        }
    }

    /// The kind of the value the scanner is at, without reading it.
    private static func kind(at scanner: inout JSONScanner) throws(JSONSyntaxError) -> JSONValue.Kind {
        switch try scanner.valueStart() {
        case .object: .object
        case .array: .array
        case .string: .string
        case .scalar:
            switch scanner.next {
            case UInt8(ascii: "n"): .null
            case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
            default: .number
            }
        }
    }

    private mutating func readArticles(
        _ scanner: inout JSONScanner, bytes: UnsafeRawBufferPointer, second: SecondPart?
    ) throws(JSONSyntaxError) {
        scanner.open()
        var isFirst = true
        var second = second
        // Not needed once the array is read, wherever it ends.
        defer { second?.cancel() }
        while try scanner.nextElement(isFirst: &isFirst) {
            if let part = second, scanner.position >= part.start {
                second = nil
                // At the very byte, between two elements: the rest of the array is what the second thread read.
                if scanner.position == part.start, let (rest, end) = try part.outcome()?.get() {
                    append(rest)
                    readInTwoParts = true
                    scanner = JSONScanner(bytes, at: end)
                    return
                }
                part.cancel()
            }
            try readElement(&scanner, bytes: bytes)
        }
    }

    /// Reads the element of `articles` at the scanner.
    private mutating func readElement(
        _ scanner: inout JSONScanner, bytes: UnsafeRawBufferPointer
    ) throws(JSONSyntaxError) {
        guard scanner.next == JSONScanner.openBrace else {
            // null, a number, a string…: costs that element only.
            try scanner.skipValue()
            skippedArticles += 1
            return
        }
        try readArticle(&scanner, bytes: bytes)
    }

    /// The articles of `part`, read after these.
    private mutating func append(_ part: NewsAPIJSONIndex) {
        spans.append(contentsOf: part.spans)
        publishedDates.append(contentsOf: part.publishedDates)
        skippedArticles += part.skippedArticles
        if part.isDeclined { isDeclined = true }
    }

    private mutating func readArticle(_ scanner: inout JSONScanner, bytes: UnsafeRawBufferPointer)
        throws(JSONSyntaxError)
    {
        let first = spans.count
        for _ in 0..<ArticleField.count { spans.append(.absent) }
        var seen = KeySet()
        var isFirst = true
        scanner.open()
        while let key = try nextKey(&scanner, isFirst: &isFirst) {
            guard let field = ArticleField.named(key, by: scanner), seen.insert(field.rawValue) else {
                try scanner.skipValue()
                continue
            }
            if field == .sourceName, scanner.next == JSONScanner.openBrace {
                // `source` is normally `{"id": …, "name": …}`; a bare string still names the publisher.
                (spans[first + ArticleField.sourceID.rawValue], spans[first + field.rawValue]) =
                    try readSource(&scanner)
            } else {
                spans[first + field.rawValue] = try scanner.optionalStringSpan()
            }
        }
        publishedDates.append(Self.date(spans[first + ArticleField.publishedAt.rawValue], in: bytes))
    }

    /// The date `span` spells, as ``NewsAPIDate/parse(_:)`` reads its string.
    private static func date(_ span: JSONStringSpan, in bytes: UnsafeRawBufferPointer) -> Date? {
        guard span.start >= 0 else { return nil }
        guard !span.hasEscapes else { return span.string(in: bytes).flatMap(NewsAPIDate.parse) }
        // Without escapes the string is these bytes (repaired where they are not UTF-8, which no date is).
        let text = UnsafeRawBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.end)])
        return NewsAPIDate.parse(utf8: text.assumingMemoryBound(to: UInt8.self))
    }

    // MARK: Two parts at once

    /// Where a second thread may start reading articles: the first `{` from the middle of `bytes` on that follows
    /// `}` and `,` and starts a member with a plain name (`{"source":`), whitespace between them allowed, as an article
    /// after another starts in a compact or an indented answer. Only a guess (it may be inside a string), checked
    /// when the first thread gets there; nil when there is none in the megabyte after the middle.
    package static func secondPartStart(in bytes: UnsafeRawBufferPointer) -> Int? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        /// The last byte at or before `index` that is no whitespace; -1 when there is none.
        func lastNonSpace(atOrBefore index: Int) -> Int {
            var index = index
            while index >= 0, isSpace(bytes[index]) { index -= 1 }
            return index
        }
        /// Whether `"name":` (a name of ASCII letters, digits and `_`) follows `index`, after any whitespace.
        func startsMember(after index: Int) -> Bool {
            var next = index + 1
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            guard next < bytes.count, bytes[next] == JSONScanner.quote else { return false }
            next += 1
            let nameStart = next
            while next < bytes.count, case let byte = bytes[next],
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            {
                next += 1
            }
            guard next > nameStart, next < bytes.count, bytes[next] == JSONScanner.quote else { return false }
            next += 1
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            return next < bytes.count && bytes[next] == UInt8(ascii: ":")
        }
        var index = bytes.count / 2
        let limit = min(bytes.count, index + (1 << 20))
        while index < limit {
            defer { index += 1 }
            guard bytes[index] == JSONScanner.openBrace else { continue }
            let comma = lastNonSpace(atOrBefore: index - 1)
            guard comma >= 0, bytes[comma] == UInt8(ascii: ","),
                case let close = lastNonSpace(atOrBefore: comma - 1), close >= 0, bytes[close] == UInt8(ascii: "}"),
                startsMember(after: index)
            else { continue }
            return index
        }
        return nil
    }

    /// The rest of `articles` from `start` on, read on a thread of its own as if `start` were the first byte of an
    /// element after the first (see the type's comment).
    private final class SecondPart: @unchecked Sendable {
        // Unchecked: `result` is written by the reading thread before it signals `done`, and read only after `done`
        // is waited for.
        typealias Reading = Result<(index: NewsAPIJSONIndex, end: Int), JSONSyntaxError>

        /// Where the reading starts.
        let start: Int
        private let cancelled = Atomic<Bool>(false)
        private let done = DispatchSemaphore(value: 0)
        /// What was read: the articles and the offset after the array's `]`, or the first error; nil when cancelled.
        private var result: Reading?
        private var isDone = false

        /// Starts reading `bytes` from `start`; `bytes` must stay valid until ``finish()``.
        init(_ bytes: UnsafeRawBufferPointer, from start: Int) {
            self.start = start
            let bytes = UncheckedBytes(bytes: bytes)
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                result = read(bytes.bytes)
                done.signal()
            }
        }

        /// What the second thread read, once it is done; nil when it was cancelled first.
        func outcome() -> Reading? {
            wait()
            return result
        }

        /// Stops the reading at the next element.
        func cancel() {
            cancelled.store(true, ordering: .relaxed)
        }

        /// Stops the reading and waits until the thread is done with the bytes.
        func finish() {
            cancel()
            wait()
        }

        private func wait() {
            guard !isDone else { return }
            done.wait()
            isDone = true
        }

        private func read(_ bytes: UnsafeRawBufferPointer) -> Reading? {
            var part = NewsAPIJSONIndex()
            part.spans.reserveCapacity(
                max(0, bytes.count - start) / NewsAPIJSONIndex.reservedBytesPerArticle * ArticleField.count)
            var scanner = JSONScanner(bytes, at: start)
            var isFirst = false
            do throws(JSONSyntaxError) {
                repeat {
                    if cancelled.load(ordering: .relaxed) { return nil }
                    try part.readElement(&scanner, bytes: bytes)
                } while try scanner.nextElement(isFirst: &isFirst)
                return .success((part, scanner.position))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The answer's bytes, handed to the second thread, which reads them only while the first waits for it.
    private struct UncheckedBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }

    private mutating func readSource(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> (
        JSONStringSpan, JSONStringSpan
    ) {
        var id = JSONStringSpan.absent
        var name = JSONStringSpan.absent
        var seen = KeySet()
        var isFirst = true
        scanner.open()
        while let key = try nextKey(&scanner, isFirst: &isFirst) {
            if scanner.matches(key, "id"), seen.insert(0) {
                id = try scanner.optionalStringSpan()
            } else if scanner.matches(key, "name"), seen.insert(1) {
                name = try scanner.optionalStringSpan()
            } else {
                try scanner.skipValue()
            }
        }
        return (id, name)
    }

    /// The fields of ``NewsAPIArticle``; `source` maps to ``sourceName`` (its `id` is read inside it).
    package enum ArticleField: Int, CaseIterable {
        case sourceID, sourceName, author, title, description, url, urlToImage, publishedAt, content

        package static let count = allCases.count

        /// The field a top-level article key names; nil for keys newsfeed does not read.
        package static func named(_ key: JSONStringSpan, by scanner: JSONScanner) -> ArticleField? {
            switch key.length {
            case 3 where scanner.matches(key, "url"): .url
            case 5 where scanner.matches(key, "title"): .title
            case 6 where scanner.matches(key, "source"): .sourceName
            case 6 where scanner.matches(key, "author"): .author
            case 7 where scanner.matches(key, "content"): .content
            case 10 where scanner.matches(key, "urlToImage"): .urlToImage
            case 11 where scanner.matches(key, "description"): .description
            case 11 where scanner.matches(key, "publishedAt"): .publishedAt
            default: nil
            }
        }
    }

    /// The keys of one object already read: of two members with the same name the first counts.
    private struct KeySet {
        private var bits: UInt32 = 0

        /// True when `bit` was not in the set before.
        mutating func insert(_ bit: Int) -> Bool {
            let mask: UInt32 = 1 << UInt32(bit)
            guard bits & mask == 0 else { return false }
            bits |= mask
            return true
        }
    }
}
