import Foundation
import HTTPServing

/// A file or generated page held ready to answer: its bytes, its gzip bytes and the
/// headers of every answer built once, so a request only picks among them.
struct ServedDocument: Sendable {
    /// One encoding of the document with its own strong ETag.
    struct Representation: Sendable {
        var body: Data
        var entityTag: String
        var headers: HTTPHeaders
        var notModifiedHeaders: HTTPHeaders
    }

    var identity: Representation
    /// Present only when the document is text and gzip made it smaller.
    var gzip: Representation?
    var lastModifiedSeconds: Int

    /// Bytes held in memory, for the cache's budget.
    var cost: Int { identity.body.count + (gzip?.body.count ?? 0) }

    /// Builds both representations. `entityTag` is the quoted identity tag; the gzip
    /// one gets `-gz` inside the quotes so caches never confuse the two.
    init(
        bytes: Data, entityTag: String, lastModifiedSeconds: Int, mediaType: MediaType, cacheControl: String,
        compress: Bool
    ) {
        self.lastModifiedSeconds = lastModifiedSeconds
        let lastModified = HTTPDate.format(secondsSince1970: lastModifiedSeconds)
        let varies = mediaType.isCompressible
        func representation(_ body: Data, _ tag: String, gzip: Bool) -> Representation {
            var common: [(String, String)] = [
                ("ETag", tag), ("Last-Modified", lastModified), ("Cache-Control", cacheControl),
            ]
            if varies { common.append(("Vary", "Accept-Encoding")) }
            var full = [("Content-Type", mediaType.contentType)] + common
            if gzip { full.append(("Content-Encoding", "gzip")) }
            full.append(("X-Content-Type-Options", "nosniff"))
            return Representation(
                body: body, entityTag: tag, headers: HTTPHeaders(full), notModifiedHeaders: HTTPHeaders(common))
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
    func response(to request: HTTPRequest) -> HTTPResponse {
        var chosen = identity
        if let gzip, AcceptEncoding.allowsGzip(request.headers.values(for: "Accept-Encoding")) {
            chosen = gzip
        }
        let noneMatch = request.headers.values(for: "If-None-Match")
        let notModified: Bool
        if !noneMatch.isEmpty {
            notModified = EntityTagCondition.noneMatchFails(headerValues: noneMatch, etag: chosen.entityTag)
        } else if let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.parse) {
            notModified = lastModifiedSeconds <= since
        } else {
            notModified = false
        }
        if notModified {
            return HTTPResponse(status: 304, headers: chosen.notModifiedHeaders)
        }
        return HTTPResponse(status: 200, headers: chosen.headers, body: .data(chosen.body))
    }
}
