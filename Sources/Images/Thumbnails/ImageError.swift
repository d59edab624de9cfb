/// Why a story image could not be cached: one line each, naming the cause (the feed keeps the original URL).
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body was empty.
    case empty
    /// The bytes are no image (an HTML page answered for an image, garbage).
    case notAnImage
    /// An SVG: never rasterized (it can carry script).
    case svg
    /// More bytes than ``ImageLimits/maxBytes``.
    case tooLarge(limit: Int)
    /// The header declares more pixels (or a longer side) than allowed: refused before decoding.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The bytes start like `format` but libvips cannot read them that way (truncated, corrupt).
    case corrupt(reason: String)
    /// libvips could not start or encode (no cause in the image itself).
    case library(reason: String)

    public var description: String {
        switch self {
        case .empty: "not an image: the answer was empty"
        case .notAnImage: "not an image: the bytes are no JPEG, PNG, WebP, GIF, TIFF or HEIF"
        case .svg: "an SVG image: never cached (it can carry script), the original URL is kept"
        case .tooLarge(let limit): "larger than \(limit >> 20) MB"
        case .tooManyPixels(let width, let height, let limit):
            "\(width) × \(height) pixels, more than the \(limit / 1_000_000) megapixels allowed (refused before decoding)"
        case .corrupt(let reason): "a corrupt or truncated image: \(reason)"
        case .library(let reason): "libvips failed: \(reason)"
        }
    }

    /// A short word for `status` and `/metrics` counts (`failures by cause`).
    public var cause: String {
        switch self {
        case .empty, .notAnImage: "not-an-image"
        case .svg: "svg"
        case .tooLarge: "too-large"
        case .tooManyPixels: "too-many-pixels"
        case .corrupt: "corrupt"
        case .library: "library"
        }
    }
}
