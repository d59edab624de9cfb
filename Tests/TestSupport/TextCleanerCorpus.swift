/// Text for the cleaning rules' agreement tests: plain and hostile pieces and their seeded mixtures.
package enum TextCleanerCorpus {
    /// Pieces that exercise every branch; the corpus strings are random concatenations of them.
    package static let pieces: [String] = [
        "word", "Word", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2003}", "\u{3000}",
        "\u{2028}", "\u{85}", "\u{0}", "\u{1F}", "\u{7F}", "\u{9F}", "\u{AD}", "\u{200B}", "\u{FEFF}", "\u{FFFE}",
        "\u{FFFD}",
        "\u{FFFF}", "\u{200D}", "\u{200E}", "é", "e\u{301}", "\u{301}", "Zoë", "Müller", "日本語", "😀", "👩‍👩‍👧",
        "🇺🇸", "مرحبا", "שלום", "\u{600}", "\u{600}1", "\u{110BD}", "…", "’", "—", "<", ">", "&", ";", "#",
        "<b>", "</b>", "<p>", "</p>", "<br/>", "<BR>", "<ul><li>", "</li>", "<a href=\"x>y\">", "<img src='a>b'>",
        "<script>alert('<p>')</script>", "<SCRIPT type=x>bad()</ScRiPt >", "<style>p{}</style>", "<style>",
        "<!-- note -->", "<!--", "<!doctype html>", "<?xml?>", "<é>", "<ａ>", "<Kbd>", "<\u{212A}bd>", "< b>",
        "<1>", "<", "</", "<title>T</title>", "<svg><g/></svg>", "&amp;", "&lt;", "&gt;", "&lt;b&gt;",
        "&lt;script&gt;x&lt;/script&gt;", "&quot;", "&nbsp;", "&hellip;", "&eacute;", "&Eacute;", "&#8217;",
        "&#x2014;", "&#X41;", "&#150;", "&#0;", "&#xD800;", "&#1;", "&#+65;", "&#-0;", "&#x;", "&#;", "&unknown;",
        "&amp", "&am p;", "&é;", "&ab\u{301}c;", "&" + String(repeating: "a", count: 40) + ";", "&amp;lt;",
        " [+123 chars]", "… [+4148 chars]", "...[+12 chars] ", "[+many chars]", "[+", " chars]", "[+\u{301}1 chars]",
        "\u{600} [+5 chars]", "\u{A0}[+5 chars]", "…\u{600}",
        // Runs of eight bytes and more mixing scalars the rules pass over with ones they look at.
        "Москва", "東京都渋谷区", "ελληνικά", "naïve—café", "“quoted”", "longerplainword", "x\u{1680}y",
        // Single spaces between words, at every place in a run of eight bytes and next to the runs' ends.
        "a b c d e f g h i", "one two three four", "abcdefg hijklmn ", " abcdefg", "seven b", "abcdefgh ",
        "x y", "Zoë Müller и Москва", "a  b c", "ab \u{A0}cd ef",
    ]

    /// A deterministic corpus: every piece alone, then seeded random concatenations.
    package static let texts: [String] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var texts = pieces
        for _ in 0..<4000 {
            texts.append((0..<(1 + next(9))).map { _ in pieces[next(pieces.count)] }.joined())
        }
        return texts
    }()
}
