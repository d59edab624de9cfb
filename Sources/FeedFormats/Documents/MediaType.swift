/// How a served file's extension maps to a `Content-Type` and whether gzip helps it.
public struct MediaType: Sendable, Hashable {
    /// The full header value, e.g. `application/rss+xml; charset=utf-8`.
    public var contentType: String
    /// Text formats compress well; images are compressed already.
    public var isCompressible: Bool
    /// Feeds get their `Cache-Control` from their own `<ttl>`.
    public var isFeed: Bool

    /// A media type with every field given.
    public init(contentType: String, isCompressible: Bool, isFeed: Bool = false) {
        self.contentType = contentType
        self.isCompressible = isCompressible
        self.isFeed = isFeed
    }

    /// The media type for a file name, by its extension (case-insensitive);
    /// unknown extensions are `application/octet-stream`.
    public static func forFileName(_ name: String) -> MediaType {
        guard let dot = name.lastIndex(of: "."), !name[name.index(after: dot)...].contains("/") else {
            return octetStream
        }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? octetStream
    }

    private static func text(_ type: String, isFeed: Bool = false) -> MediaType {
        MediaType(contentType: type + "; charset=utf-8", isCompressible: true, isFeed: isFeed)
    }

    private static func image(_ type: String) -> MediaType {
        MediaType(contentType: type, isCompressible: false)
    }

    static let octetStream = MediaType(contentType: "application/octet-stream", isCompressible: false)

    private static let byExtension: [String: MediaType] = [
        "rss": text("application/rss+xml", isFeed: true),
        "atom": text("application/atom+xml", isFeed: true),
        "json": text("application/feed+json", isFeed: true),
        "opml": text("text/x-opml"),
        "xsl": text("text/xsl"),
        "xml": text("application/xml"),
        "html": text("text/html"),
        "htm": text("text/html"),
        "css": text("text/css"),
        "js": text("text/javascript"),
        "txt": text("text/plain"),
        // RFC 7763; browsers show it as text rather than downloading it (the Feeds folder's README.md).
        "md": text("text/markdown"),
        "markdown": text("text/markdown"),
        // SVG is XML text: it compresses, but a charset parameter is not defined for it.
        "svg": MediaType(contentType: "image/svg+xml", isCompressible: true),
        "png": image("image/png"),
        "jpg": image("image/jpeg"),
        "jpeg": image("image/jpeg"),
        "gif": image("image/gif"),
        "webp": image("image/webp"),
        "avif": image("image/avif"),
        "ico": image("image/x-icon"),
    ]
}
