import NewsModel

/// The characters XML 1.0 allows, and a filter that removes the rest.
///
/// XML 1.0 forbids most C0 controls, U+FFFE and U+FFFF even as character references, so a single
/// stray control character from upstream would make a whole feed unreadable. Lone surrogates
/// cannot occur in a Swift `String`, so they need no handling here.
public enum XMLCharacters {
    /// Whether XML 1.0 allows `scalar` in a document (production `Char`).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `text` without the characters XML 1.0 forbids; the same string when it has none.
    public static func removingForbidden(_ text: String) -> String {
        guard mayContainForbidden(text) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter(isAllowed))
        return String(scalars)
    }

    /// Calls `body` with `text` as a NUL-terminated UTF-8 C string without the forbidden
    /// characters. Clean text (nearly all) is passed in place: Swift's implicit `String`-to-pointer
    /// conversion copies every string, and a feed writes hundreds of thousands of them.
    package static func withAllowedCString<Result>(_ text: String, _ body: (UnsafePointer<UInt8>) -> Result) -> Result {
        let clean = mayContainForbidden(text) ? removingForbidden(text) : text
        return clean.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
    }

    /// A fast byte scan: forbidden characters are either a byte below 0x20 or start with 0xEF in
    /// UTF-8 (U+FFFE is EF BF BE, U+FFFF is EF BF BF). Most text has neither, so it is not rebuilt;
    /// eight bytes are checked at a time until one of them needs a closer look.
    private static func mayContainForbidden(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(mayContainForbidden)
    }

    /// ``mayContainForbidden(_:)`` for UTF-8 bytes.
    package static func mayContainForbidden(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while index + 8 <= bytes.count {
            let word = TextWord(raw, at: index)
            if word.hasByte(below: 0x20) || word.hasByte(0xEF) { break }
            index += 8
        }
        return bytes[index...].contains { byte in
            (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0xEF
        }
    }
}
