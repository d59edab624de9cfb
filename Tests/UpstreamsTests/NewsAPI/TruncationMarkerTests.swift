import TestSupport
import Testing
import Upstreams

@Suite struct TruncationMarkerTests {
    @Test func removesNewsAPIsTruncationMarker() {
        #expect(TruncationMarker.removing(from: "Text cut… [+1234 chars]") == ("Text cut", true))
        #expect(TruncationMarker.removing(from: "Text cut...[+12 chars] ") == ("Text cut", true))
        #expect(TruncationMarker.removing(from: "Text [+many chars]") == ("Text [+many chars]", false))
        #expect(TruncationMarker.removing(from: "Plain") == ("Plain", false))
    }

    /// The byte-level reading must give exactly what the `Character`-level reference gives, on
    /// plain and hostile text alike.
    @Test func agreesWithTheCharacterReference() {
        let benchmarkShapes = [
            "<ul><li>Adults trial year obesity experts</li><li>Week higher under week insurance… [+519 chars]",
            "Symptoms treatment infections amid heart diet\r\nMay deaths blood long-term… [+4148 chars]",
            "<p>Body text &amp; more words here</p>… [+300 chars]",
        ]
        for text in TextCleanerCorpus.texts + benchmarkShapes {
            let fast = TruncationMarker.removing(from: text)
            let reference = ReferenceTextCleaner.removingTruncationMarker(text)
            #expect(fast == reference, "\(Array(text.unicodeScalars))")
        }
    }
}
