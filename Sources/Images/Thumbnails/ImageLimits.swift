/// What one image may cost before newsfeed refuses it (docs/image-cache.md, "Limits").
public struct ImageLimits: Sendable, Hashable {
    /// Bytes of one downloaded image; the fetcher stops reading past it.
    public var maxBytes: Int
    /// Pixels of one frame as its header declares them, checked before anything is decoded.
    public var maxPixels: Int
    /// The longest side a source may have (a 100,000 × 10 strip is as refused as a bomb).
    public var maxSide: Int

    public init(maxBytes: Int = 20 << 20, maxPixels: Int = 50_000_000, maxSide: Int = 16_384) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }

    /// 20 MB, 50 megapixels (a 8,660 × 5,770 photo; larger than any camera's JPEG a news site serves), 16,384 a side.
    public static let standard = ImageLimits()

    /// Throws unless `dimensions` are within the pixel and side limits.
    func check(_ dimensions: ImageDimensions) throws(ImageError) {
        guard dimensions.width > 0, dimensions.height > 0 else {
            throw .corrupt(reason: "its header declares \(dimensions.width) × \(dimensions.height) pixels")
        }
        guard dimensions.pixels <= maxPixels, dimensions.width <= maxSide, dimensions.height <= maxSide else {
            throw .tooManyPixels(width: dimensions.width, height: dimensions.height, limit: maxPixels)
        }
    }
}
