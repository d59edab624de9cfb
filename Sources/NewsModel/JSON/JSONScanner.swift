/// A strict JSON reader over raw bytes, one token at a time, for ``NewsAPIJSONIndex`` and
/// ``JSONDocument``.
///
/// Strict means RFC 8259: anything else throws a ``JSONSyntaxError`` naming the first offending
/// byte. Both readers walk the document in the same order with these same steps, so they find
/// the same first error. Where RFC 8259 leaves the choice to the reader: invalid UTF-8 inside a
/// string is kept and later decoded to U+FFFD (see ``JSONStringSpan``), nesting has no depth limit
/// (nothing here recurses), numbers of any size are accepted.
package struct JSONScanner {
    package static let openBrace = UInt8(ascii: "{")
    static let openBracket = UInt8(ascii: "[")
    static let closeBrace = UInt8(ascii: "}")
    static let closeBracket = UInt8(ascii: "]")
    package static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// What a value starting with a given byte is, before it is read.
    package enum Start {
        case object, array, string, scalar
    }

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    package private(set) var position = 0

    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// A scanner of `bytes` whose next byte to read is at `position` (at most `bytes.count`): for reading a part of
    /// a document from its middle, in the state the caller knows it to be in there.
    package init(_ bytes: UnsafeRawBufferPointer, at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position == bytes.count }

    /// The next byte, without reading it; nil at the end.
    package var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func failure(_ cause: JSONSyntaxError.Cause, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, cause: cause)
    }

    /// `byte` (at the scanner) where the grammar wants `expected`; a comment is named as one.
    private func unexpected(_ byte: UInt8, expected: String) -> JSONSyntaxError {
        failure(startsComment ? .comment : .unexpected(byte, expected: expected))
    }

    /// Whether the scanner is at `//` or `/*`.
    private var startsComment: Bool {
        position + 1 < bytes.count && bytes[position] == UInt8(ascii: "/")
            && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*"))
    }

    /// The bare word at the scanner (ASCII letters, digits, `_`), at most 20 characters and `…`.
    private var word: String {
        var end = position
        while end < bytes.count, end - position < 20, Self.isWordByte(bytes[end]) { end += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
        return end < bytes.count && Self.isWordByte(bytes[end]) ? text + "…" : text
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    // MARK: The document

    /// Reads the start of a document: a UTF-8 byte-order mark is skipped (RFC 8259 allows ignoring
    /// it), UTF-16 and UTF-32 are refused, and the first value must follow.
    package mutating func beginDocument() throws(JSONSyntaxError) {
        guard bytes.count < Int(Int32.max) else { throw failure(.tooLarge, at: 0) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        } else if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw failure(.notUTF8, at: 0)
        } else if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 {
            // UTF-16 or UTF-32 without a mark: `{` or `[` next to a NUL byte.
            throw failure(.notUTF8, at: 0)
        }
        skipWhitespace()
        guard position < bytes.count else { throw failure(.noValue) }
    }

    /// After the top-level value: only whitespace may follow.
    package mutating func endDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        if let byte = next { throw failure(startsComment ? .comment : .trailingContent(byte)) }
    }

    // MARK: Objects and arrays

    /// After optional whitespace, what the next value is; the scanner stays at its first byte.
    package mutating func valueStart() throws(JSONSyntaxError) -> Start {
        skipWhitespace()
        guard let byte = next else { throw failure(.truncated(inside: .value)) }
        switch byte {
        case Self.openBrace: return .object
        case Self.openBracket: return .array
        case Self.quote: return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .scalar
        default:
            if Self.isLetter(byte) { throw failure(.unexpectedWord(word)) }
            throw unexpected(byte, expected: "a value")
        }
    }

    /// Reads the `{` or `[` the scanner is at (see ``valueStart()``).
    package mutating func open() {
        position += 1
    }

    /// After `{`: the next member's key, with the scanner left at its value; nil once `}` is read.
    /// `isFirst` tracks whether a comma is due.
    package mutating func nextKey(isFirst: inout Bool) throws(JSONSyntaxError) -> JSONStringSpan? {
        guard try hasNextMember(closing: Self.closeBrace, isFirst: &isFirst) else { return nil }
        guard let byte = next else { throw failure(.truncated(inside: .object)) }
        guard byte == Self.quote else { throw unexpected(byte, expected: "a string key") }
        let key = try stringSpan()
        skipWhitespace()
        guard let colon = next else { throw failure(.truncated(inside: .object)) }
        guard colon == UInt8(ascii: ":") else { throw unexpected(colon, expected: "':' after a key") }
        position += 1
        skipWhitespace()
        return key
    }

    /// After `[`: true with the scanner at the next element, false once `]` is read.
    package mutating func nextElement(isFirst: inout Bool) throws(JSONSyntaxError) -> Bool {
        try hasNextMember(closing: Self.closeBracket, isFirst: &isFirst)
    }

    private mutating func hasNextMember(closing: UInt8, isFirst: inout Bool) throws(JSONSyntaxError) -> Bool {
        let place: JSONSyntaxError.Place = closing == Self.closeBrace ? .object : .array
        skipWhitespace()
        guard let byte = next else { throw failure(.truncated(inside: place)) }
        if isFirst {
            isFirst = false
            if byte == closing {
                position += 1
                return false
            }
        } else {
            if byte == closing {
                position += 1
                return false
            }
            guard byte == UInt8(ascii: ",") else {
                let expected = place == .object ? "',' or '}' after a member" : "',' or ']' after an element"
                throw unexpected(byte, expected: expected)
            }
            let comma = position
            position += 1
            skipWhitespace()
            if next == closing { throw failure(.trailingComma, at: comma) }
        }
        skipWhitespace()
        return true
    }

    // MARK: Values

    /// Reads any value, as strictly as the rest, at any depth: open containers are kept on a
    /// stack of their own rather than the call stack.
    package mutating func skipValue() throws(JSONSyntaxError) {
        var openObjects: [Bool] = []
        var isFirst = true
        while true {
            switch try valueStart() {
            case .object, .array:
                openObjects.append(next == Self.openBrace)
                open()
                isFirst = true
            case .string: _ = try stringSpan()
            case .scalar: try skipScalar()
            }
            // Close every container that ends here; stop at the next value to read.
            while let isObject = openObjects.last {
                let hasMore =
                    isObject ? try nextKey(isFirst: &isFirst) != nil : try nextElement(isFirst: &isFirst)
                if hasMore { break }
                openObjects.removeLast()
                isFirst = false
            }
            if openObjects.isEmpty { return }
        }
    }

    /// Reads `true`, `false`, `null` or a number (see ``valueStart()``).
    mutating func skipScalar() throws(JSONSyntaxError) {
        switch next {
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }

    /// A string value's span, or ``JSONStringSpan/absent`` after reading a value of any other type.
    package mutating func optionalStringSpan() throws(JSONSyntaxError) -> JSONStringSpan {
        guard next == Self.quote else {
            try skipValue()
            return .absent
        }
        return try stringSpan()
    }

    /// A string value, or nil after reading a value of any other type.
    package mutating func optionalString() throws(JSONSyntaxError) -> String? {
        let span = try optionalStringSpan()
        return span.string(in: bytes)
    }

    /// An integer value, or nil after reading any other value (see ``integer(in:)``).
    package mutating func optionalInteger() throws(JSONSyntaxError) -> Int? {
        guard let byte = next, byte == UInt8(ascii: "-") || Self.isDigit(byte) else {
            try skipValue()
            return nil
        }
        let span = try number()
        return Self.integer(in: UnsafeRawBufferPointer(rebasing: bytes[span]))
    }

    /// The `Int` a number's text spells when it is a plain integer (no fraction, no exponent) in
    /// `Int`'s range; nil otherwise.
    package static func integer(in text: UnsafeRawBufferPointer) -> Int? {
        guard !text.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) else {
            return nil
        }
        return Int(String(decoding: text, as: UTF8.self))
    }

    /// The literal `word` at the scanner.
    package mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        for offset in 0..<count {
            guard position + offset < bytes.count else { throw failure(.truncated(inside: .value)) }
            guard bytes[position + offset] == word.utf8Start[offset] else {
                throw failure(.unexpectedWord(self.word))
            }
        }
        position += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, not followed by anything that
    /// would continue a number (`-01`, `-1.0.`, `1eE2` are refused whole); returns its bytes.
    package mutating func number() throws(JSONSyntaxError) -> Range<Int> {
        let start = position
        func invalid(_ reason: String, including count: Int = 1) -> JSONSyntaxError {
            let end = min(position + count, bytes.count, start + 40)
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return JSONSyntaxError(offset: start, cause: .invalidNumber(text: text, reason: reason))
        }
        if next == UInt8(ascii: "-") { position += 1 }
        guard let first = next else { throw failure(.truncated(inside: .value)) }
        guard Self.isDigit(first) else { throw invalid("no digit after the minus sign") }
        position += 1
        if first == UInt8(ascii: "0") {
            if let byte = next, Self.isDigit(byte) { throw invalid("leading zero") }
        } else {
            skipDigits()
        }
        if next == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw invalid("no digit after the decimal point", including: 0) }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            position += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw invalid("no digit in the exponent", including: 0) }
        }
        if let byte = next,
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        {
            throw invalid("unexpected '\(Character(Unicode.Scalar(byte)))'")
        }
        return start..<position
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

    /// Reads the string at the opening quote, checking escapes and control characters as it goes.
    /// Bytes of 0x80 and above pass unchecked: invalid UTF-8 becomes U+FFFD when decoded.
    mutating func stringSpan() throws(JSONSyntaxError) -> JSONStringSpan {
        position += 1
        let start = position
        var hasEscapes = false
        while true {
            // Runs without quotes, backslashes or control characters are skipped eight bytes at a time, up to the first
            // such byte (found in the word by its mask bit, so no byte before it is read again).
            while position + 8 <= bytes.count {
                let word = ByteWord(bytes, at: position)
                let stops = word.mask(below: 0x20) | word.mask(of: Self.quote) | word.mask(of: Self.backslash)
                if stops != 0 {
                    position += stops.trailingZeroBitCount / 8
                    break
                }
                position += 8
            }
            guard position < bytes.count else { throw failure(.truncated(inside: .string)) }
            let byte = bytes[position]
            if byte == Self.quote {
                let span = JSONStringSpan(start: Int32(start), end: Int32(position), hasEscapes: hasEscapes)
                position += 1
                return span
            } else if byte == Self.backslash {
                hasEscapes = true
                try escape()
            } else if byte < 0x20 {
                throw failure(.controlCharacter(byte))
            } else {
                position += 1
            }
        }
    }

    /// Checks the escape at the backslash. A `\u` escape needs four hex digits; a lone or reversed
    /// surrogate is well formed JSON and decodes to U+FFFD.
    private mutating func escape() throws(JSONSyntaxError) {
        guard position + 1 < bytes.count else { throw failure(.truncated(inside: .string)) }
        switch bytes[position + 1] {
        case Self.quote, Self.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            for index in (position + 2)..<(position + 6) {
                guard index < bytes.count else { throw failure(.truncated(inside: .string)) }
                guard Self.hexDigitValue(bytes[index]) != nil else {
                    let text = String(
                        decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(index + 1)]), as: UTF8.self)
                    throw failure(.invalidUnicodeEscape(text))
                }
            }
            position += 6
        case let kind:
            throw failure(.invalidEscape(kind))
        }
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

    /// Whether the string at `key` is exactly `name` (an ASCII literal, compared byte for byte:
    /// a key with escapes never matches here).
    package func matches(_ key: JSONStringSpan, _ name: StaticString) -> Bool {
        guard !key.hasEscapes, key.length == name.utf8CodeUnitCount else { return false }
        let start = Int(key.start)
        for offset in 0..<key.length where bytes[start + offset] != name.utf8Start[offset] {
            return false
        }
        return true
    }
}
