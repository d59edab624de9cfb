import Foundation
import NewsModel
import Testing

/// The written-out White_Space list answers as Unicode's property tables do, for every scalar there is.
@Suite struct UTF8TextWhiteSpaceTests {
    @Test func everyScalarIsWhiteSpaceExactlyWhenThePropertySaysSo() {
        var differing: [UInt32] = []
        var spaces = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let written = UTF8Text.isWhiteSpace(scalar)
            if written { spaces += 1 }
            if written != scalar.properties.isWhitespace { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
        #expect(spaces == 25)
    }
}

/// The byte search answers as Foundation's `contains` does for the ASCII needles it is used with.
@Suite struct UTF8TextContainsTests {
    @Test(arguments: [
        "http://search.yahoo.com/mrss/", "http://www.itunes.com/dtds/podcast-1.0.dtd", "", "itunes.co",
        "Москва itunes.com 東京", "itunes.comitunes.com", "ITUNES.COM", "<img src=\"a\">", "<img data-src=\"a\">",
        "http://purl.org/rss/1.0/modules/content/", "search.yahoo.com/mrs",
        // A combining mark after the match joins its last letter: no match of whole characters.
        "http://www.itunes.com\u{301}/dtds", "<img alt=\" src=\u{301}\">", "modules\u{301}", "\u{301}itunes.com",
        "é itunes.com é",
    ])
    func answersAsFoundationDoes(text: String) {
        #expect(UTF8Text.contains(text, "itunes.com") == text.contains("itunes.com"))
        #expect(UTF8Text.contains(text, "search.yahoo.com/mrss") == text.contains("search.yahoo.com/mrss"))
        #expect(UTF8Text.contains(text, " src=") == text.contains(" src="))
        #expect(UTF8Text.contains(text, "modules") == text.contains("modules"))
    }
}

/// The validator accepts exactly what `String(validating:as:)` accepts.
@Suite struct UTF8TextValidityTests {
    static func agrees(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Text.isValid($0) } == (String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test func everySequenceOfOneOrTwoBytesAndEveryThreeByteLeadRange() {
        var differing: [[UInt8]] = []
        for first in UInt8.min...UInt8.max {
            if !Self.agrees([first]) { differing.append([first]) }
            for second in UInt8.min...UInt8.max where !Self.agrees([first, second]) {
                differing.append([first, second])
            }
        }
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4,
            0xF5, 0xFF,
        ]
        for first in edges {
            for second in edges {
                for third in edges {
                    for fourth in edges where !Self.agrees([first, second, third, fourth]) {
                        differing.append([first, second, third, fourth])
                    }
                    if !Self.agrees([first, second, third]) { differing.append([first, second, third]) }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// Long runs (the eight-byte steps) with a bad or cut sequence anywhere in them.
    @Test func randomRunsAgree() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("plain ascii text ".utf8), Array("é".utf8), Array("東京".utf8), Array("🙂".utf8), [0x80], [0xC0, 0xAF],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F], [0xFF],
        ]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                bytes += pieces.randomElement(using: &generator) ?? []
            }
            #expect(Self.agrees(bytes), "\(bytes)")
        }
    }
}

/// `UTF8Text.trimmingWhiteSpace` trims as Foundation's `.whitespacesAndNewlines` does (White_Space and U+200B).
@Suite struct UTF8TextTrimmingTests {
    @Test func everyWhiteSpaceScalarIsTrimmedAsFoundationTrimsIt() {
        for value in UInt32(0)...0x10FFFF where value % 97 == 0 || value < 0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)x y\(scalar)"
            #expect(
                UTF8Text.trimmingWhiteSpace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(value, radix: 16))")
        }
    }

    @Test func randomTextsAreTrimmedAsFoundationTrimsThem() {
        let pieces = [
            " ", "\t", "\n", "\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2007}", "\u{2028}", "\u{3000}",
            "\u{200B}", "\u{FEFF}", "a", "é", "e\u{301}", "\u{301}", "東", "🙂", "https://a.example/x",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            #expect(UTF8Text.trimmingWhiteSpace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
