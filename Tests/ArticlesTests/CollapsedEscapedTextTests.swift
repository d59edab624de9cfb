import Testing

@testable import Articles

/// A text node is written collapsed and escaped in one walk (`TextWhitespace.appendCollapsedEscaped`): the same bytes
/// as collapsing with its edges kept, then escaping, for every kind of space (those collapse folds, and U+0085 and
/// U+1680, which only count at the edges), markup characters, combining marks and text of other scripts.
@Suite struct CollapsedEscapedTextTests {
    /// The steps the one walk replaced: runs of whitespace as one space, one kept at either edge, then escaped.
    static func stepByStep(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return "" }
        let core = TextWhitespace.collapse(text)
        if core.isEmpty { return " " }
        let leading = TextWhitespace.isSpace(first) ? " " : ""
        let trailing = TextWhitespace.isSpace(last) ? " " : ""
        return ArticleSanitizer.escape(leading + core + trailing)
    }

    static func fused(_ text: String) -> String {
        var output = "<p>"
        TextWhitespace.appendCollapsedEscaped(text, to: &output)
        return String(output.dropFirst(3))
    }

    @Test(arguments: [
        "", " ", "\n\t ", "word", " word ", "  two   words  ", "\u{00A0}nbsp\u{00A0}", "\u{2003}em\u{3000}",
        "\u{0085}next line\u{0085}", "\u{1680}ogham\u{1680}", "\u{1680}", "\u{0085}", "a & b < c > d \"e\"",
        "  <script>  ", "é\u{0301} café\n\n naïve", "東京\u{3000}\u{3000}大阪", "ελλάδα — «x»", "🇫🇷 flag  🏳️‍🌈",
        "tail\u{2029}", "\u{202F}x\u{205F}y\u{2028}",
    ])
    func eachKindOfTextIsWrittenAsTheStepsWroteIt(text: String) {
        #expect(Self.fused(text) == Self.stepByStep(text))
    }

    @Test func randomMixesAreWrittenAsTheStepsWroteThem() {
        let pieces = [
            " ", "  ", "\n", "\t", "\r\n", "\u{00A0}", "\u{2000}", "\u{200A}", "\u{2028}", "\u{202F}", "\u{205F}",
            "\u{3000}", "\u{0085}", "\u{1680}", "\u{200B}", "a", "word", "&", "<", ">", "\"", "'", "é", "e\u{0301}",
            "東", "ж", "🙂", "\u{FFFD}", "Москва", "東京都渋谷区", "ελληνικά", "naïve—café", "“quoted”", "plainwords",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let length = Int.random(in: 0...12, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(Self.fused(text) == Self.stepByStep(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }
}
