import TestSupport
import Testing
import Upstreams

@Suite struct ContentTextTests {
    @Test(arguments: [
        (
            "video\r\nNBA<ul><li>Booker scores 47</li><li>LeBron out</li></ul>",
            "video\nNBA\nBooker scores 47\nLeBron out"
        ),
        ("One.<br>Two.<br/>Three.", "One.\nTwo.\nThree."),
        ("<p>First &amp; best</p><p>Second</p>", "First & best\nSecond"),
        ("Plain text, one line", "Plain text, one line"),
        ("Keep <b>inline</b> <a href=\"x\">tags</a> together", "Keep inline tags together"),
        ("Before<script>var a = '<br>';\n x()</script>After", "Before After"),
        ("A\u{E000}B<br>C", "AB\nC"),
        ("\n\n  \r\n", ""),
        // Another scalar that shares the mark's first byte stays; a tag that only begins like a breaking one is
        // stripped as any tag, and the breaking ones are found in any case.
        ("X\u{E001}Y<br>Z", "X\u{E001}Y\nZ"),
        ("a<brx>b<BR>c</P>d", "a b\nc\nd"),
        ("line one \r\n\r\n  line two  <li>", "line one\nline two"),
    ])
    func keepsLinesAndDropsMarkup(raw: String, expected: String) {
        #expect(ContentText.plainLines(raw) == expected)
    }

}

/// The fast search for tags, line breaks and marks (eight bytes at a time) must find what the byte-by-byte one finds,
/// and a tag breaks a line exactly when its name is one of the block-level ones.
@Suite struct ContentTextAgreementTests {
    /// Pieces that put tags, line breaks, marks and their first bytes at every place of an eight-byte word.
    static let pieces = [
        "word", "longer words here", " ", "\r\n", "\n", "\r", "<br>", "<BR/>", "</p>", "<p class=x>", "<li>", "</LI>",
        "<ul>", "<h1>", "<h4 >", "<h5>", "<div>", "<divx>", "<brx>", "<b>", "</b>", "<a href=\"x\">", "<", "< br>",
        "<1>", "<br", "\u{E000}", "\u{E001}", "\u{E000}\u{E000}", "é", "日本語", "😀", "…", "&amp;", "&lt;br&gt;",
        "<script>'<br>'\n</script>", "… [+123 chars]", "abcdefg", "abcdefgh", "<tr/>", "<TR>", "<ol>", "<p>",
    ]

    static let texts: [String] = {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var texts = pieces
        for _ in 0..<3000 { texts.append((0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined()) }
        return texts + TextCleanerCorpus.texts
    }()

    @Test func theWordAtATimeSearchFindsWhatTheByteByByteOneFinds() {
        for text in Self.texts {
            #expect(
                ContentText.plainLines(text, wordAtATime: true) == ContentText.plainLines(text, wordAtATime: false),
                "\(Array(text.unicodeScalars))")
        }
    }

    @Test(arguments: [
        ("br", true), ("BR", true), ("p", true), ("P", true), ("div", true), ("Div", true), ("li", true),
        ("ul", true), ("ol", true), ("tr", true), ("h1", true), ("H2", true), ("h3", true), ("h4", true),
        ("h5", false), ("h", false), ("b", false), ("bra", false), ("brr", false), ("pp", false), ("divs", false),
        ("lia", false), ("h10", false), ("1p", false), ("span", false), ("abcdefghijk", false), ("d1v", false),
    ])
    func aTagBreaksTheLineWhenItIsABlock(name: String, breaks: Bool) {
        for tag in ["<\(name)>", "</\(name)>", "<\(name)/>", "<\(name) class=\"x\">"] {
            let lines = ContentText.plainLines("one\(tag)two")
            #expect(lines.contains("\n") == breaks, "\(tag): \(lines.debugDescription)")
            #expect(lines.hasPrefix("one") && lines.hasSuffix("two"), "\(tag)")
        }
    }
}
