import NewsModel

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

    /// The number of article objects.
    var articleCount: Int { spans.count / ArticleField.count }

    /// Set on meeting a shape the general reader is for (see the type's comment).
    private var isDeclined = false
    /// How many articles are read between two calls of `init`'s `progress`.
    private static let progressInterval = 1024

    /// Indexes `bytes`; nil for the shapes left to the general reader (see the type's comment).
    /// - Parameter progress: told every 1,024 articles how many bytes from the start are read.
    /// - Throws: the first place where `bytes` are not JSON.
    package init?(_ bytes: UnsafeRawBufferPointer, progress: ((Int) -> Void)? = nil) throws(JSONSyntaxError) {
        var scanner = JSONScanner(bytes)
        try scanner.beginDocument()
        if try scanner.valueStart() == .object {
            try readEnvelope(&scanner, progress: progress)
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
        let first = index * ArticleField.count
        func text(_ field: ArticleField) -> String? {
            spans[first + field.rawValue].string(in: bytes)
        }
        return NewsAPIArticle(
            sourceID: text(.sourceID), sourceName: text(.sourceName), author: text(.author), title: text(.title),
            description: text(.description), url: text(.url), urlToImage: text(.urlToImage),
            publishedAt: text(.publishedAt), content: text(.content))
    }

    /// The bytes that hold every field of the article at `index` (from its first string to its last); nil when it
    /// has none.
    package func byteRange(ofArticle index: Int) -> Range<Int>? {
        var first = Int32.max
        var last = Int32.min
        for span in spans[index * ArticleField.count..<(index + 1) * ArticleField.count] where span.start >= 0 {
            first = min(first, span.start)
            last = max(last, span.end)
        }
        return first <= last ? Int(first)..<Int(last) : nil
    }

    /// The article at `index`, from `part`: the document's bytes in ``byteRange(ofArticle:)`` (empty when that is
    /// nil), read alone.
    package func article(_ index: Int, inPart part: UnsafeRawBufferPointer) -> NewsAPIArticle {
        let first = index * ArticleField.count
        let origin = byteRange(ofArticle: index)?.lowerBound ?? 0
        func text(_ field: ArticleField) -> String? {
            spans[first + field.rawValue].string(in: part, from: origin)
        }
        return NewsAPIArticle(
            sourceID: text(.sourceID), sourceName: text(.sourceName), author: text(.author), title: text(.title),
            description: text(.description), url: text(.url), urlToImage: text(.urlToImage),
            publishedAt: text(.publishedAt), content: text(.content))
    }

    /// The `publishedAt` text of the article at `index`, read alone: ordering a big answer by date reads no other
    /// field.
    package func publishedAt(_ index: Int, in bytes: UnsafeRawBufferPointer) -> String? {
        spans[index * ArticleField.count + ArticleField.publishedAt.rawValue].string(in: bytes)
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
        _ scanner: inout JSONScanner, progress: ((Int) -> Void)?
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
                    try readArticles(&scanner, progress: progress)
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
        _ scanner: inout JSONScanner, progress: ((Int) -> Void)?
    ) throws(JSONSyntaxError) {
        scanner.open()
        var isFirst = true
        while try scanner.nextElement(isFirst: &isFirst) {
            if scanner.next == JSONScanner.openBrace {
                try readArticle(&scanner)
                if let progress, articleCount % Self.progressInterval == 0 { progress(scanner.position) }
            } else {
                // null, a number, a string…: costs that element only.
                try scanner.skipValue()
                skippedArticles += 1
            }
        }
    }

    private mutating func readArticle(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        let first = spans.count
        spans.append(contentsOf: repeatElement(.absent, count: ArticleField.count))
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
