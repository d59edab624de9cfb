import NewsModel

/// Whitespace as HTML renders it, worked out on the UTF-8 bytes: collapsing, blank tests and
/// counting ran for every text node of every pass, and going scalar by scalar (or building a
/// collapsed string only to ask whether it was empty) was a large share of the extraction.
///
/// Two definitions are in use and kept apart on purpose, as the output depends on them:
/// ``isSpace(_:)`` is Unicode's White_Space (lengths, ``hasContent(_:)``); ``spaceWidth(_:at:)``
/// is what ``collapse(_:)`` and ``isBlank(_:)`` treat as a space (no U+0085 or U+1680).
enum TextWhitespace {
    /// Whether `scalar` is whitespace: Unicode's White_Space property (no-break space included),
    /// written out, because looking it up in the property tables for every non-ASCII letter was
    /// a tenth of all the work of extracting a page.
    @inline(__always)
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        UTF8Text.isWhiteSpace(scalar)
    }

    /// ``isSpace(_:)`` for the scalar whose first byte, `byte`, is at `index` of valid UTF-8 `bytes`.
    @inline(__always)
    static func isSpace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, byte: UInt8) -> Bool {
        if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let count = bytes.count
        switch byte {
        case 0xC2:
            // U+0085, U+00A0
            return index + 1 < count && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0)
        case 0xE1:
            // U+1680
            return index + 2 < count && bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80
        case 0xE2:
            guard index + 2 < count else { return false }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            // U+2000–U+200A, U+2028, U+2029, U+202F; U+205F
            if second == 0x80 { return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF }
            return second == 0x81 && third == 0x9F
        case 0xE3:
            // U+3000
            return index + 2 < count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80
        default:
            return false
        }
    }

    /// `text.count`, without finding grapheme boundaries when there are none to find: in ASCII
    /// text without a carriage return every byte is one Character.
    static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) ? text.utf8.count : text.count
    }

    /// Whether `text` has anything but whitespace (``isSpace(_:)``'s).
    static func hasContent(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if !isSpace(bytes, at: index, byte: byte) { return true }
                // Every space is one byte (ASCII) or a lead byte of two or three.
                index += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : 3
            }
            return false
        }
    }

    /// Whether ``collapse(_:)`` would make `text` empty, without making the collapsed string.
    static func isBlank(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let width = spaceWidth(bytes, at: index)
                if width == 0 { return false }
                index += width
            }
            return true
        }
    }

    /// Runs of whitespace as one space, trimmed; on the UTF-8 bytes (appending scalar by scalar to
    /// a String was most of the cost of writing a big article). Text that is already collapsed
    /// (most text nodes and attribute values) comes back as it is, without a new string.
    static func collapse(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            if isCollapsed(bytes) { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var pendingSpace = false
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                let width = spaceWidth(bytes, at: index)
                if width > 0 {
                    pendingSpace = !output.isEmpty
                    index += width
                    continue
                }
                if pendingSpace {
                    output.append(0x20)
                    pendingSpace = false
                }
                output.append(byte)
                index += 1
            }
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// Whether ``collapse(_:)`` would return `bytes` unchanged: no whitespace at either end, and
    /// every run of it a single ASCII space.
    private static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Treated as after a space at the start, so leading whitespace is a change.
        var afterSpace = true
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte > 0x20, byte < 0x80 {
                afterSpace = false
                index += 1
                continue
            }
            let width = spaceWidth(bytes, at: index)
            if width == 0 {
                afterSpace = false
                index += 1
                continue
            }
            if byte != 0x20 || afterSpace { return false }
            afterSpace = true
            index += 1
        }
        return !afterSpace || count == 0
    }

    /// The length of the whitespace character starting at `index` (ASCII, no-break space, the
    /// Unicode spaces U+2000–U+200A, U+2028/2029, U+202F, U+205F, U+3000), or 0.
    @inline(__always)
    static func spaceWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) ? 1 : 0 }
        let count = bytes.count
        if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0xA0 { return 2 }
        if byte == 0xE2, index + 2 < count {
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            if second == 0x80, third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF { return 3 }
            if second == 0x81, third == 0x9F { return 3 }
        }
        if byte == 0xE3, index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return 3 }
        return 0
    }
}
