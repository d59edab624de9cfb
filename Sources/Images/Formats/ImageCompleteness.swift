/// Whether an image's bytes reach their format's end marker: a download cut short is refused before decoding.
///
/// The cheap check, made before anything is decoded (the decoder then refuses data that ends before the pixels its
/// header declares: `Thumbnailer`'s `fail_on`): JPEG needs its end-of-image marker after the start of its scan
/// data, PNG a chain of chunks up to `IEND`, GIF its trailer byte, WebP all the bytes its RIFF header counts. TIFF and HEIF keep offsets all over the file and are left to libvips.
enum ImageCompleteness {
    /// Nil when `bytes` look complete, otherwise why not.
    static func problem(in bytes: [UInt8], format: ImageFormat) -> String? {
        switch format {
        case .jpeg: jpegProblem(bytes)
        case .png: pngProblem(bytes)
        case .gif:
            bytes.last == 0x3B ? nil : "the GIF is truncated (it does not end with its trailer)"
        case .webp: webpProblem(bytes)
        case .tiff, .heif: nil
        }
    }

    private static func jpegProblem(_ bytes: [UInt8]) -> String? {
        guard let scan = JPEGMarkers.first(in: bytes, where: { $0 == 0xDA }) else {
            return "the JPEG has no image data (no start of scan)"
        }
        // Trailing bytes after the end marker are tolerated (some cameras and CMSes append data).
        var index = bytes.count - 2
        while index > scan {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return nil }
            index -= 1
        }
        return "the JPEG is truncated (no end-of-image marker after its data)"
    }

    private static func pngProblem(_ bytes: [UInt8]) -> String? {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let next = offset + 12 + length
            guard next <= bytes.count else { break }
            if type == "IEND" { return nil }
            offset = next
        }
        return "the PNG is truncated (its chunks end before IEND)"
    }

    private static func webpProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 12 else { return "the WebP is truncated" }
        let declared = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        return declared + 8 <= bytes.count ? nil : "the WebP is truncated (\(bytes.count) of \(declared + 8) bytes)"
    }
}
