import Foundation

/// JSON text built on UTF-8 bytes, strings escaped per RFC 8259: the one JSON writer of the package (the JSON Feed,
/// `/healthz`, `extract --format json`).
package struct JSONText {
    private var bytes: [UInt8] = []

    package init() {}

    /// `text` as one JSON string literal; with `escapingMarkup`, `<`, `>` and `&` as `\u003c`, `\u003e` and
    /// `\u0026` too, so the line is safe to embed in a page.
    package static func quoted(_ text: String, escapingMarkup: Bool = false) -> String {
        var json = JSONText()
        json.string(text, escapingMarkup: escapingMarkup)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    package mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    package mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `"key": "value",` and a line break, indented by `indent` levels of two spaces.
    package mutating func member(_ key: StaticString, _ value: String, indent: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        bytes.append(UInt8(ascii: "\""))
        raw(key)
        raw("\": ")
        string(value)
        raw(",\n")
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped, and U+2028 and
    /// U+2029 too, so the text is also safe inside a script; with `escapingMarkup`, `<`, `>` and `&` too.
    package mutating func string(_ value: String, escapingMarkup: Bool = false) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.reserveCapacity(bytes.count + utf8.count + 2)
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            let raw = UnsafeRawBufferPointer(utf8)
            while index < utf8.count {
                // Eight bytes at a time past what needs no escape: no control character, quote, backslash, DEL,
                // lead byte of U+2028/U+2029 (E2) or, when asked, markup.
                if index + 8 <= utf8.count {
                    let word = ByteWord(raw, at: index)
                    if !word.hasByte(below: 0x20), !word.hasByte(0x22), !word.hasByte(0x5C), !word.hasByte(0x7F),
                        !word.hasByte(0xE2),
                        !escapingMarkup || (!word.hasByte(0x3C) && !word.hasByte(0x3E) && !word.hasByte(0x26))
                    {
                        index += 8
                        continue
                    }
                }
                let byte = utf8[index]
                // The escape, written straight into the bytes: an HTML value has a `\u003c` for every `<`, and
                // making each escape a string of its own was most of writing a JSON Feed.
                var escape: (first: UInt8, second: UInt8)?
                var unicode: UInt32?
                var width = 1
                switch byte {
                case 0x22: escape = (0x5C, 0x22)
                case 0x5C: escape = (0x5C, 0x5C)
                case 0x0A: escape = (0x5C, UInt8(ascii: "n"))
                case 0x0D: escape = (0x5C, UInt8(ascii: "r"))
                case 0x09: escape = (0x5C, UInt8(ascii: "t"))
                case 0..<0x20, 0x7F: unicode = UInt32(byte)
                case 0x3C where escapingMarkup, 0x3E where escapingMarkup, 0x26 where escapingMarkup:
                    unicode = UInt32(byte)
                case 0xE2
                where index + 2 < utf8.count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    unicode = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
                    width = 3
                default: break
                }
                guard escape != nil || unicode != nil else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                if let (first, second) = escape {
                    bytes.append(first)
                    bytes.append(second)
                } else if let unicode {
                    Self.appendUnicodeEscape(unicode, to: &bytes)
                }
                index += width
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// `\u` and four lowercase hex digits of `value` (below U+10000).
    private static func appendUnicodeEscape(_ value: UInt32, to bytes: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        bytes.append(0x5C)
        bytes.append(UInt8(ascii: "u"))
        digits.withUTF8Buffer { hex in
            for shift in stride(from: 12, through: 0, by: -4) {
                bytes.append(hex[Int((value >> UInt32(shift)) & 0xF)])
            }
        }
    }

    /// How ``value(_:style:)`` lays a value out.
    package enum Style: Sendable {
        /// One line, members in the order given: `{"status":"ok","feeds":3}` (`/healthz`).
        case compact
        /// Two-space indentation, members sorted by key, `"key" : value`, empty arrays and objects as `[]` and
        /// `{}` — the layout `status --json` has always printed, so scripts reading it see no change.
        case pretty
    }

    /// `value` in `style`, starting at the current column; with `escapingMarkup`, every string's `<`, `>` and `&`
    /// are escaped too (see ``string(_:escapingMarkup:)``).
    package mutating func value(_ value: JSONOutput, style: Style, escapingMarkup: Bool = false) {
        write(value, style: style, markup: escapingMarkup, depth: 0)
    }

    private mutating func write(_ value: JSONOutput, style: Style, markup: Bool, depth: Int) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .int(let number): raw(String(number))
        case .string(let text): string(text, escapingMarkup: markup)
        case .array(let elements):
            guard !elements.isEmpty else { return raw("[]") }
            raw("[")
            for (offset, element) in elements.enumerated() {
                if offset > 0 { raw(",") }
                newline(style, depth: depth + 1)
                write(element, style: style, markup: markup, depth: depth + 1)
            }
            newline(style, depth: depth)
            raw("]")
        case .object(let members):
            guard !members.isEmpty else { return raw("{}") }
            let ordered = style == .pretty ? members.sorted { $0.0 < $1.0 } : members
            raw("{")
            for (offset, member) in ordered.enumerated() {
                if offset > 0 { raw(",") }
                newline(style, depth: depth + 1)
                string(member.0, escapingMarkup: markup)
                raw(style == .pretty ? " : " : ":")
                write(member.1, style: style, markup: markup, depth: depth + 1)
            }
            newline(style, depth: depth)
            raw("}")
        }
    }

    private mutating func newline(_ style: Style, depth: Int) {
        guard style == .pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// The bytes so far, handed over and forgotten.
    package mutating func take() -> Data {
        defer { bytes.removeAll(keepingCapacity: true) }
        return Data(bytes)
    }
}
