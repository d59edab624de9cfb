import Foundation
import Testing

/// A conformance corpus in the style of JSONTestSuite: `y_` texts any JSON reader must accept,
/// `n_` texts it must refuse, `i_` texts RFC 8259 leaves to the reader (newsfeed's choice noted).
/// Every one is a single value, so it can stand as a whole answer, as an article field and as an
/// element of `articles` (see ``JSONPlacement``).
package enum JSONConformanceCorpus {
    /// One document; `string` is what a string value must decode to, nil for other kinds.
    package struct Sample: Sendable, CustomTestStringConvertible {
        package let name: String
        package let bytes: [UInt8]
        package let string: String?

        package init(_ name: String, _ text: String, string: String? = nil) {
            self.init(name, Array(text.utf8), string: string)
        }

        package init(_ name: String, _ bytes: [UInt8], string: String? = nil) {
            self.name = name
            self.bytes = bytes
            self.string = string
        }

        package var testDescription: String { name }
    }

    package static let deepArray = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    package static let deepObject =
        String(repeating: #"{"a":"#, count: 100_000) + "null" + String(repeating: "}", count: 100_000)

    package static let valid: [Sample] = [
        .init("y_string_plain", #""plain""#, string: "plain"),
        .init("y_string_empty", #""""#, string: ""),
        .init("y_string_short_escapes", #""\"\\\/\b\f\n\r\t""#, string: "\"\\/\u{8}\u{C}\n\r\t"),
        .init("y_string_escaped_NUL", #""a\u0000b""#, string: "a\u{0}b"),
        .init("y_string_u2028_u2029_escaped", #""\u2028\u2029""#, string: "\u{2028}\u{2029}"),
        .init("y_string_u2028_raw", "\"a\u{2028}b\u{2029}\"", string: "a\u{2028}b\u{2029}"),
        .init("y_string_surrogate_pair", #""\uD83D\uDE00""#, string: "😀"),
        .init("y_string_surrogate_pair_lowercase", #""\ud834\udd1e""#, string: "\u{1D11E}"),
        .init("y_string_last_code_point", #""\uDBFF\uDFFF""#, string: "\u{10FFFF}"),
        .init("y_string_nonchar_FFFF", #""\uFFFF""#, string: "\u{FFFF}"),
        .init("y_string_escaped_quote_and_backslash", #""\u0022\u005C""#, string: "\"\\"),
        .init("y_string_mixed_case_hex", #""\u00e9\u00E9\u30aF""#, string: "éé\u{30AF}"),
        .init("y_string_raw_utf8", #""Zoë 日本語 😀 مرحبا""#, string: "Zoë 日本語 😀 مرحبا"),
        .init("y_string_combining", "\"e\u{301}\"", string: "e\u{301}"),
        .init("y_string_DEL_raw", "\"a\u{7F}b\"", string: "a\u{7F}b"),
        .init("y_string_comment_inside", #""a/*b*/c//d""#, string: "a/*b*/c//d"),
        .init("y_string_structural_inside", #""[]{}:,""#, string: "[]{}:,"),
        .init(
            "y_string_long_ascii", "\"" + String(repeating: "abcdefgh", count: 40) + "\"",
            string: String(repeating: "abcdefgh", count: 40)),
        .init("y_number_zero", "0"),
        .init("y_number_negative_zero", "-0"),
        .init("y_number_negative_int", "-123"),
        .init("y_number_fraction", "1.5"),
        .init("y_number_exponent", "1E2"),
        .init("y_number_negative_exponent", "1e-2"),
        .init("y_number_everything", "-0.0e+0"),
        .init("y_number_big_integer", "123456789012345678901234567890"),
        .init("y_literal_true", "true"),
        .init("y_literal_false", "false"),
        .init("y_literal_null", "null"),
        .init("y_array_empty", "[]"),
        .init("y_array_nested_empty", "[[]]"),
        .init("y_array_mixed", #"[1,"a",true,null,{},[-1.5e3]]"#),
        .init("y_array_whitespace", " [ 1 ,\t2\r\n, 3 ] "),
        .init("y_object_empty", "{}"),
        .init("y_object_nested", #"{"a":[1,{"b":null}],"c":{"d":"e"}}"#),
        .init("y_object_empty_key", #"{"":0}"#),
        .init("y_object_duplicated_key", #"{"a":1,"a":2}"#),
        .init("y_object_escaped_key", #"{"\u0000":1,"a\nb":2}"#),
    ]

    package static let invalid: [Sample] = [
        // Number grammar.
        .init("n_number_minus_zero_one", "-01"),
        .init("n_number_leading_zero", "01"),
        .init("n_number_2_dot", "2."),
        .init("n_number_dot_then_exponent", "2.e3"),
        .init("n_number_0.3e+", "0.3e+"),
        .init("n_number_0e", "0e"),
        .init("n_number_1eE2", "1eE2"),
        .init("n_number_-1.0.", "-1.0."),
        .init("n_number_lone_minus", "-"),
        .init("n_number_minus_space_1", "- 1"),
        .init("n_number_plus_1", "+1"),
        .init("n_number_dot_5", ".5"),
        .init("n_number_NaN", "NaN"),
        .init("n_number_Infinity", "Infinity"),
        .init("n_number_minus_Infinity", "-Infinity"),
        .init("n_number_hex", "0x1F"),
        .init("n_number_garbage_after_e", "1ea"),
        .init("n_number_fullwidth_digit", "\u{FF11}"),
        .init("n_number_neg_leading_zero", "-012"),
        // Structure.
        .init("n_array_trailing_comma", "[1,]"),
        .init("n_array_trailing_comma_space", "[1 , ]"),
        .init("n_object_trailing_comma", #"{"a":1,}"#),
        .init("n_array_extra_comma", "[1,,2]"),
        .init("n_array_leading_comma", "[,1]"),
        .init("n_array_just_comma", "[,]"),
        .init("n_array_missing_comma", "[1 2]"),
        .init("n_array_colon_instead_of_comma", "[1:2]"),
        .init("n_array_unclosed", "[1"),
        .init("n_array_extra_close", "[1]]"),
        .init("n_object_missing_colon", #"{"a" 1}"#),
        .init("n_object_double_colon", #"{"a"::1}"#),
        .init("n_object_missing_value", #"{"a":}"#),
        .init("n_object_comma_instead_of_colon", #"{"a",1}"#),
        .init("n_object_single_quotes", "{'a':1}"),
        .init("n_object_unquoted_key", "{a:1}"),
        .init("n_object_number_key", "{1:1}"),
        .init("n_object_unclosed", #"{"a":1"#),
        .init("n_object_trailing_comment", #"{"a":1}/**/"#),
        .init("n_structure_comment_inside", "[1/*c*/]"),
        .init("n_structure_two_values", "1 2"),
        .init("n_structure_lone_open_bracket", "["),
        .init("n_structure_close_unopened", "]"),
        .init("n_structure_empty", ""),
        .init("n_structure_whitespace_only", " \n "),
        .init("n_structure_formfeed", "[\u{C}]"),
        .init("n_structure_NUL_outside_string", [0x5B, 0x00, 0x5D]),
        .init("n_structure_nbsp_outside_string", "[\u{A0}1]"),
        .init("n_structure_BOM_inside", "[\u{FEFF}]"),
        .init("n_structure_100000_unclosed_arrays", String(repeating: "[", count: 100_000)),
        .init("n_literal_incomplete_true", "tru"),
        .init("n_literal_incomplete_false", "fals"),
        .init("n_literal_incomplete_null", "nul"),
        .init("n_literal_capitalized_True", "True"),
        .init("n_literal_undefined", "undefined"),
        // Strings: raw control characters.
        .init("n_string_raw_tab", "\"a\tb\""),
        .init("n_string_raw_newline", "\"a\nb\""),
        .init("n_string_raw_CR", "\"a\rb\""),
        .init("n_string_raw_NUL", [0x22, 0x61, 0x00, 0x62, 0x22]),
        .init("n_string_raw_1F", "\"a\u{1F}b\""),
        // Strings: escapes.
        .init("n_string_escape_x", #""\x41""#),
        .init("n_string_escape_U", #""\UA66D""#),
        .init("n_string_escape_apostrophe", #""\'""#),
        .init("n_string_escape_digit_zero", #""\0""#),
        .init("n_string_escape_raw_NUL", [0x22, 0x5C, 0x00, 0x22]),
        .init("n_string_escape_raw_tab", "\"\\\t\""),
        .init("n_string_escape_1", #""\1""#),
        .init("n_string_escape_a", #""\a""#),
        .init("n_string_incomplete_u", #""\u00A""#),
        .init("n_string_invalid_u_hex", #""\u00G1""#),
        .init("n_string_u_at_end", #""\u"#),
        .init("n_string_incomplete_surrogate", #""\uD834\uDd""#),
        .init("n_string_invalid_utf8_after_escape", [0x22, 0x5C, 0xE5, 0x22]),
        .init("n_string_escaped_emoji", "\"\\\u{1F300}\""),
        .init("n_string_backslash_at_end", #""\"#),
        .init("n_string_unclosed", #""abc"#),
        .init("n_string_single_quoted", "'a'"),
    ]

    /// Implementation-defined texts newsfeed accepts, with what it reads.
    package static let implementationDefined: [Sample] = [
        .init("i_string_lone_high_surrogate", #""\uD800""#, string: "\u{FFFD}"),
        .init("i_string_lone_low_surrogate", #""\uDC00x""#, string: "\u{FFFD}x"),
        .init("i_string_reversed_surrogates", #""\uDd1e\uD834""#, string: "\u{FFFD}\u{FFFD}"),
        .init("i_string_1st_surrogate_but_2nd_missing", #""\uDADA""#, string: "\u{FFFD}"),
        .init("i_string_high_surrogate_then_letter", #""\uD888\u1234""#, string: "\u{FFFD}\u{1234}"),
        .init("i_string_two_high_then_low", #""\uD800\uD800\uDC00""#, string: "\u{FFFD}\u{10000}"),
        .init("i_string_invalid_utf8_byte", [0x22, 0x61, 0xFF, 0x62, 0x22], string: "a\u{FFFD}b"),
        .init("i_string_iso_latin_1", [0x22, 0xE9, 0x74, 0xE9, 0x22], string: "\u{FFFD}t\u{FFFD}"),
        .init("i_string_overlong_2_bytes", [0x22, 0xC0, 0xAF, 0x22], string: "\u{FFFD}\u{FFFD}"),
        .init("i_string_overlong_3_bytes", [0x22, 0xE0, 0x80, 0xAF, 0x22], string: "\u{FFFD}\u{FFFD}\u{FFFD}"),
        .init("i_string_UTF8_encoded_surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], string: "\u{FFFD}\u{FFFD}\u{FFFD}"),
        .init(
            "i_string_beyond_10FFFF", [0x22, 0xF4, 0xBF, 0xBF, 0xBF, 0x22], string: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        .init("i_string_truncated_sequence", [0x22, 0xE2, 0x82, 0x22], string: "\u{FFFD}"),
        .init("i_string_lone_continuation", [0x22, 0x80, 0x22], string: "\u{FFFD}"),
        .init(
            "i_string_invalid_utf8_next_to_escape", [0x22, 0xC3] + Array(#"\u00e9"#.utf8) + [0x22],
            string: "\u{FFFD}é"),
        .init("i_number_huge_exponent", "1e999999"),
        .init("i_number_tiny_exponent", "-1e-999999"),
        .init("i_number_too_big_integer", "-123456789012345678901234567890123456789"),
        .init("i_number_very_long_fraction", "0." + String(repeating: "1", count: 400)),
        .init("i_structure_100000_nested_arrays", deepArray),
        .init("i_structure_100000_nested_objects", deepObject),
    ]
}

/// Where a corpus text is placed inside an otherwise valid NewsAPI answer.
package enum JSONPlacement: String, CaseIterable, Sendable {
    case wholeAnswer, articleField, articleElement

    /// The issue's answer around a title: `H` + value + `A`.
    package static let fieldPrefix =
        #"{"status":"ok","totalResults":1,"articles":[{"source":{"id":null,"name":"S"},"title":"#
    package static let fieldSuffix =
        #","url":"https://news.example.com/a","urlToImage":null,"publishedAt":"2026-11-20T10:00:00Z","#
        + #""description":"D","content":null}]}"#
    package static let elementPrefix = #"{"status":"ok","totalResults":2,"articles":["#
    package static let elementSuffix =
        #",{"source":{"id":null,"name":"S"},"title":"Kept","url":"https://news.example.com/b"}]}"#

    /// The bytes before the value.
    package var prefix: String {
        switch self {
        case .wholeAnswer: ""
        case .articleField: Self.fieldPrefix
        case .articleElement: Self.elementPrefix
        }
    }

    /// The answer with `value` in this place.
    package func answer(_ value: [UInt8]) -> Data {
        switch self {
        case .wholeAnswer: Data(value)
        case .articleField: Data(Self.fieldPrefix.utf8) + Data(value) + Data(Self.fieldSuffix.utf8)
        case .articleElement: Data(Self.elementPrefix.utf8) + Data(value) + Data(Self.elementSuffix.utf8)
        }
    }
}

extension JSONConformanceCorpus {
    private static let head = JSONPlacement.fieldPrefix
    private static let tail = JSONPlacement.fieldSuffix

    /// Each example of the issue, with the line `convert` must print.
    package static let issueExamples: [(answer: String, line: String)] = [
        (head + "[-01]" + tail, "invalid JSON at byte \(head.utf8.count + 1): invalid number -01: leading zero"),
        (head + "\"a\tb\"" + tail, "invalid JSON at byte \(head.utf8.count + 2): unescaped tab (U+0009) in a string"),
        (head + #""\UA66D""# + tail, "invalid JSON at byte \(head.utf8.count + 1): invalid escape \\U"),
        (
            #"{"status":"ok","articles":[{"title":"T","url":"https://news.example.com/a",}],}"#,
            "invalid JSON at byte 74: trailing comma"
        ),
    ]
}
