import Foundation

/// A strict RFC 8259 syntax check with the place of the first problem, for hand-edited
/// files: trailing commas, comments, single quotes, bare words, leading zeros, control
/// characters in strings and text after the value are errors (Foundation's decoder lets some through).
enum StrictJSONSyntax {
    /// Where the syntax breaks: 1-based line and column (in characters), and what is wrong.
    struct Problem: Sendable, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The first syntax problem in `data`, or nil when it is one valid JSON text.
    static func firstProblem(in data: Data) -> Problem? {
        let bytes = [UInt8](data)
        var scanner = Scanner(bytes: bytes)
        do {
            try scanner.document()
            return nil
        } catch {
            return locate(error, in: bytes)
        }
    }

    private struct Failure: Error {
        var offset: Int
        var message: String
    }

    private static func locate(_ failure: Failure, in bytes: [UInt8]) -> Problem {
        var line = 1
        var column = 1
        for byte in bytes[..<min(failure.offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Problem(line: line, column: column, message: failure.message)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        static let maxDepth = 512

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func document() throws(Failure) {
            // RFC 8259 lets a parser ignore a leading byte order mark.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            skipWhitespace()
            try value()
            skipWhitespace()
            if current != nil { throw fail("unexpected \(describe(current)) after the end of the JSON value") }
        }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        func fail(_ message: String) -> Failure { Failure(offset: index, message: message) }

        func describe(_ byte: UInt8?) -> String {
            guard let byte else { return "end of file" }
            switch byte {
            case 0x2F: return "\"/\" (JSON has no comments)"
            case 0x27: return "\"'\" (JSON strings take double quotes)"
            case 0x21...0x7E: return "\"\(String(UnicodeScalar(byte)))\""
            default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
            }
        }

        mutating func value() throws(Failure) {
            guard let byte = current else { throw fail("expected a value, found end of file") }
            switch byte {
            case 0x7B: try container(close: 0x7D, isObject: true)
            case 0x5B: try container(close: 0x5D, isObject: false)
            case 0x22: try string()
            case 0x2D, 0x30...0x39: try number()
            case 0x74: try literal("true")
            case 0x66: try literal("false")
            case 0x6E: try literal("null")
            default: throw fail("expected a value, found \(describe(current))")
            }
        }

        mutating func container(close: UInt8, isObject: Bool) throws(Failure) {
            depth += 1
            if depth > Self.maxDepth { throw fail("nested more than \(Self.maxDepth) levels deep") }
            let closeText = isObject ? "\"}\"" : "\"]\""
            index += 1
            skipWhitespace()
            if current == close {
                index += 1
                depth -= 1
                return
            }
            while true {
                if isObject {
                    guard current == 0x22 else {
                        throw fail("expected a key in double quotes, found \(describe(current))")
                    }
                    try string()
                    skipWhitespace()
                    guard current == 0x3A else {
                        throw fail("expected \":\" after the key, found \(describe(current))")
                    }
                    index += 1
                    skipWhitespace()
                }
                try value()
                skipWhitespace()
                if current == close {
                    index += 1
                    depth -= 1
                    return
                }
                guard current == 0x2C else {
                    throw fail("expected \",\" or \(closeText), found \(describe(current))")
                }
                let comma = index
                index += 1
                skipWhitespace()
                if current == close {
                    index = comma
                    throw fail("a trailing comma before \(closeText)")
                }
            }
        }

        mutating func string() throws(Failure) {
            let start = index
            index += 1
            while let byte = current {
                switch byte {
                case 0x22:
                    index += 1
                    return
                case 0x5C:
                    index += 1
                    switch current {
                    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: index += 1
                    case 0x75:
                        index += 1
                        for _ in 0..<4 {
                            guard let hex = current,
                                (0x30...0x39).contains(hex) || (0x41...0x46).contains(hex)
                                    || (0x61...0x66).contains(hex)
                            else { throw fail("\\u needs four hex digits") }
                            index += 1
                        }
                    default: throw fail("unknown escape \\\(describe(current))")
                    }
                case 0x00..<0x20:
                    throw fail("a control character inside a string (write it as an escape, e.g. \\n)")
                default: index += 1
                }
            }
            index = start
            throw fail("a string that never ends")
        }

        mutating func number() throws(Failure) {
            if current == 0x2D { index += 1 }
            guard let first = current, (0x30...0x39).contains(first) else { throw fail("a number needs digits") }
            index += 1
            if first == 0x30, let next = current, (0x30...0x39).contains(next) {
                throw fail("a number with a leading zero")
            }
            digits()
            if current == 0x2E {
                index += 1
                guard digits() > 0 else { throw fail("a number needs digits after \".\"") }
            }
            if current == 0x65 || current == 0x45 {
                index += 1
                if current == 0x2B || current == 0x2D { index += 1 }
                guard digits() > 0 else { throw fail("a number needs digits in its exponent") }
            }
        }

        @discardableResult
        mutating func digits() -> Int {
            var count = 0
            while let byte = current, (0x30...0x39).contains(byte) {
                index += 1
                count += 1
            }
            return count
        }

        mutating func literal(_ word: String) throws(Failure) {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
            else { throw fail("expected a value, found \(describe(current))") }
            index += expected.count
        }
    }
}
