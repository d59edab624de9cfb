import Foundation
import Testing

@testable import NewsFeedKit

@Suite struct XMLWriterTests {
    private func write(_ body: (inout XMLWriter) throws(FeedError) -> Void) throws -> String {
        var writer = try XMLWriter()
        try writer.startDocument()
        try body(&writer)
        let data = try writer.finish()
        return try #require(String(data: data, encoding: .utf8))
    }

    @Test func writesDeclarationNamespacesIndentationAndEmptyElements() throws {
        let xml = try write { writer throws(FeedError) in
            try writer.startElement("root")
            try writer.declareNamespace(prefix: "dc", uri: "http://purl.org/dc/elements/1.1/")
            try writer.element("dc:creator", text: "Ana")
            try writer.startElement("empty")
            try writer.attribute("length", "0")
            try writer.endElement()
            try writer.endElement()
        }
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <root xmlns:dc="http://purl.org/dc/elements/1.1/">
                  <dc:creator>Ana</dc:creator>
                  <empty length="0"/>
                </root>

                """)
    }

    @Test func escapesTextAndAttributesWithoutHandMadeMarkup() throws {
        let xml = try write { writer throws(FeedError) in
            try writer.startElement("e")
            try writer.attribute("a", #"x"y<z>&'"#)
            try writer.text(#"<b>Tom & "Jerry"</b> ]]> 🎉 שלום"#)
            try writer.endElement()
        }
        #expect(xml.contains(#"a="x&quot;y&lt;z&gt;&amp;'""#))
        #expect(xml.contains("&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; ]]&gt; 🎉 שלום"))
    }

    @Test func removesForbiddenCharactersFromTextAndAttributes() throws {
        let xml = try write { writer throws(FeedError) in
            try writer.startElement("e")
            try writer.attribute("a", "a\u{0}b\u{1B}c\u{FFFE}")
            try writer.text("x\u{1}y\u{8}z\u{FFFF}\u{0}\tok")
            try writer.endElement()
        }
        #expect(xml.contains(#"a="abc""#))
        #expect(xml.contains("xyz\tok"))
    }

    @Test func reportsLibXMLFailuresAsWriterFailed() throws {
        var writer = try XMLWriter()
        try writer.startDocument()
        #expect(throws: FeedError.self) { try writer.attribute("a", "outside any element") }
    }
}

@Suite struct XMLCharactersTests {
    @Test func keepsAllowedTextUnchanged() {
        let text = "Tab\tLF\nCR\r é 😀 \u{D7FF} \u{E000} \u{FFFD} \u{10FFFF} \u{7F} \u{85}"
        #expect(XMLCharacters.removingForbidden(text) == text)
    }

    @Test func removesC0ControlsAndNonCharacters() {
        var forbidden = (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.compactMap(Unicode.Scalar.init)
        forbidden += ["\u{FFFE}", "\u{FFFF}"]
        for scalar in forbidden {
            #expect(!XMLCharacters.isAllowed(scalar))
            #expect(XMLCharacters.removingForbidden("a\(Character(scalar))b") == "ab")
        }
    }
}
