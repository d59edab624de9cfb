import Foundation
import HTTPFetching
import NewsModel

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
            envelope = try NewsAPIEnvelope.read(data)
        } catch {
            if let httpStatus, isHTTPError { throw .httpStatus(httpStatus, retryAfter: retryAfter) }
            throw .invalidJSON(error)
        }
        guard envelope.isObject else {
            if let httpStatus, isHTTPError { throw .httpStatus(httpStatus, retryAfter: retryAfter) }
            throw .unexpectedJSON("the top level is not an object")
        }

        let status = envelope.status?.lowercased()
        if status == "error" || (status == nil && envelope.code != nil) {
            throw .api(
                code: envelope.code ?? "unknownError", message: envelope.message ?? "", httpStatus: httpStatus,
                retryAfter: retryAfter)
        }
        if let httpStatus, isHTTPError { throw .httpStatus(httpStatus, retryAfter: retryAfter) }
        // A list of another type is not an empty list: refusing keeps the last good feed.
        if let kind = envelope.articlesKind, kind != .array {
            throw .unexpectedJSON("\"articles\" is \(kind.described), not an array")
        }
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
}

/// The top level of any NewsAPI answer, success or error, read field by field.
///
/// Read by ``NewsAPIJSONIndex`` in one pass when it can, otherwise from a ``JSONDocument``; both
/// check the whole text as strict JSON and read the same values (the tests compare them).
package struct NewsAPIEnvelope {
    /// False when the top level is not an object; then nothing else is set.
    package var isObject = true
    package var status: String?
    package var code: String?
    package var message: String?
    package var totalResults: Int?
    /// The articles, when `articles` is an array.
    package var articles: NewsAPIArticles?
    /// The kind of the `articles` value; nil when there is none.
    package var articlesKind: JSONValue.Kind?
    package var skippedArticles = 0

    /// The envelope of `data`.
    /// - Throws: where `data` is not JSON.
    package static func read(_ data: Data) throws(JSONSyntaxError) -> NewsAPIEnvelope {
        let indexed = data.withUnsafeBytes { bytes in
            Result { () throws(JSONSyntaxError) in try NewsAPIJSONIndex(bytes) }
        }
        if let index = try indexed.get() { return NewsAPIEnvelope(index, of: data) }
        return NewsAPIEnvelope(try JSONDocument(parsing: data).root)
    }

    /// The envelope `index` read from `data`, its articles left to be built when read.
    package init(_ index: NewsAPIJSONIndex, of data: Data) {
        status = index.status
        code = index.code
        message = index.message
        totalResults = index.totalResults
        articlesKind = index.articlesKind
        articles = index.articlesKind == .array ? NewsAPIArticles(data: data, index: index) : nil
        skippedArticles = index.skippedArticles
    }

    /// The envelope read from a parsed document: the general reader, for every shape.
    package init(_ root: JSONValue) {
        guard root.kind == .object else {
            isObject = false
            return
        }
        status = root["status"]?.string
        code = root["code"]?.string
        message = root["message"]?.string
        totalResults = root["totalResults"]?.integer
        let list = root["articles"]
        articlesKind = list?.kind
        guard let elements = list?.elements else { return }
        var articles: [NewsAPIArticle] = []
        articles.reserveCapacity(elements.count)
        for element in elements {
            if element.kind == .object {
                articles.append(Self.article(element))
            } else {
                skippedArticles += 1
            }
        }
        self.articles = NewsAPIArticles(articles)
    }

    /// One article object; a field that is missing, null or not a string is nil.
    private static func article(_ object: JSONValue) -> NewsAPIArticle {
        var article = NewsAPIArticle()
        if let source = object["source"] {
            if source.kind == .object {
                article.sourceID = source["id"]?.string
                article.sourceName = source["name"]?.string
            } else {
                // A bare string where the source object belongs still names the publisher.
                article.sourceName = source.string
            }
        }
        article.author = object["author"]?.string
        article.title = object["title"]?.string
        article.description = object["description"]?.string
        article.url = object["url"]?.string
        article.urlToImage = object["urlToImage"]?.string
        article.publishedAt = object["publishedAt"]?.string
        article.content = object["content"]?.string
        return article
    }
}
