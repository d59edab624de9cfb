import FeedFormats
import Foundation
import TestSupport
import Testing

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

extension XMLWriterTests {
    /// Values covering every ASCII character XML allows, non-ASCII text, forbidden characters,
    /// the empty string and long runs, for comparing the writer's own escaping with libxml2's.
    static let escapingSamples: [String] =
        [
            "", " ", "plain text", "Tom & \"Jerry\" <b>bold</b> ]]> it's", "a\tb\nc\rd\r\n",
            "https://example.com/a?b=1&c=2#d", "Zoë — “quoted” … 😀 שלום e\u{301}", "bad\u{1}control\u{FFFE}x",
            String(repeating: "abc&<>\"", count: 50), "\u{7F}del", "&amp; already",
        ] + (0x09...0x7E).compactMap { Unicode.Scalar($0).map { "x\(Character($0))y" } }

    @Test(arguments: escapingSamples)
    func textAndAttributesAreEscapedExactlyAsLibXML2Does(_ value: String) throws {
        func document(escapedByLibXML2: Bool) throws -> String {
            try self.write { writer throws(FeedError) in
                try writer.startElement("e")
                try writer.attribute("a", value, escapedByLibXML2: escapedByLibXML2)
                try writer.startElement("t")
                try writer.text(value, escapedByLibXML2: escapedByLibXML2)
                try writer.endElement()
                try writer.endElement()
            }
        }
        #expect(try document(escapedByLibXML2: false) == document(escapedByLibXML2: true))
        var bytes = Array(value.utf8)
        let viaBytes = try self.write { writer throws(FeedError) in
            try writer.startElement("t")
            try writer.text(utf8: &bytes)
            try writer.endElement()
        }
        let viaLibXML2 = try self.write { writer throws(FeedError) in
            try writer.startElement("t")
            try writer.text(value, escapedByLibXML2: true)
            try writer.endElement()
        }
        #expect(viaBytes == viaLibXML2)
    }
}
