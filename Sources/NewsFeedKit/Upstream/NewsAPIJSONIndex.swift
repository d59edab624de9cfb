/// A strict, single pass over a NewsAPI answer's JSON that reads the envelope and records where
/// each article's fields lie, without building the articles.
///
/// `JSONDecoder` needed a tenth of `convert`'s time on big answers and held every article at
/// once; with this index an article is built only when it is read, so a 10,000-article answer
/// never exists twice in memory.
///
/// It accepts only plain, well-formed JSON: a top-level object, strict numbers, valid UTF-8,
/// well-formed escapes, no duplicated field, no trailing comma, no byte-order mark, nesting of
/// modest depth. For anything else `init` returns nil and the caller asks `JSONDecoder`, whose
/// reading stays the reference for odd input (it tolerates trailing commas, keeps the first of
/// duplicated keys and turns an invalid string into a missing field). What this type accepts it
/// reads exactly as `JSONDecoder` and the tolerant `Decodable` conformances would.
struct NewsAPIJSONIndex: Sendable {
    /// `status`, when it is a string.
    private(set) var status: String?
    /// `code`, when it is a string.
    private(set) var code: String?
    /// `message`, when it is a string.
    private(set) var message: String?
    /// `totalResults`, when it is an integer.
    private(set) var totalResults: Int?
    /// False when the answer has no `articles` array at all.
    private(set) var hasArticles = false
    /// Elements of `articles` that are not objects.
    private(set) var skippedArticles = 0
    /// ``ArticleField/count`` spans per article object, in ``ArticleField`` order.
    private var spans: [JSONStringSpan] = []

    /// The number of article objects.
    var articleCount: Int { spans.count / ArticleField.count }

    /// Indexes `bytes`; nil when they are not plain JSON of an object (see the type's comment).
    init?(_ bytes: UnsafeRawBufferPointer) {
        // Spans hold 32-bit offsets; answers are capped far below 2 GB anyway.
        guard bytes.count < Int(Int32.max) else { return nil }
        var scanner = JSONScanner(bytes)
        do {
            try readEnvelope(&scanner)
        } catch {
            return nil
        }
    }

    /// The article at `index` (below ``articleCount``), read from the same `bytes` that were indexed.
    func article(_ index: Int, in bytes: UnsafeRawBufferPointer) -> NewsAPIArticle {
        let first = index * ArticleField.count
        func text(_ field: ArticleField) -> String? {
            spans[first + field.rawValue].string(in: bytes)
        }
        return NewsAPIArticle(
            sourceID: text(.sourceID), sourceName: text(.sourceName), author: text(.author), title: text(.title),
            description: text(.description), url: text(.url), urlToImage: text(.urlToImage),
            publishedAt: text(.publishedAt), content: text(.content))
    }

    // MARK: Reading

    private mutating func readEnvelope(_ scanner: inout JSONScanner) throws(JSONScanner.Declined) {
        scanner.skipWhitespace()
        var seen = KeySet()
        var isFirst = true
        try scanner.expect(JSONScanner.openBrace)
        while let key = try scanner.nextKey(isFirst: &isFirst) {
            if scanner.matches(key, "status") {
                try seen.insert(0)
                status = try scanner.optionalString()
            } else if scanner.matches(key, "code") {
                try seen.insert(1)
                code = try scanner.optionalString()
            } else if scanner.matches(key, "message") {
                try seen.insert(2)
                message = try scanner.optionalString()
            } else if scanner.matches(key, "totalResults") {
                try seen.insert(3)
                totalResults = try scanner.optionalInteger()
            } else if scanner.matches(key, "articles") {
                try seen.insert(4)
                if scanner.next == JSONScanner.openBracket {
                    hasArticles = true
                    try readArticles(&scanner)
                } else {
                    try scanner.skipValue()
                }
            } else {
                try scanner.skipValue()
            }
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw JSONScanner.Declined() }
    }

    private mutating func readArticles(_ scanner: inout JSONScanner) throws(JSONScanner.Declined) {
        try scanner.expect(JSONScanner.openBracket)
        var isFirst = true
        while try scanner.nextElement(isFirst: &isFirst) {
            if scanner.next == JSONScanner.openBrace {
                try readArticle(&scanner)
            } else {
                // null, a number, a string…: costs that element only, as with `ArticleSlot`.
                try scanner.skipValue()
                skippedArticles += 1
            }
        }
    }

    private mutating func readArticle(_ scanner: inout JSONScanner) throws(JSONScanner.Declined) {
        let first = spans.count
        spans.append(contentsOf: repeatElement(.absent, count: ArticleField.count))
        var seen = KeySet()
        var isFirst = true
        try scanner.expect(JSONScanner.openBrace)
        while let key = try scanner.nextKey(isFirst: &isFirst) {
            guard let field = ArticleField.named(key, by: scanner) else {
                try scanner.skipValue()
                continue
            }
            try seen.insert(field.rawValue)
            if field == .sourceName, scanner.next == JSONScanner.openBrace {
                // `source` is normally `{"id": …, "name": …}`; a bare string still names the publisher.
                (spans[first + ArticleField.sourceID.rawValue], spans[first + field.rawValue]) =
                    try readSource(&scanner)
            } else {
                spans[first + field.rawValue] = try scanner.optionalStringSpan()
            }
        }
    }

    private func readSource(_ scanner: inout JSONScanner) throws(JSONScanner.Declined) -> (
        JSONStringSpan, JSONStringSpan
    ) {
        var id = JSONStringSpan.absent
        var name = JSONStringSpan.absent
        var seen = KeySet()
        var isFirst = true
        try scanner.expect(JSONScanner.openBrace)
        while let key = try scanner.nextKey(isFirst: &isFirst) {
            if scanner.matches(key, "id") {
                try seen.insert(0)
                id = try scanner.optionalStringSpan()
            } else if scanner.matches(key, "name") {
                try seen.insert(1)
                name = try scanner.optionalStringSpan()
            } else {
                try scanner.skipValue()
            }
        }
        return (id, name)
    }

    /// The fields of ``NewsAPIArticle``; `source` maps to ``sourceName`` (its `id` is read inside it).
    enum ArticleField: Int, CaseIterable {
        case sourceID, sourceName, author, title, description, url, urlToImage, publishedAt, content

        static let count = allCases.count

        /// The field a top-level article key names; nil for keys newsfeed does not read.
        static func named(_ key: JSONStringSpan, by scanner: JSONScanner) -> ArticleField? {
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

    /// The keys of one object already read; a repeated one declines (`JSONDecoder` keeps the first).
    private struct KeySet {
        private var bits: UInt32 = 0

        mutating func insert(_ bit: Int) throws(JSONScanner.Declined) {
            let mask: UInt32 = 1 << UInt32(bit)
            guard bits & mask == 0 else { throw JSONScanner.Declined() }
            bits |= mask
        }
    }
}
