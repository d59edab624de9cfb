import FeedOutput

/// One re-encoded copy of a story image, in one width, named after its own bytes.
public struct ImageCopy: Sendable, Hashable {
    /// The encodings copies are written in: JPEG for opaque pictures, PNG where transparency shows.
    public enum Encoding: String, Sendable, Hashable {
        case jpeg, png

        public var mimeType: String { self == .jpeg ? "image/jpeg" : "image/png" }
        public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
    }

    public var width: Int
    public var height: Int
    public var encoding: Encoding
    public var bytes: [UInt8]

    public init(width: Int, height: Int, encoding: Encoding, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.encoding = encoding
        self.bytes = bytes
    }

    /// `<first 128 bits of the SHA-256 of the bytes, hex>-<width>.<jpg|png>`: the same bytes always get the same
    /// name and a name never holds other bytes, so `serve` can mark the files immutable (docs/image-cache.md).
    public var fileName: String {
        "\(SHA256.hex(bytes).prefix(32))-\(width).\(encoding.fileExtension)"
    }
}
