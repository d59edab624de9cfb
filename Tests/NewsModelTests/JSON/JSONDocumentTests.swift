import Foundation
import NewsModel
import TestSupport
import Testing

/// The general strict reader other sources parse their answers with.
@Suite struct JSONDocumentTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONDocument(parsing: Data(text.utf8)).root
    }

    private func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument(parsing: Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        let root = try parse(
            #" {"s":"a\u00e9","i":-12,"d":2.5e1,"t":true,"f":false,"n":null,"a":[1,[2],{"x":3}],"o":{}} "#)
        #expect(root.kind == .object)
        #expect(root["s"]?.string == "aé")
        #expect(root["i"]?.integer == -12 && root["i"]?.double == -12)
        #expect(root["d"]?.integer == nil && root["d"]?.double == 25 && root["d"]?.numberText == "2.5e1")
        #expect(root["t"]?.boolean == true && root["f"]?.boolean == false)
        #expect(root["n"]?.isNull == true && root["n"]?.string == nil)
        let elements = try #require(root["a"]?.elements)
        #expect(elements.map(\.kind) == [.number, .array, .object])
        #expect(elements[1].elements?.first?.integer == 2)
        #expect(elements[2]["x"]?.integer == 3)
        #expect(root["o"]?.members?.isEmpty == true)
        #expect(root["missing"] == nil)
        #expect(root.members?.map(\.name) == ["s", "i", "d", "t", "f", "n", "a", "o"])
    }

    @Test func aValueOfAnotherKindReadsAsNil() throws {
        let root = try parse(#"{"list":{"a":1},"text":7}"#)
        #expect(root["list"]?.elements == nil)
        #expect(root["text"]?.string == nil)
        #expect(root["list"]?.kind.described == "an object")
        #expect(root["text"]?["a"] == nil)
    }

    @Test func namesAreComparedDecodedAndTheFirstOfTwoWins() throws {
        let root = try parse(#"{"R\u0065sults":[1],"Results":[2],"a":1,"a":2}"#)
        #expect(root["Results"]?.elements?.first?.integer == 1)
        #expect(root["a"]?.integer == 1)
        #expect(root.members?.count == 4)
    }

    @Test func offsetsPointAtTheValue() throws {
        let root = try parse(#"{"a": "x", "b": [1]}"#)
        #expect(root.offset == 0)
        #expect(root["a"]?.offset == 6)
        #expect(root["b"]?.offset == 16)
    }

    @Test func deepNestingIsReadWithoutRecursion() throws {
        let root = try JSONDocument(parsing: Data(JSONConformanceCorpus.deepArray.utf8)).root
        var value = root
        var depth = 0
        while let first = value.elements?.first {
            value = first
            depth += 1
        }
        #expect(depth == 99_999)
        let object = try JSONDocument(parsing: Data(JSONConformanceCorpus.deepObject.utf8)).root
        #expect(object["a"]?["a"]?.kind == .object)
    }

    static let wordsNote = " (JSON's only bare words are true, false and null; text goes in double quotes)"

    @Test func eachCauseIsWordedAndPlaced() {
        let cases: [(String, String)] = [
            ("[1,]", "invalid JSON at byte 2: trailing comma"),
            (#"{"a":1,}"#, "invalid JSON at byte 6: trailing comma"),
            ("[-01]", "invalid JSON at byte 1: invalid number -01: leading zero"),
            ("[2.]", "invalid JSON at byte 1: invalid number 2.: no digit after the decimal point"),
            ("[0.3e+]", "invalid JSON at byte 1: invalid number 0.3e+: no digit in the exponent"),
            ("[1eE2]", "invalid JSON at byte 1: invalid number 1e: no digit in the exponent"),
            ("[-1.0.]", "invalid JSON at byte 1: invalid number -1.0.: unexpected '.'"),
            ("[-]", "invalid JSON at byte 1: invalid number -]: no digit after the minus sign"),
            ("\"a\nb\"", "invalid JSON at byte 2: unescaped line feed (U+000A) in a string"),
            (#""\x""#, "invalid JSON at byte 1: invalid escape \\x"),
            (#""\'""#, "invalid JSON at byte 1: invalid escape \\'"),
            (#""\u12G4""#, "invalid JSON at byte 1: invalid escape \\u12G (\\u needs four hex digits)"),
            (#"{"a" 1}"#, "invalid JSON at byte 5: expected ':' after a key, found '1'"),
            ("[1 2]", "invalid JSON at byte 3: expected ',' or ']' after an element, found '2'"),
            ("{1:2}", "invalid JSON at byte 1: expected a string key, found '1'"),
            ("[nul]", "invalid JSON at byte 1: unexpected word \"nul\"" + Self.wordsNote),
            ("[True]", "invalid JSON at byte 1: unexpected word \"True\"" + Self.wordsNote),
            ("not json", "invalid JSON at byte 0: unexpected word \"not\"" + Self.wordsNote),
            (#"{"a": hello}"#, "invalid JSON at byte 6: unexpected word \"hello\"" + Self.wordsNote),
            ("[fals3]", "invalid JSON at byte 1: unexpected word \"fals3\"" + Self.wordsNote),
            (
                "[abcdefghijklmnopqrstuvwxyz]",
                "invalid JSON at byte 1: unexpected word \"abcdefghijklmnopqrst…\"" + Self.wordsNote
            ),
            ("[1] // note", "invalid JSON at byte 4: comments are not allowed in JSON"),
            ("// note\n[1]", "invalid JSON at byte 0: comments are not allowed in JSON"),
            ("[1, /* two */ 2]", "invalid JSON at byte 4: comments are not allowed in JSON"),
            (#"{/*k*/"a": 1}"#, "invalid JSON at byte 1: comments are not allowed in JSON"),
            (#"{"a" /*:*/: 1}"#, "invalid JSON at byte 5: comments are not allowed in JSON"),
            ("[1 // x\n]", "invalid JSON at byte 3: comments are not allowed in JSON"),
            ("[/]", "invalid JSON at byte 1: expected a value, found '/'"),
            ("{} x", "invalid JSON at byte 3: 'x' after the top-level value"),
            (#"{"a":"b"#, "invalid JSON at byte 7: the text ends inside a string (truncated)"),
            ("[1,", "invalid JSON at byte 3: the text ends where a value belongs (truncated)"),
            ("", "invalid JSON at byte 0: no value"),
        ]
        for (text, line) in cases {
            #expect(error(text)?.description == line, "\(text)")
        }
        #expect(error("[1,")?.isTruncated == true)
        #expect(error("[1,]")?.isTruncated == false)
    }
}
