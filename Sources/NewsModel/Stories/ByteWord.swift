/// Eight bytes of text read as one `UInt64`, to test them all at once ("SWAR").
///
/// Scans over whole fields (is any byte a control character, a quote, non-ASCII?) run once per
/// byte otherwise; on big feeds they add up. The tests are exact: a word is flagged exactly
/// when one of its bytes matches (Bit Twiddling Hacks, `haszero`/`hasless`).
public struct ByteWord {
    @usableFromInline @inline(__always) static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @usableFromInline @inline(__always) static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    public let bits: UInt64

    /// The eight bytes at `offset` (which must leave eight bytes to read).
    @inlinable public init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        // Byte `i` of the text is byte `i` of the number, counted from the least significant.
        bits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether some byte is below `limit` (at most 128).
    @inlinable public func hasByte(below limit: UInt8) -> Bool {
        (bits &- Self.ones &* UInt64(limit)) & ~bits & Self.highBits != 0
    }

    /// Whether some byte equals `value`.
    @inlinable public func hasByte(_ value: UInt8) -> Bool {
        let difference = bits ^ (Self.ones &* UInt64(value))
        return (difference &- Self.ones) & ~difference & Self.highBits != 0
    }

    /// Whether some byte is 0x80 or above (not ASCII).
    @inlinable public var hasNonASCII: Bool { bits & Self.highBits != 0 }

    /// The high bit of each byte that equals `value`, all other bits clear: exact per byte, so
    /// neighbouring matches can be found by shifting (byte `i + 1` is 8 bits above byte `i`).
    @inlinable public func mask(of value: UInt8) -> UInt64 {
        let lowBits = ~Self.highBits
        let difference = bits ^ (Self.ones &* UInt64(value))
        return ~(((difference & lowBits) &+ lowBits) | difference | lowBits)
    }

    /// The high bit of each byte below `limit` (at most 128), all other bits clear: exact per byte, as
    /// ``mask(of:)`` (each byte's low seven bits plus `0x80 - limit` reach the high bit exactly when they are at
    /// least `limit`, and no sum carries into the next byte).
    @inlinable public func mask(below limit: UInt8) -> UInt64 {
        let lowBits = ~Self.highBits
        return ~(((bits & lowBits) &+ Self.ones &* UInt64(0x80 - limit)) | bits) & Self.highBits
    }

    /// The mask bit of the first byte (see ``mask(of:)``).
    package static let firstByteBit: UInt64 = 0x80
    /// The mask bit of the last byte (see ``mask(of:)``).
    package static let lastByteBit: UInt64 = 0x80 << 56
}
