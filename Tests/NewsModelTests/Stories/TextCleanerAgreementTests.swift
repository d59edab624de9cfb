import NewsModel
import TestSupport
import Testing

/// The byte-level ``TextCleaner`` must give exactly what the scalar-level reference gives, on
/// plain and hostile text alike: tags, entities, emoji, right-to-left scripts, combining marks,
/// prepend characters, invisible and forbidden characters, every kind of whitespace.
@Suite struct TextCleanerAgreementTests {
    @Test func plainTextAgreesWithTheScalarReference() {
        for text in TextCleanerCorpus.texts {
            #expect(
                TextCleaner.plainText(text) == ReferenceTextCleaner.plainText(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func cleaningTheBenchmarkShapesAgrees() {
        let samples = [
            "<ul><li>Adults trial year obesity experts</li><li>Week higher under week insurance… [+519 chars]",
            "Symptoms treatment infections amid heart diet\r\nMay deaths blood long-term… [+4148 chars]",
            "<p>Body text &amp; more words here</p>… [+300 chars]",
            "Says common heart billion diabetes hospital &amp; more…", "Read this. <b>Read</b> on.",
            "Amid Diabetes Last Memory Lower Could Reveals long-term people - New York Times ",
        ]
        for text in samples {
            #expect(TextCleaner.plainText(text) == ReferenceTextCleaner.plainText(text))
        }
    }

    @Test func plainTextIsReturnedAsItIs() {
        let text = "Already plain text with “quotes” and an ellipsis…"
        #expect(TextCleaner.plainText(text) == text)
        #expect(TextCleaner.plainText("") == "")
    }
}
