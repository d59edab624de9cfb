/// What a download's first bytes say it is, whatever its `Content-Type` claimed.
public enum SniffedImage: Sendable, Hashable {
    /// One of the accepted raster formats.
    case image(ImageFormat)
    /// An SVG document: never rasterized (it can carry script), never cached.
    case svg
    /// Anything else: an HTML page answered for an image, an empty body, garbage.
    case notAnImage

    /// Sniffs `bytes` by magic numbers (the first 32 bytes decide; SVG is looked for in the first kilobyte).
    public init(_ bytes: [UInt8]) {
        func starts(with magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .image(.jpeg)
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .image(.png)
        } else if starts(with: ascii("GIF87a")) || starts(with: ascii("GIF89a")) {
            self = .image(.gif)
        } else if starts(with: ascii("RIFF")) && starts(with: ascii("WEBP"), at: 8) {
            self = .image(.webp)
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            self = .image(.tiff)
        } else if starts(with: ascii("ftyp"), at: 4), bytes.count >= 12,
            Self.heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
        {
            self = .image(.heif)
        } else if Self.looksLikeSVG(bytes.prefix(1024)) {
            self = .svg
        } else {
            self = .notAnImage
        }
    }

    /// The `ftyp` major brands of HEIF still images (HEVC- and AV1-coded).
    static let heifBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis",
    ]

    /// An `<svg` element near the start, after an optional XML declaration, doctype or comments.
    private static func looksLikeSVG(_ head: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard trimmed.hasPrefix("<") else { return false }
        // An HTML page may carry inline <svg> icons: it is a page, not an image.
        if trimmed.hasPrefix("<!doctype html") || trimmed.hasPrefix("<html") { return false }
        return text.contains("<svg")
    }
}
