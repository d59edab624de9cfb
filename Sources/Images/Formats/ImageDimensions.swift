/// Width and height as an image's header declares them, read without decoding a pixel.
///
/// This is what lets a decompression bomb (a tiny PNG declaring 50,000 × 50,000 pixels) be refused before
/// any library allocates for it. JPEG, PNG, GIF and WebP are read here; TIFF and HEIF keep their size deep in
/// their structure and are measured by libvips' header-only open instead.
public struct ImageDimensions: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Pixels of one frame.
    public var pixels: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }

    /// The declared size of `bytes` in `format`; nil when the header is cut short or the format keeps it elsewhere.
    public init?(header bytes: [UInt8], format: ImageFormat) {
        let found: (Int, Int)? =
            switch format {
            case .png: Self.png(bytes)
            case .gif: Self.gif(bytes)
            case .jpeg: Self.jpeg(bytes)
            case .webp: Self.webp(bytes)
            case .tiff, .heif: nil
            }
        guard let (width, height) = found else { return nil }
        self.init(width: width, height: height)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// IHDR is always the first chunk: width and height at bytes 16 and 20.
    private static func png(_ bytes: [UInt8]) -> (Int, Int)? {
        guard let width = bigEndian(bytes, 16, 4), let height = bigEndian(bytes, 20, 4) else { return nil }
        return (width, height)
    }

    /// The logical screen, after the six-byte signature.
    private static func gif(_ bytes: [UInt8]) -> (Int, Int)? {
        guard let width = littleEndian(bytes, 6, 2), let height = littleEndian(bytes, 8, 2) else { return nil }
        return (width, height)
    }

    /// The first start-of-frame marker (baseline, progressive, lossless, arithmetic), walking segment lengths.
    private static func jpeg(_ bytes: [UInt8]) -> (Int, Int)? {
        let startOfFrame: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            // Fill bytes and markers without a length (TEM, RSTn).
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            guard let length = bigEndian(bytes, offset + 2, 2), length >= 2 else { return nil }
            if startOfFrame.contains(marker) {
                guard let height = bigEndian(bytes, offset + 5, 2), let width = bigEndian(bytes, offset + 7, 2) else {
                    return nil
                }
                return (width, height)
            }
            // Start of scan or end of image before any frame: there is none to read.
            if marker == 0xDA || marker == 0xD9 { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// `VP8 ` (lossy), `VP8L` (lossless) or `VP8X` (extended: the canvas) as the first chunk.
    private static func webp(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard let width = littleEndian(bytes, 26, 2), let height = littleEndian(bytes, 28, 2) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F, let bits = littleEndian(bytes, 21, 4) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = littleEndian(bytes, 24, 3), let height = littleEndian(bytes, 27, 3) else { return nil }
            return (width + 1, height + 1)
        default:
            return nil
        }
    }
}
