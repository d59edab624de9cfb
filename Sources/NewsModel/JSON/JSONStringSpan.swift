/// Where one JSON string's contents lie in a document (between the quotes), or that there is none.
///
/// Only ``JSONScanner`` makes spans, after checking the string is well formed (valid escapes, no
/// raw control characters), so building the `String` later cannot fail. Where RFC 8259 leaves the
/// reading open, newsfeed decodes invalid UTF-8 and unpaired surrogate escapes (`\uD800` alone,
/// `\uDC00\uD800`) to U+FFFD, one per ill-formed sequence (Unicode's "maximal subpart" rule, as
/// Swift's `String(decoding:as:)` applies it) and one per unpaired surrogate.
package struct JSONStringSpan: Sendable, Hashable {
    /// Offset of the first byte after the opening quote; -1 for ``absent``.
    package let start: Int32
    /// Offset of the closing quote.
    package let end: Int32
    /// Whether the contents hold a backslash escape.
    package let hasEscapes: Bool

    /// A field that is missing, null or not a string.
    package static let absent = JSONStringSpan(start: -1, end: -1, hasEscapes: false)

    /// The number of bytes between the quotes.
    package var length: Int { Int(end - start) }

    /// The string these bytes spell, escapes decoded; nil for ``absent``.
    package func string(in bytes: UnsafeRawBufferPointer) -> String? {
        guard start >= 0 else { return nil }
        let contents = UnsafeRawBufferPointer(rebasing: bytes[Int(start)..<Int(end)])
        guard hasEscapes else { return String(decoding: contents, as: UTF8.self) }
        return Self.unescaped(contents)
    }

    /// Decodes `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and `\u` with four hex digits
    /// (a high surrogate followed by a low one joined, any other surrogate U+FFFD), all already
    /// checked by the scanner. Raw bytes are copied as they are and decoded last, so invalid UTF-8
    /// next to an escape is replaced exactly as it would be without the escape.
    private static func unescaped(_ contents: UnsafeRawBufferPointer) -> String {
        // Never longer than the escaped text (an escape of 2, 6 or 12 bytes gives 1 to 4), so it is written straight
        // into the string's storage, the text between escapes in runs.
        String(unsafeUninitializedCapacity: contents.count) { output in
            var count = 0
            var index = 0
            func append(_ byte: UInt8) {
                output[count] = byte
                count += 1
            }
            while index < contents.count {
                var end = index
                while end + 8 <= contents.count, !ByteWord(contents, at: end).hasByte(UInt8(ascii: "\\")) { end += 8 }
                while end < contents.count, contents[end] != UInt8(ascii: "\\") { end += 1 }
                if end > index {
                    UnsafeMutableRawBufferPointer(
                        rebasing: UnsafeMutableRawBufferPointer(output)[count..<(count + end - index)]
                    ).copyMemory(from: UnsafeRawBufferPointer(rebasing: contents[index..<end]))
                    count += end - index
                    index = end
                    continue
                }
                guard index + 1 < contents.count else {
                    append(contents[index])
                    index += 1
                    continue
                }
                let kind = contents[index + 1]
                index += 2
                switch kind {
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "u"):
                    var value = hexValue(contents, at: index)
                    index += 4
                    if (0xD800...0xDBFF).contains(value) {
                        if index + 6 <= contents.count, contents[index] == UInt8(ascii: "\\"),
                            contents[index + 1] == UInt8(ascii: "u"),
                            case let low = hexValue(contents, at: index + 2), (0xDC00...0xDFFF).contains(low)
                        {
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        } else {
                            value = 0xFFFD  // A high surrogate without its low half.
                        }
                    }
                    UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { append($0) }
                default:
                    append(kind)  // `"`, `\\` and `/` stand for themselves.
                }
            }
            return count
        }
    }

    private static func hexValue(_ bytes: UnsafeRawBufferPointer, at start: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<min(start + 4, bytes.count) {
            value = value << 4 | UInt32(JSONScanner.hexDigitValue(bytes[index]) ?? 0)
        }
        return value
    }
}
