import NewsModel
import Testing

@Suite struct TextCleanerTests {
    @Test func stripsTagsAndDropsScriptAndStyleBodies() {
        #expect(TextCleaner.plainText("<p>One</p><p>Two</p>") == "One Two")
        #expect(TextCleaner.plainText("wo<b>r</b>d") == "word")
        #expect(TextCleaner.plainText("a<script type=\"x\">alert('<p>')</script>b") == "a b")
        #expect(TextCleaner.plainText("a<style>p{}</style>b<!-- note -->c") == "a b c")
        #expect(TextCleaner.plainText("<img src=\"x.jpg\" alt='a > b'>caption") == "caption")
    }

    @Test func keepsALoneLessThanSign() {
        #expect(TextCleaner.plainText("3 < 5 & 7 > 2") == "3 < 5 & 7 > 2")
    }

    @Test func dropsATagCutOffByTruncation() {
        #expect(TextCleaner.plainText("Story text <a href=\"https://x.example.com/") == "Story text")
    }

    @Test func decodesNamedDecimalAndHexEntitiesOnce() {
        #expect(
            TextCleaner.plainText("AT&amp;T &quot;hi&quot; &eacute;t&eacute; &#8217; &#x2014; &hellip;")
                == "AT&T \"hi\" été ’ — …")
        #expect(TextCleaner.plainText("&amp;lt;b&amp;gt;") == "&lt;b&gt;")
        #expect(
            TextCleaner.plainText("&#150; &#0; &#xD800; &unknown; & alone") == "– &unknown; & alone")
    }

    @Test func decodedMarkupIsStrippedToo() {
        #expect(TextCleaner.plainText("&lt;script&gt;alert(1)&lt;/script&gt;Safe") == "Safe")
    }

    @Test func foldsWhitespaceAndTrims() {
        #expect(TextCleaner.plainText("  a\r\n\tb\u{A0}\u{A0}c  ") == "a b c")
    }

    @Test func removesXMLForbiddenCharacters() {
        #expect(TextCleaner.plainText("a\u{0}b\u{1F}c\u{FFFE}d\u{FFFF}e\u{85}f") == "abcdef")
        #expect(TextCleaner.removingForbiddenCharacters("x\u{1}y\nz") == "xy\nz")
    }

    @Test func dropsTheReplacementCharacterAndKeepsEveryValidOne() {
        // What decoding leaves of invalid UTF-8 and of a lone surrogate (`\uD800` in JSON).
        let decoded = String(decoding: [0x63, 0x61, 0x66, 0xC3, 0x20, 0xFF] as [UInt8], as: UTF8.self)
        #expect(decoded.unicodeScalars.contains("\u{FFFD}"))
        #expect(TextCleaner.plainText(decoded) == "caf")
        #expect(TextCleaner.plainText("Crème \u{FFFD}brûlée 😀 مرحبا עברית 中文") == "Crème brûlée 😀 مرحبا עברית 中文")
        #expect(TextCleaner.plainText("<b>\u{FFFD}</b>") == "")
    }

    @Test func truncatesOnAWordBoundary() {
        #expect(TextCleaner.truncated("one two three four", to: 12) == "one two…")
        #expect(TextCleaner.truncated("short", to: 12) == "short")
    }
}
