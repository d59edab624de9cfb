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
