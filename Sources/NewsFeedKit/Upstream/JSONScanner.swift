/// A strict JSON reader over raw bytes, one token at a time, for ``NewsAPIJSONIndex``.
///
/// Strict means RFC 8259 and nothing more; anything it does not take for certain (a trailing
/// comma, a lone surrogate, invalid UTF-8, deep nesting) throws ``Declined`` so that the whole
/// document goes to `JSONDecoder` instead, which then decides (and words any error).
struct JSONScanner {
    /// The document is not plain JSON this scanner vouches for.
    struct Declined: Error {}

    static let openBrace = UInt8(ascii: "{")
    static let openBracket = UInt8(ascii: "[")
    private static let closeBrace = UInt8(ascii: "}")
    private static let closeBracket = UInt8(ascii: "]")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    /// Deeper nesting than NewsAPI ever sends is left to `JSONDecoder` (and keeps recursion bounded).
    private static let maximumDepth = 64

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position == bytes.count }

    /// The next byte, without reading it; nil at the end.
    var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Reads `byte` after optional whitespace.
    mutating func expect(_ byte: UInt8) throws(Declined) {
        skipWhitespace()
        guard next == byte else { throw Declined() }
        position += 1
    }

    /// Whether the string at `key` is exactly `name` (an ASCII literal).
    func matches(_ key: JSONStringSpan, _ name: StaticString) -> Bool {
        guard !key.hasEscapes, key.length == name.utf8CodeUnitCount else { return false }
        let start = Int(key.start)
        for offset in 0..<key.length where bytes[start + offset] != name.utf8Start[offset] {
            return false
        }
        return true
    }

    // MARK: Objects and arrays

    /// After `{` (see ``expect(_:)``): the next member's key, with the scanner left at its value;
    /// nil once `}` is read. `isFirst` tracks whether a comma is due. A key with escapes declines,
    /// since it may spell a field name differently.
    mutating func nextKey(isFirst: inout Bool) throws(Declined) -> JSONStringSpan? {
        guard try hasNextMember(closing: Self.closeBrace, isFirst: &isFirst) else { return nil }
        guard next == Self.quote else { throw Declined() }
        let key = try stringSpan()
        guard !key.hasEscapes else { throw Declined() }
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// After `[`: true with the scanner at the next element, false once `]` is read.
    mutating func nextElement(isFirst: inout Bool) throws(Declined) -> Bool {
        try hasNextMember(closing: Self.closeBracket, isFirst: &isFirst)
    }

    private mutating func hasNextMember(closing: UInt8, isFirst: inout Bool) throws(Declined) -> Bool {
        skipWhitespace()
        if isFirst {
            isFirst = false
            if next == closing {
                position += 1
                return false
            }
        } else {
            guard let byte = next else { throw Declined() }
            position += 1
            if byte == closing { return false }
            guard byte == UInt8(ascii: ",") else { throw Declined() }
            // `[1,]` and `{"a":1,}`: JSONDecoder tolerates them; not ours to judge.
            skipWhitespace()
            if next == closing { throw Declined() }
        }
        skipWhitespace()
        return true
    }

    // MARK: Values

    /// Reads any value, checking it as strictly as the rest.
    mutating func skipValue() throws(Declined) {
        skipWhitespace()
        guard let byte = next else { throw Declined() }
        switch byte {
        case Self.quote:
            _ = try stringSpan()
        case Self.openBrace, Self.openBracket:
            depth += 1
            guard depth <= Self.maximumDepth else { throw Declined() }
            position += 1
            var isFirst = true
            if byte == Self.openBrace {
                while try nextKey(isFirst: &isFirst) != nil { try skipValue() }
            } else {
                while try nextElement(isFirst: &isFirst) { try skipValue() }
            }
            depth -= 1
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }

    /// A string value's span, or ``JSONStringSpan/absent`` after reading a value of any other type.
    mutating func optionalStringSpan() throws(Declined) -> JSONStringSpan {
        guard next == Self.quote else {
            try skipValue()
            return .absent
        }
        return try stringSpan()
    }

    /// A string value, or nil after reading a value of any other type.
    mutating func optionalString() throws(Declined) -> String? {
        let span = try optionalStringSpan()
        return span.string(in: bytes)
    }

    /// An integer value, or nil after reading a value that is not a number. A number with a
    /// fraction or exponent, or beyond `Int`, declines: `JSONDecoder` has its own rules for those.
    mutating func optionalInteger() throws(Declined) -> Int? {
        guard let byte = next, byte == UInt8(ascii: "-") || Self.isDigit(byte) else {
            try skipValue()
            return nil
        }
        let (start, isInteger) = try number()
        guard isInteger else { throw Declined() }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Int(text) else { throw Declined() }
        return value
    }

    private mutating func literal(_ word: StaticString) throws(Declined) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw Declined() }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw Declined()
        }
        position += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; returns where it started and
    /// whether it is a plain integer.
    private mutating func number() throws(Declined) -> (start: Int, isInteger: Bool) {
        let start = position
        if next == UInt8(ascii: "-") { position += 1 }
        guard let first = next, Self.isDigit(first) else { throw Declined() }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var isInteger = true
        if next == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { throw Declined() }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw Declined() }
        }
        return (start, isInteger)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = next, Self.isDigit(byte) { position += 1 }
        return position - start
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    /// Reads the string at the opening quote, checking escapes and UTF-8 as it goes.
    private mutating func stringSpan() throws(Declined) -> JSONStringSpan {
        position += 1
        let start = position
        var hasEscapes = false
        while position < bytes.count {
            // Runs of plain ASCII are skipped eight bytes at a time.
            while position + 8 <= bytes.count {
                let word = ByteWord(bytes, at: position)
                if word.hasNonASCII || word.hasByte(below: 0x20) || word.hasByte(Self.quote)
                    || word.hasByte(Self.backslash)
                {
                    break
                }
                position += 8
            }
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte >= 0x20, byte < 0x80, byte != Self.quote, byte != Self.backslash {
                position += 1
            } else if byte == Self.quote {
                let span = JSONStringSpan(start: Int32(start), end: Int32(position), hasEscapes: hasEscapes)
                position += 1
                return span
            } else if byte == Self.backslash {
                hasEscapes = true
                try escape()
            } else if byte >= 0x80 {
                try utf8Sequence(leading: byte)
            } else {
                throw Declined()  // A raw control character: JSONDecoder drops the field.
            }
        }
        throw Declined()
    }

    /// Checks the escape at the backslash; a lone or reversed surrogate declines.
    private mutating func escape() throws(Declined) {
        guard position + 1 < bytes.count else { throw Declined() }
        let kind = bytes[position + 1]
        switch kind {
        case Self.quote, Self.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let value = try unicodeEscape(at: position)
            if (0xDC00...0xDFFF).contains(value) { throw Declined() }
            if (0xD800...0xDBFF).contains(value) {
                guard position + 12 <= bytes.count, bytes[position + 6] == Self.backslash,
                    bytes[position + 7] == UInt8(ascii: "u"),
                    try (0xDC00...0xDFFF).contains(unicodeEscape(at: position + 6))
                else { throw Declined() }
                position += 12
            } else {
                position += 6
            }
        default:
            throw Declined()
        }
    }

    /// The value of the `\u` escape (four hex digits) whose backslash is at `start`.
    private func unicodeEscape(at start: Int) throws(Declined) -> UInt32 {
        guard start + 6 <= bytes.count else { throw Declined() }
        var value: UInt32 = 0
        for index in (start + 2)..<(start + 6) {
            guard let digit = Self.hexDigitValue(bytes[index]) else { throw Declined() }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence (no overlong forms, surrogates or values past U+10FFFF).
    private mutating func utf8Sequence(leading: UInt8) throws(Declined) {
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch leading {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw Declined()
        }
        guard position + length <= bytes.count, secondRange.contains(bytes[position + 1]) else { throw Declined() }
        for index in (position + 2)..<(position + length) where bytes[index] & 0xC0 != 0x80 {
            throw Declined()
        }
        position += length
    }

    /// 0–15 for an ASCII hex digit.
    static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
