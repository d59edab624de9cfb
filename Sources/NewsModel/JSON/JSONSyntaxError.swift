/// Why a document is not JSON (RFC 8259), and where: `invalid JSON at byte 118: trailing comma`.
///
/// `offset` counts bytes from the start of the document, the first byte being byte 0; it points
/// at the byte that breaks the grammar (the comma of a trailing comma, the start of a bad number,
/// the backslash of a bad escape, the control character inside a string).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the text each kind of truncation was noticed.
    public enum Place: String, Sendable, Hashable {
        case string = "a string"
        case array = "an array"
        case object = "an object"
        case value = "where a value belongs"
    }

    /// What is wrong, worded for a person.
    public enum Cause: Sendable, Hashable, CustomStringConvertible {
        /// The text stops before the value is complete: usually a transfer cut short.
        case truncated(inside: Place)
        /// Nothing but whitespace (or nothing at all).
        case noValue
        /// A comma right before `]` or `}`.
        case trailingComma
        /// A byte where the grammar wants something else; `expected` says what.
        case unexpected(UInt8, expected: String)
        /// Text after the one top-level value.
        case trailingContent(UInt8)
        /// A bare word where a value belongs that is not `true`, `false` or `null`: a misspelling
        /// (`nul`, `True`) or text that is not JSON at all (`not json`); `word` is its start.
        case unexpectedWord(String)
        /// `//` or `/*`: JSON has no comments.
        case comment
        /// A number outside `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        case invalidNumber(text: String, reason: String)
        /// A byte below U+0020 written as is inside a string.
        case controlCharacter(UInt8)
        /// A backslash followed by anything but `" \ / b f n r t u`.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hex digits.
        case invalidUnicodeEscape(String)
        /// The document starts with a UTF-16 or UTF-32 byte-order mark: JSON is exchanged as UTF-8.
        case notUTF8
        /// More than 2 GiB: offsets here are 32-bit, and no answer comes near it.
        case tooLarge

        public var description: String {
            switch self {
            case .truncated(.value): "the text ends where a value belongs (truncated)"
            case .truncated(let place): "the text ends inside \(place.rawValue) (truncated)"
            case .noValue: "no value"
            case .trailingComma: "trailing comma"
            case .unexpected(let byte, let expected): "expected \(expected), found \(Self.name(of: byte))"
            case .trailingContent(let byte): "\(Self.name(of: byte)) after the top-level value"
            case .unexpectedWord(let word):
                "unexpected word \"\(word)\" (JSON's only bare words are true, false and null; text goes in double quotes)"
            case .comment: "comments are not allowed in JSON"
            case .invalidNumber(let text, let reason): "invalid number \(text): \(reason)"
            case .controlCharacter(let byte): "unescaped \(Self.controlName(byte)) in a string"
            case .invalidEscape(let byte): "invalid escape \\\(Self.escapeName(byte))"
            case .invalidUnicodeEscape(let text): "invalid escape \(text) (\\u needs four hex digits)"
            case .notUTF8: "UTF-16 or UTF-32 text (JSON must be UTF-8)"
            case .tooLarge: "larger than 2 GiB"
            }
        }

        /// `'x'` for printable ASCII, `byte 0xNN` for anything else.
        package static func name(of byte: UInt8) -> String {
            if byte > 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return byteText(byte)
        }

        private static func escapeName(_ byte: UInt8) -> String {
            if byte > 0x20, byte < 0x7F { return String(Character(Unicode.Scalar(byte))) }
            return " followed by " + byteText(byte)
        }

        private static func controlName(_ byte: UInt8) -> String {
            switch byte {
            case 0x09: "tab (U+0009)"
            case 0x0A: "line feed (U+000A)"
            case 0x0D: "carriage return (U+000D)"
            case 0x00: "NUL (U+0000)"
            default: "control character U+00" + hex(byte)
            }
        }

        private static func byteText(_ byte: UInt8) -> String { "byte 0x" + hex(byte) }

        private static func hex(_ byte: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }
    }

    /// The offending byte's offset from the start (0 for the first byte).
    public let offset: Int
    /// What is wrong there.
    public let cause: Cause

    /// An error at `offset`.
    public init(offset: Int, cause: Cause) {
        self.offset = offset
        self.cause = cause
    }

    /// True when the text stops inside a value: the transfer was probably cut short.
    public var isTruncated: Bool {
        if case .truncated = cause { return true }
        return false
    }

    /// `invalid JSON at byte N: cause`.
    public var description: String { "invalid JSON at byte \(offset): \(cause)" }
}
