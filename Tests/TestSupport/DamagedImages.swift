import Foundation

/// Pictures damaged the ways publishers' files are, made from a whole one at test time: a header declaring more
/// pixels than the data holds, data cut short with its end marker put back, a header libjpeg only warns of.
package enum DamagedImages {
    /// `jpeg` with its frame header (SOF0-SOF2) declaring `width` × `height`; the scan data stays the original's.
    package static func jpeg(_ jpeg: [UInt8], declaring width: Int, _ height: Int) -> [UInt8] {
        var bytes = jpeg
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC2).contains(marker) {
                bytes[index + 5] = UInt8(height >> 8)
                bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8)
                bytes[index + 8] = UInt8(width & 0xFF)
                return bytes
            }
            index += 2 + length
        }
        return bytes
    }

    /// The first `fraction` of `jpeg`'s bytes with an end-of-image marker after them: a file whose structure looks
    /// whole although its data stops early.
    package static func jpegCut(_ jpeg: [UInt8], keeping fraction: Double) -> [UInt8] {
        Array(jpeg.prefix(Int(Double(jpeg.count) * fraction))) + [0xFF, 0xD9]
    }

    /// `jpeg` with its JFIF header claiming revision 2.01, which libjpeg warns of ("unknown JFIF revision number")
    /// and decodes all the same: a warning that loses no pixel.
    package static func jpegOfUnknownJFIFRevision(_ jpeg: [UInt8]) -> [UInt8] {
        var bytes = jpeg
        let signature: [UInt8] = Array("JFIF".utf8) + [0]
        guard let start = (0..<min(bytes.count, 64) - 5).first(where: { Array(bytes[$0..<$0 + 5]) == signature })
        else { return bytes }
        bytes[start + 5] = 2
        return bytes
    }

    /// `png` with its IHDR declaring `height` rows (its checksum made right again): the data holds fewer.
    package static func png(_ png: [UInt8], declaringHeight height: Int) -> [UInt8] {
        var bytes = png
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4) at 20.
        for offset in 0..<4 { bytes[20 + offset] = UInt8(truncatingIfNeeded: height >> (24 - 8 * offset)) }
        let crc = crc32(bytes[12..<29])
        for offset in 0..<4 { bytes[29 + offset] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * offset)) }
        return bytes
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320).
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
