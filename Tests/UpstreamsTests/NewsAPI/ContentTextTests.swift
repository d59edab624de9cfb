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
