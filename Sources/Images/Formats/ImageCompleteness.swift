/// Whether an image's bytes reach their format's end marker: a download cut short is refused before decoding.
///
/// libvips' `fail_on` does not reach through `vips_thumbnail_buffer` in 8.14 (a truncated JPEG decodes with grey
/// rows and only a warning), so the structure is checked here: JPEG needs its end-of-image marker after the
/// start of its scan data, PNG a chain of chunks up to `IEND`, GIF its trailer byte, WebP all the bytes its RIFF
/// header counts. TIFF and HEIF keep offsets all over the file and are left to libvips.
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
        guard let scan = startOfScan(bytes) else { return "the JPEG has no image data (no start of scan)" }
        // Trailing bytes after the end marker are tolerated (some cameras and CMSes append data).
        var index = bytes.count - 2
        while index > scan {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return nil }
            index -= 1
        }
        return "the JPEG is truncated (no end-of-image marker after its data)"
    }

    /// The offset of the first start-of-scan marker, walking segment lengths from the start.
    private static func startOfScan(_ bytes: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xDA { return offset }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
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
