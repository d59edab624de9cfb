/// What one check of one image URL found.
public enum ImageCheckResult: Sendable, Hashable {
    /// The URL answered with an image; `length` is its real size when the host said it.
    case alive(length: Int?, mimeType: String, etag: String?, lastModified: String?)
    /// A conditional recheck answered 304: still the image seen last time.
    case notModified
    /// The URL did not answer with an image; `permanent` for 404 and 410, which mean gone at once. `http` is the
    /// last HTTP status any hop answered (the 404, the 200 that was not an image, the redirect before a refused
    /// connection); nil when no HTTP answer came at all (DNS, connect, TLS, timeout), the only failures that can
    /// mean our own network is down.
    case failed(cause: String, permanent: Bool, http: Int?)
    /// The address guard refused to contact the URL (or a redirect target); the enclosure stays as it is.
    case blocked(reason: String)
    /// Not checked: the round ran out of time or was stopped.
    case skipped
}
