/// The formats a story picture is accepted in: what libvips decodes for newsfeed, told by the bytes' magic numbers.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, webp, gif, tiff, heif

    /// The name people know it by, for messages.
    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .gif: "GIF"
        case .tiff: "TIFF"
        case .heif: "HEIF"
        }
    }

    /// The libvips loader that reads this format from memory (any other loader is refused).
    var loaderPrefix: String {
        switch self {
        case .jpeg: "jpegload"
        case .png: "pngload"
        case .webp: "webpload"
        case .gif: "gifload"
        case .tiff: "tiffload"
        case .heif: "heifload"
        }
    }
}
