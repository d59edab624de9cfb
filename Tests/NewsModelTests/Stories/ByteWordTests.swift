import NewsModel
import Testing

/// The eight-bytes-at-a-time tests must flag exactly the words a byte-by-byte loop flags.
@Suite struct ByteWordTests {
    /// Bytes around every boundary the tests care about.
    static let interesting: [UInt8] = [
        0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x26, 0x3C, 0x5C, 0x7E, 0x7F, 0x80, 0x81, 0xBF, 0xC3,
        0xEE, 0xEF, 0xF0, 0xFF, UInt8(ascii: "a"), UInt8(ascii: "Z"),
    ]

    static let words: [[UInt8]] = {
        var state: UInt64 = 12_345
        var words: [[UInt8]] = interesting.map { [UInt8](repeating: $0, count: 8) }
        for _ in 0..<20_000 {
            words.append(
                (0..<8).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let pick = Int((state >> 33) % UInt64(interesting.count + 40))
                    return pick < interesting.count ? interesting[pick] : UInt8(ascii: "m")
                })
        }
        return words
    }()

    private func word(_ bytes: [UInt8]) -> ByteWord {
        bytes.withUnsafeBytes { ByteWord($0, at: 0) }
    }

    @Test func flagsExactlyTheWordsAByteLoopFlags() {
        for bytes in Self.words {
            let word = word(bytes)
            #expect(word.hasNonASCII == bytes.contains { $0 >= 0x80 }, "\(bytes)")
            for limit: UInt8 in [0x01, 0x20, 0x80] {
                #expect(word.hasByte(below: limit) == bytes.contains { $0 < limit }, "\(bytes) < \(limit)")
            }
            for value: UInt8 in [0x00, 0x20, 0x22, 0x26, 0x3C, 0x5C, 0x7F, 0xEF] {
                #expect(word.hasByte(value) == bytes.contains(value), "\(bytes) has \(value)")
            }
        }
    }

    @Test func masksExactlyTheMatchingBytes() {
        for bytes in Self.words {
            for value: UInt8 in [0x00, 0x20, 0x7F, 0xFF] {
                var expected: UInt64 = 0
                for (index, byte) in bytes.enumerated() where byte == value { expected |= 0x80 << (8 * UInt64(index)) }
                #expect(word(bytes).mask(of: value) == expected, "\(bytes) mask \(value)")
            }
        }
        #expect(word([0x20, 1, 1, 1, 1, 1, 1, 0x20]).mask(of: 0x20) == ByteWord.firstByteBit | ByteWord.lastByteBit)
    }

    @Test func masksExactlyTheBytesBelowALimit() {
        for bytes in Self.words {
            for limit: UInt8 in [0x00, 0x01, 0x20, 0x21, 0x7F, 0x80] {
                var expected: UInt64 = 0
                for (index, byte) in bytes.enumerated() where byte < limit { expected |= 0x80 << (8 * UInt64(index)) }
                #expect(word(bytes).mask(below: limit) == expected, "\(bytes) mask below \(limit)")
            }
        }
    }
}
