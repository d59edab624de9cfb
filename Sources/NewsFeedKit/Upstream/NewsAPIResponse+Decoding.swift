import Foundation

extension NewsAPIResponse {
    /// Reads one NewsAPI answer, from the network or from a saved file.
    ///
    /// - Parameters:
    ///   - data: the body exactly as received or saved.
    ///   - httpStatus: the HTTP status, or nil for a file.
    ///   - headers: response headers (names matched case-insensitively); `Retry-After` is read.
    ///   - now: the reference for a `Retry-After` HTTP-date.
    /// - Returns: the articles of an `ok` answer (possibly none: that is not an error).
    /// - Throws: ``NewsAPIError`` naming NewsAPI's `code` and `message` when it sent them.
    public static func decode(
        data: Data, httpStatus: Int? = nil, headers: [String: String] = [:], now: Date = Date()
    ) throws(NewsAPIError) -> NewsAPIResponse {
        let answer = try decodeLazily(data: data, httpStatus: httpStatus, headers: headers, now: now)
        return NewsAPIResponse(
            totalResults: answer.totalResults, articles: Array(answer.articles),
            skippedArticles: answer.skippedArticles)
    }

    /// The same answer as ``decode(data:httpStatus:headers:now:)``, judged the same way, with the
    /// articles built only as they are read: the whole answer is checked before this returns, so
    /// reading them cannot fail.
    public static func decodeLazily(
        data: Data, httpStatus: Int? = nil, headers: [String: String] = [:], now: Date = Date()
    ) throws(NewsAPIError) -> NewsAPILazyResponse {
        let retryAfter = headerValue("Retry-After", in: headers).flatMap { RetryAfter.parse($0, now: now) }
        let isHTTPError = httpStatus.map { !(200..<300).contains($0) } ?? false

        if looksLikeHTML(data, contentType: headerValue("Content-Type", in: headers)) {
            throw .htmlPage(httpStatus: httpStatus)
        }
        guard data.contains(where: { !isJSONWhitespace($0) }) else {
            if let httpStatus, isHTTPError { throw .httpStatus(httpStatus, retryAfter: retryAfter) }
            throw .emptyBody(httpStatus: httpStatus)
        }

        let envelope: NewsAPIEnvelope
        do {
            // Plain JSON (nearly every answer) is indexed in one strict pass; JSONDecoder reads the rest.
            if let index = data.withUnsafeBytes({ NewsAPIJSONIndex($0) }) {
                envelope = NewsAPIEnvelope(index, of: data)
            } else {
                envelope = try JSONDecoder().decode(NewsAPIEnvelope.self, from: data)
            }
        } catch {
            if let httpStatus, isHTTPError { throw .httpStatus(httpStatus, retryAfter: retryAfter) }
            if case DecodingError.typeMismatch = error {
                throw .unexpectedJSON("the top level is not an object")
            }
            throw .invalidJSON(byteCount: data.count, truncated: looksTruncated(data))
        }

        let status = envelope.status?.lowercased()
        if status == "error" || (status == nil && envelope.code != nil) {
            throw .api(
                code: envelope.code ?? "unknownError", message: envelope.message ?? "", httpStatus: httpStatus,
                retryAfter: retryAfter)
        }
        if let httpStatus, isHTTPError { throw .httpStatus(httpStatus, retryAfter: retryAfter) }
        guard status == "ok" || (status == nil && envelope.articles != nil) else {
            if let status = envelope.status { throw .unexpectedJSON("unknown status \"\(status)\"") }
            throw .unexpectedJSON("no \"status\" and no \"articles\"")
        }
        return NewsAPILazyResponse(
            totalResults: envelope.totalResults, articles: envelope.articles ?? NewsAPIArticles([]),
            skippedArticles: envelope.skippedArticles)
    }

    private static func headerValue(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// An HTML page announces itself by its type or by starting with `<` (a doctype or tag).
    private static func looksLikeHTML(_ data: Data, contentType: String?) -> Bool {
        if let contentType, contentType.lowercased().contains("text/html") { return true }
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = data.starts(with: utf8BOM) ? data.dropFirst(utf8BOM.count) : data[...]
        return body.first(where: { !isJSONWhitespace($0) }) == UInt8(ascii: "<")
    }

    /// True when the text ends inside a string, object or array: the transfer was cut short.
    static func looksTruncated(_ data: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return inString || depth > 0
    }
}

/// The top level of any NewsAPI answer, success or error, read field by field.
struct NewsAPIEnvelope: Decodable {
    var status: String?
    var code: String?
    var message: String?
    var totalResults: Int?
    /// nil when the answer has no `articles` array at all.
    var articles: NewsAPIArticles?
    var skippedArticles = 0

    private enum CodingKeys: String, CodingKey {
        case status, code, message, totalResults, articles
    }

    /// The envelope `index` read from `data`, its articles left to be built when read.
    init(_ index: NewsAPIJSONIndex, of data: Data) {
        status = index.status
        code = index.code
        message = index.message
        totalResults = index.totalResults
        articles = index.hasArticles ? NewsAPIArticles(data: data, index: index) : nil
        skippedArticles = index.skippedArticles
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientString(forKey: .status)
        code = container.lenientString(forKey: .code)
        message = container.lenientString(forKey: .message)
        totalResults = container.lenientInt(forKey: .totalResults)
        guard var list = try? container.nestedUnkeyedContainer(forKey: .articles) else { return }
        var articles: [NewsAPIArticle] = []
        articles.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            if (try? list.decodeNil()) == true {
                skippedArticles += 1
                continue
            }
            // ArticleSlot never throws for a present value, so the list always advances.
            guard let slot = try? list.decode(ArticleSlot.self) else { break }
            if let article = slot.article {
                articles.append(article)
            } else {
                skippedArticles += 1
            }
        }
        self.articles = NewsAPIArticles(articles)
    }
}

/// One element of `articles`: the article, or nil when the element is not an object.
private struct ArticleSlot: Decodable {
    var article: NewsAPIArticle?

    init(from decoder: any Decoder) {
        article = try? NewsAPIArticle(from: decoder)
    }
}
