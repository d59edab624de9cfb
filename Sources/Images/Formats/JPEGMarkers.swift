/// Walks a JPEG's marker segments from its start by their lengths, without decoding anything.
enum JPEGMarkers {
    /// The offset of the first marker `wanted` accepts (the offset of its `0xFF`), or nil when the bytes end
    /// or break the segment structure first.
    static func first(in bytes: [UInt8], where wanted: (UInt8) -> Bool) -> Int? {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if wanted(marker) { return offset }
            // Fill bytes and the markers that carry no length (TEM, RSTn).
            if marker == 0xFF {
                offset += 1
                continue
            }
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
}
