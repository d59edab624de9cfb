import FeedFormats
import Foundation
import HTTPServing

/// A file or generated page held ready to answer: its bytes, its gzip bytes and the
/// headers of every answer built once, so a request only picks among them.
///
/// A class: the cache hands it to every request, and sharing one reference costs less
/// than copying its many fields.
package final class ServedDocument: Sendable {
    /// One encoding of the document with its own strong ETag.
    package struct Representation: Sendable {
        package var body: Data
        package var entityTag: String
        package var headers: HTTPHeaders
        var notModifiedHeaders: HTTPHeaders
        /// The 200 and 304 answers with their heads already in bytes, for documents kept
        /// in the cache; nil for one that answers a single request.
        package var prepared: PreparedAnswers?
    }

    /// A representation's answers as ``PreparedResponse``s.
    package struct PreparedAnswers: Sendable {
        package var full: PreparedResponse
        package var notModified: PreparedResponse
    }

    package let identity: Representation
    /// Present only when the document is text and gzip made it smaller.
    package let gzip: Representation?
    package let lastModifiedSeconds: Int
    /// `Last-Modified` as sent: a client echoing it back in `If-Modified-Since` is
    /// answered by comparing bytes, without parsing a date.
    package let lastModified: String

    /// Bytes held in memory, for the cache's budget.
    var cost: Int { identity.body.count + (gzip?.body.count ?? 0) }

    /// Builds both representations. `entityTag` is the quoted identity tag; the gzip
    /// one gets `-gz` inside the quotes so caches never confuse the two. `prepare` also
    /// builds every answer's head and moves large bodies where `sendfile` reaches them:
    /// worth it for a document that will be cached, not for one answered once. `link`, when given, is sent as the
    /// `Link` header of full answers (a feed's WebSub hubs and self).
    package init(
        bytes: Data, entityTag: String, lastModifiedSeconds: Int, mediaType: MediaType, cacheControl: String,
        compress: Bool, prepare: Bool = false, link: String? = nil
    ) {
        self.lastModifiedSeconds = lastModifiedSeconds
        let lastModified = HTTPDate.format(secondsSince1970: lastModifiedSeconds)
        self.lastModified = lastModified
        let varies = mediaType.isCompressible
        func representation(_ body: Data, _ tag: String, gzip: Bool) -> Representation {
            var common: [(String, String)] = [
                ("ETag", tag), ("Last-Modified", lastModified), ("Cache-Control", cacheControl),
            ]
            if varies { common.append(("Vary", "Accept-Encoding")) }
            var full = [("Content-Type", mediaType.contentType)] + common
            if let link { full.append(("Link", link)) }
            if gzip { full.append(("Content-Encoding", "gzip")) }
            full.append(("X-Content-Type-Options", "nosniff"))
            var result = Representation(
                body: body, entityTag: tag, headers: HTTPHeaders(full), notModifiedHeaders: HTTPHeaders(common))
            if prepare {
                let answers = PreparedAnswers(
                    full: PreparedResponse(HTTPResponse(status: 200, headers: result.headers, body: .data(body))),
                    notModified: PreparedResponse(HTTPResponse(status: 304, headers: result.notModifiedHeaders)))
                // Share the prepared copy (possibly an in-memory file) instead of holding the bytes twice.
                result.body = answers.full.body?.bytes ?? body
                result.prepared = answers
            }
            return result
        }
        identity = representation(bytes, entityTag, gzip: false)
        if compress, varies, let compressed = GzipCompressor.compress(bytes), compressed.count < bytes.count {
            gzip = representation(compressed, String(entityTag.dropLast()) + "-gz\"", gzip: true)
        } else {
            gzip = nil
        }
    }

    /// The answer to a GET or HEAD: the representation the client accepts, or 304
    /// when its validators still match (`If-Modified-Since` only counts without
    /// `If-None-Match`, as RFC 9110 §13.2.2 orders).
    package func response(to request: HTTPRequest) -> HTTPResponse {
        let (chosen, notModified) = answer(to: request)
        if notModified {
            return HTTPResponse(status: 304, headers: chosen.notModifiedHeaders)
        }
        return HTTPResponse(status: 200, headers: chosen.headers, body: .data(chosen.body))
    }

    /// The same answer as ``response(to:)`` with its head ready, when the document was prepared.
    package func preparedResponse(to request: HTTPRequest) -> PreparedResponse? {
        let (chosen, notModified) = answer(to: request)
        guard let prepared = chosen.prepared else { return nil }
        return notModified ? prepared.notModified : prepared.full
    }

    /// The representation for `request` and whether its validators make the answer a 304.
    private func answer(to request: HTTPRequest) -> (Representation, notModified: Bool) {
        let headers = request.headers
        var chosen = identity
        if let gzip, AcceptEncoding.allowsGzip(headers.values(ofLowercaseName: "accept-encoding")) {
            chosen = gzip
        }
        let noneMatch = headers.values(ofLowercaseName: "if-none-match")
        if !noneMatch.isEmpty {
            return (chosen, EntityTagCondition.noneMatchFails(headerValues: noneMatch, etag: chosen.entityTag))
        }
        guard let since = headers.values(ofLowercaseName: "if-modified-since").first else { return (chosen, false) }
        if since == lastModified { return (chosen, true) }
        guard let sinceSeconds = HTTPDate.parse(since) else { return (chosen, false) }
        return (chosen, lastModifiedSeconds <= sinceSeconds)
    }
}
