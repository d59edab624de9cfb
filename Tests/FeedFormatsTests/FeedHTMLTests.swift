import FeedFormats
import Testing

@Suite struct FeedHTMLTests {
    @Test func escapesOnlyWhatHTMLNeeds() {
        #expect(FeedHTML.escaped(#"a < b > c & "d" 'e'"#) == #"a &lt; b &gt; c &amp; "d" 'e'"#)
        #expect(FeedHTML.escaped("plain é 🎉") == "plain é 🎉")
    }

    @Test func wrapsParagraphsAndLineBreaks() {
        #expect(FeedHTML.paragraphs("One\ntwo\n\nThree & <4>") == "<p>One<br/>two</p><p>Three &amp; &lt;4&gt;</p>")
        #expect(FeedHTML.paragraphs("a\n\n\nb") == "<p>a</p><p><br/>b</p>")
        #expect(FeedHTML.paragraphs("") == "<p></p>")
    }

    @Test(arguments: [
        "", "a", "a\n", "\n\na", "a\n\n", "a\n\n\n\nb", "x\r\n\r\ny", "&amp; <p> </p> <br/>", "é\n🎉\n\nש",
    ])
    func plainTextInvertsParagraphs(text: String) {
        #expect(FeedHTML.plainText(fromHTML: FeedHTML.paragraphs(text)) == text)
        #expect(FeedHTML.plainText(fromHTML: FeedHTML.escaped(text)) == text)
    }

    @Test func readsOtherToolsHTMLAsPlainText() {
        let html =
            "<p>a</p>\n  <P class=\"x\">b &amp; c<br>d &#233;&#x1F600;&nbsp;<a href=\"https://x.example/\">link</a></P>"
        #expect(FeedHTML.plainText(fromHTML: html) == "a\n\nb & c\nd é😀\u{A0}link")
        #expect(FeedHTML.plainText(fromHTML: "a < b && c &bogus; &#0;") == "a < b && c &bogus; &#0;")
    }
}
