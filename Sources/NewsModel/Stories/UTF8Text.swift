import Foundation

/// Byte-level helpers for the text rules, which work on UTF-8 because `Character` and Foundation
/// string operations dominated converting big responses.
///
/// The rules were written with `Character` semantics (grapheme clusters, canonical equivalence).
/// Byte-level code gives the same answers only where each byte it inspects belongs to a
/// `Character` boundary it can prove; ``isProvenBoundary(at:in:)`` proves the common cases
/// cheaply and says false otherwise, and the callers then fall back to the `Character` code.
public enum UTF8Text {
    /// Whether `word`'s bytes occur in `text`'s, wherever they are (a class name's part, a phrase in lowercased
    /// text). The C library's `memchr` finds each place the word's first byte occurs and `memcmp` checks the rest:
    /// Foundation's `contains` goes through CFString, which cost more than the rest of an extraction's scoring.
    package static func containsBytes(_ text: String, _ word: String) -> Bool {
        eachPlace(of: word, in: text) { _, _ in true }
    }

    /// `text.contains(word)` for an ASCII `word` with no character that another is canonically equivalent to
    /// (letters in lower case, digits, `.`, `/`, `:`, `=`, space), searched on the bytes: namespace and attribute
    /// checks run per element, and `contains` compares `Character`s. A match with ASCII on both sides is a match of
    /// whole `Character`s; one beside a non-ASCII byte (a combining mark may join the match's last letter) is
    /// decided by `contains` itself.
    package static func contains(_ text: String, _ word: String) -> Bool {
        guard !word.isEmpty else { return true }
        var besideNonASCII = false
        let found = eachPlace(of: word, in: text) { bytes, place in
            let before = place.lowerBound == 0 || bytes[place.lowerBound - 1] < 0x80
            let after = place.upperBound == bytes.count || bytes[place.upperBound] < 0x80
            if before, after { return true }
            besideNonASCII = true
            return false
        }
        return found || (besideNonASCII && text.contains(word))
    }

    /// Calls `accept` with each place `word`'s bytes occur in `text`'s, in order, until it says true; whether one
    /// did. An empty word occurs nowhere.
    private static func eachPlace(
        of word: String, in text: String, _ accept: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Bool
    ) -> Bool {
        var text = text
        var word = word
        return text.withUTF8 { haystack in
            word.withUTF8 { needle in
                guard let start = haystack.baseAddress, let wanted = needle.baseAddress, !needle.isEmpty,
                    needle.count <= haystack.count
                else { return false }
                let first = Int32(needle[0])
                let last = haystack.count - needle.count
                var offset = 0
                while offset <= last {
                    guard let found = memchr(start + offset, first, last - offset + 1) else { return false }
                    let position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - start
                    if memcmp(start + position, wanted, needle.count) == 0,
                        accept(haystack, position..<position + needle.count)
                    {
                        return true
                    }
                    offset = position + 1
                }
                return false
            }
        }
    }

    /// Whether `byte` continues a multi-byte sequence (`10xxxxxx`).
    @inlinable public static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }

    /// Whether the bytes of `input` from `start` on begin with `prefix`'s, compared byte by byte (no view of either
    /// is made).
    package static func hasPrefix(_ input: UnsafeBufferPointer<UInt8>, at start: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard start + count <= input.count else { return false }
        return (0..<count).allSatisfy { input[start + $0] == prefix.utf8Start[$0] }
    }

    /// ASCII `A`–`Z` mapped to `a`–`z`, everything else unchanged.
    @inlinable public static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }

    /// Tab, line feed, vertical tab, form feed, carriage return or space: Unicode's White_Space in ASCII.
    @inlinable public static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Whether `scalar` has Unicode's White_Space property (`scalar.properties.isWhitespace`), written out: the
    /// property tables' lookup, for every non-ASCII scalar of every text cleaned, was a twelfth of reading a feed.
    /// The list is White_Space's, unchanged since Unicode 6.3.
    @inlinable @inline(__always)
    public static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong form, no surrogate, nothing past
    /// U+10FFFF, no sequence cut short), what `String(validating:as:)` accepts, without making the string: checking
    /// a 3 MB feed that way copied it whole. ASCII is checked eight bytes at a time.
    /// `text.trimmingCharacters(in: .whitespacesAndNewlines)`, without Foundation's bridge when neither end is in
    /// that set (Unicode's White_Space and, in Foundation's, U+200B ZERO WIDTH SPACE), as for nearly every link, date
    /// and id of a feed: the bridge and its substring were a twentieth of making a feed's stories.
    package static func trimmingWhiteSpace(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            isWhiteSpace(first) || isWhiteSpace(last) || first == "\u{200B}" || last == "\u{200B}"
        else { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            if index + 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return false }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// The scalar whose first byte is at `index` in valid UTF-8, and how many bytes it takes.
    @inlinable public static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
        Unicode.Scalar, length: Int
    ) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<min(length, bytes.count - index) {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The scalar that ends just before `end` in valid UTF-8, and where it starts.
    package static func scalar(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, start: Int) {
        var start = end - 1
        while start > 0, isContinuation(bytes[start]) { start -= 1 }
        return (scalar(at: start, in: bytes).0, start)
    }

    /// Scalars that may glue themselves to the next one (Grapheme_Cluster_Break=Prepend, such as
    /// U+0600 ARABIC NUMBER SIGN), over-approximated by the blocks they live in.
    package static func mayPrependNext(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x08FF, 0x0D4E, 0x11000...0x11FFF: true
        default: false
        }
    }

    /// Scalars that never attach to the scalar before them (no combining mark, joiner, jamo or
    /// regional indicator): ASCII other than a line feed (which joins a carriage return), and the
    /// punctuation from U+2010 to U+2027 (dashes, quotes, bullets, the ellipsis).
    package static func neverExtendsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x80, 0x2010...0x2027: true
        default: false
        }
    }

    /// True when a `Character` provably begins at `index` (or `index` is an end); false when it
    /// does not or when proving it would need the full grapheme rules.
    package static func isProvenBoundary(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index > 0, index < bytes.count else { return true }
        guard neverExtendsPrevious(scalar(at: index, in: bytes).0) else { return false }
        return !mayPrependNext(scalar(before: index, in: bytes).0)
    }
}
