import Foundation
import HTTPFetching
import NewsModel

/// The image cache's part of `status`, `/status.json` and `/metrics`: what it holds against `images.maxTotal`,
/// and the images it could not cache, by cause. Present only when the config turns the cache on.
public struct ImageCacheStatus: Sendable, Equatable {
    /// Images with copies.
    public var images: Int
    /// Bytes of their copies.
    public var bytes: Int
    /// `images.maxTotal` in bytes.
    public var maxTotal: Int
    /// Images not cached, per cause word.
    public var failures: [String: Int]
    /// Images the last build left uncached because their copies would have passed `images.maxTotal`.
    public var overCap: Int

    public init(usage: ImageCacheUsage, maxTotal: ByteSize, overCap: Int = 0) {
        images = usage.images
        bytes = usage.bytes
        self.maxTotal = maxTotal.bytes
        failures = usage.failures
        self.overCap = overCap
    }

    /// Whether the copies fill `images.maxTotal`: new images keep their original URLs.
    public var isFull: Bool { bytes >= maxTotal }

    /// `images: 12 cached, 1 MB of 2048 MB; not cached: 1 http, 2 not-an-image`, with `FULL` and what to do when
    /// new images are no longer cached.
    public var line: String {
        var text = "images: \(images) cached, \(bytes.byteCountText) of \(maxTotal.byteCountText)"
        if isFull { text += " (FULL: new images keep their original URLs; raise images.maxTotal)" }
        let refused = failures.keys.sorted().map { "\(failures[$0] ?? 0) \($0)" }
        text += refused.isEmpty ? "; none refused" : "; not cached: " + refused.joined(separator: ", ")
        if overCap > 0 {
            text += "; \(overCap) left uncached by images.maxTotal in the last build"
            if !isFull { text += " (raise images.maxTotal)" }
        }
        return text
    }

    /// The `"images"` object of `/status.json`.
    package var json: JSONOutput {
        [
            "cached": .int(images), "bytes": .int(bytes), "maxTotal": .int(maxTotal), "full": .bool(isFull),
            "failures": JSONOutput(failures), "overCap": .int(overCap),
        ]
    }
}
