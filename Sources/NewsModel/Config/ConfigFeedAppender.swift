import Foundation

/// Appends entries to the top-level `feeds` array of a config's text, changing nothing else in it: the other keys,
/// their order, the spacing and the entries already there stay byte for byte (`newsfeed import`).
package enum ConfigFeedAppender {
    /// Why the text could not be edited (the config loader has checked it first, so these are rare).
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// `text` with `entries` (each one JSON object, as text) after the last entry of `feeds`, in the indentation
    /// the array already uses; a config without `feeds` gets the array as its last key.
    package static func appending(_ entries: [String], to text: String) throws(Failure) -> String {
        guard !entries.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{") else { throw Failure(description: "the config is not a JSON object") }
        let open = scanner.index
        scanner.index += 1
        var feeds: Range<Int>?
        var close: Int?
        while close == nil {
            scanner.skipSpace()
            guard let byte = scanner.peek else { throw Failure(description: "the config's object is not closed") }
            if byte == UInt8(ascii: "}") {
                close = scanner.index
                break
            }
            if byte == UInt8(ascii: ",") {
                scanner.index += 1
                continue
            }
            let keyStart = scanner.index
            try scanner.skipValue()
            let key = bytes[keyStart..<scanner.index]
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: ":") else { throw Failure(description: "a key without a value") }
            scanner.index += 1
            scanner.skipSpace()
            let valueStart = scanner.index
            try scanner.skipValue()
            if Array(key) == Array("\"feeds\"".utf8) { feeds = valueStart..<scanner.index }
        }
        guard let close else { throw Failure(description: "the config's object is not closed") }
        var result = bytes
        if let feeds {
            guard bytes[feeds.lowerBound] == UInt8(ascii: "[") else {
                throw Failure(description: "\"feeds\" is not an array")
            }
            let end = feeds.upperBound - 1  // the `]`
            let inner = bytes[(feeds.lowerBound + 1)..<end]
            if inner.allSatisfy(Scanner.isSpace) {
                let outer = indentation(ofLineAt: feeds.lowerBound, in: bytes)
                let item = outer + "  "
                let block = "[\n" + entries.map { item + $0 }.joined(separator: ",\n") + "\n" + outer + "]"
                result.replaceSubrange(feeds, with: Array(block.utf8))
            } else {
                let lead = inner.prefix(while: Scanner.isSpace)
                let separator: String
                if let newline = lead.lastIndex(of: 0x0A) {
                    separator = ",\n" + String(decoding: bytes[(newline + 1)..<lead.endIndex], as: UTF8.self)
                } else {
                    separator = ", "
                }
                let last = (feeds.lowerBound..<end).last { !Scanner.isSpace(bytes[$0]) } ?? feeds.lowerBound
                result.insert(contentsOf: Array(entries.map { separator + $0 }.joined().utf8), at: last + 1)
            }
        } else {
            let last = (open..<close).last { !Scanner.isSpace(bytes[$0]) } ?? open
            let lead = bytes[(open + 1)..<close].prefix(while: Scanner.isSpace)
            let key =
                lead.lastIndex(of: 0x0A).map { String(decoding: bytes[($0 + 1)..<lead.endIndex], as: UTF8.self) }
                ?? "  "
            let array =
                "\"feeds\": [\n" + entries.map { key + "  " + $0 }.joined(separator: ",\n") + "\n" + key + "]"
            if last == open {
                result.replaceSubrange((open + 1)..<close, with: Array(("\n" + key + array + "\n").utf8))
            } else {
                result.insert(contentsOf: Array((",\n" + key + array).utf8), at: last + 1)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The spaces and tabs that start the line holding `index`.
    private static func indentation(ofLineAt index: Int, in bytes: [UInt8]) -> String {
        let start = bytes[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let lead = bytes[start..<index].prefix { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: lead, as: UTF8.self)
    }

    /// Walks JSON text value by value, strings and nesting respected.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

        mutating func skipSpace() {
            while let byte = peek, Self.isSpace(byte) { index += 1 }
        }

        /// Moves past one value (a string, an object or array with everything in it, or a bare literal).
        mutating func skipValue() throws(Failure) {
            guard let first = peek else { throw Failure(description: "a value is missing at the end") }
            if first == UInt8(ascii: "\"") {
                try skipString()
                return
            }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                var depth = 0
                while let byte = peek {
                    switch byte {
                    case UInt8(ascii: "\""):
                        try skipString()
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return
                        }
                    default: break
                    }
                    index += 1
                }
                throw Failure(description: "an object or array is not closed")
            }
            while let byte = peek, !Self.isSpace(byte),
                ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")]
                    .contains(byte)
            {
                index += 1
            }
        }

        private mutating func skipString() throws(Failure) {
            index += 1
            while let byte = peek {
                index += 1
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    return
                }
            }
            throw Failure(description: "a string is not closed")
        }
    }
}
