/// A download checked to be an image newsfeed may decode: its real format and, where the header says it
/// cheaply, its size. Nothing is decoded to get here.
public struct SourceImage: Sendable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    /// Nil for TIFF and HEIF (libvips measures those from their header before decoding).
    public var declared: ImageDimensions?

    /// Checks size, magic bytes, declared pixels and the end marker, in that order, so the cheapest refusal comes first.
    public init(bytes: [UInt8], limits: ImageLimits) throws(ImageError) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
        switch SniffedImage(bytes) {
        case .notAnImage: throw .notAnImage
        case .svg: throw .svg
        case .image(let format):
            let declared = ImageDimensions(header: bytes, format: format)
            if let declared {
                try limits.check(declared)
            } else if ![.tiff, .heif].contains(format) {
                throw .corrupt(reason: "the \(format.displayName) header is cut short")
            }
            if let problem = ImageCompleteness.problem(in: bytes, format: format) { throw .corrupt(reason: problem) }
            self.bytes = bytes
            self.format = format
            self.declared = declared
        }
    }
}
