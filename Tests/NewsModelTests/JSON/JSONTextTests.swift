import Foundation
import NewsModel
import Testing

/// The one JSON writer: every string it quotes reads back unchanged, and nothing that would end a script or a page
/// is left raw where that is asked for.
@Suite struct JSONTextTests {
    static let samples = [
        "", "plain", "quote \" and backslash \\", "lines\nand\r\ttabs", "\u{0}\u{1}\u{1F}\u{7F}", "é 日本 🙂",
        "line\u{2028}and\u{2029}paragraph", "</script><b>&amp;</b>",
    ]

    @Test(arguments: samples)
    func aQuotedStringReadsBackUnchanged(text: String) throws {
        for escapingMarkup in [false, true] {
            let literal = JSONText.quoted(text, escapingMarkup: escapingMarkup)
            let read = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(read == [text])
            #expect(!literal.contains("\u{2028}") && !literal.contains("\u{7F}"))
            #expect(literal.unicodeScalars.dropFirst().dropLast().allSatisfy { $0.value >= 0x20 })
        }
    }

    @Test func markupIsEscapedOnlyWhenAsked() {
        #expect(JSONText.quoted("<a&b>") == #""<a&b>""#)
        #expect(JSONText.quoted("<a&b>", escapingMarkup: true) == #""\u003ca\u0026b\u003e""#)
        #expect(JSONText.quoted("\"\\\n\u{1}") == #""\"\\\n\u0001""#)
    }

    /// Whatever lies before and after it, an escape is found at any offset from the eight-byte words the writer
    /// skips through, among ASCII and other scalars alike.
    @Test func escapesAreFoundAtEveryOffset() {
        let specials = ["\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{2028}", "\u{2029}", "<", ">", "&", "\r", "\t"]
        let fillers = ["abcdefghijklmnopqrst", "жжжжжжжжжж", "“—”…“—”", "東京都渋谷区東京都"]
        for filler in fillers {
            for special in specials {
                for offset in 0..<12 {
                    let text = String(filler.prefix(offset)) + special + filler + special
                    for escapingMarkup in [false, true] {
                        #expect(
                            JSONText.quoted(text, escapingMarkup: escapingMarkup)
                                == Self.reference(text, escapingMarkup: escapingMarkup), "\(text.debugDescription)")
                    }
                }
            }
        }
    }

    /// The escapes, scalar by scalar.
    static func reference(_ text: String, escapingMarkup: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where escapingMarkup, ">" where escapingMarkup, "&" where escapingMarkup,
                "\u{2028}", "\u{2029}", "\u{7F}":
                out += String(format: "\\u%04x", scalar.value)
            default:
                out += scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }
        }
        return out + "\""
    }

    /// Every escape, byte for byte as written before the escapes went straight into the bytes.
    @Test func everyEscapeIsWrittenExactly() {
        #expect(JSONText.quoted("\r\t\u{0}\u{1F}\u{7F}") == #""\r\t\u0000\u001f\u007f""#)
        #expect(JSONText.quoted("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        #expect(JSONText.quoted("é<日本>&🙂", escapingMarkup: true) == #""é\u003c日本\u003e\u0026🙂""#)
    }
}
