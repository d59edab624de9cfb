import FeedOutput
import NewsModel

/// What the image cache holds, from its records in the state: cached images, the bytes of their copies, and
/// the images it could not cache, by cause. `status` and `/metrics` show it; the cache step reads it to keep
/// `images.maxTotal`.
public struct ImageCacheUsage: Sendable, Hashable {
    /// Images with copies.
    public var images: Int
    /// Bytes of every copy of them.
    public var bytes: Int
    /// Images that could not be cached, per cause word (`http`, `not-an-image`, `blocked`, …).
    public var failures: [String: Int]

    public init(_ records: [String: CachedImageRecord]) {
        var images = 0
        var bytes = 0
        var failures: [String: Int] = [:]
        for record in records.values {
            if record.isCached {
                images += 1
                bytes += record.bytes
            } else {
                failures[record.cause ?? "other", default: 0] += 1
            }
        }
        self.images = images
        self.bytes = bytes
        self.failures = failures
    }

    /// Whether the copies fill `maxTotal`, so that no new image is cached.
    public func isFull(_ maxTotal: ByteSize) -> Bool { bytes >= maxTotal.bytes }
}
