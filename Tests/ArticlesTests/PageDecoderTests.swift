import Foundation
import Testing

@testable import Articles

@Suite struct PageDecoderTests {
    @Test func metaCharsetWindows1252IsDecoded() {
        let bytes: [UInt8] = Array("<html><head><meta charset=\"windows-1252\"></head><body>caf".utf8) + [0xE9, 0x93]
        let text = String(decoding: PageDecoder.utf8(bytes), as: UTF8.self)
        #expect(text.hasSuffix("café“"))
    }

    @Test func httpEquivCharsetIsFound() {
        let page = Array("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\">".utf8)
        #expect(PageCharset.detect(page, httpCharset: nil).name == "WINDOWS-1252")
    }

    @Test func httpHeaderCharsetWinsOverMeta() {
        let page = Array("<meta charset=\"utf-8\">".utf8) + [0xE9]
        #expect(PageCharset.detect(page, httpCharset: "iso-8859-2").name == "ISO-8859-2")
    }

    @Test func byteOrderMarkWinsAndIsDropped() {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("<p>hé</p>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(String(decoding: PageDecoder.utf8(utf16), as: UTF8.self) == "<p>hé</p>")
    }

    @Test func legacyCharsetGoesThroughIconv() {
        // "Привет" in KOI8-R.
        let bytes: [UInt8] = Array("<meta charset=koi8-r>".utf8) + [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
        #expect(String(decoding: PageDecoder.utf8(bytes), as: UTF8.self).hasSuffix("Привет"))
    }

    @Test func invalidBytesBecomeReplacementCharacters() {
        let bytes: [UInt8] = Array("<p>a".utf8) + [0xC3, 0x28, 0xFF] + Array("b</p>".utf8)
        let text = String(decoding: PageDecoder.utf8(bytes), as: UTF8.self)
        #expect(text == "<p>a\u{FFFD}(\u{FFFD}b</p>")
    }

    @Test func invalidBytesForADeclaredLegacyCharsetDoNotStopDecoding() {
        // 0x80 is no character in Shift_JIS's lead positions followed by an ASCII byte here.
        let bytes: [UInt8] =
            Array("<meta charset=shift_jis><p>".utf8) + [0x82, 0xA0, 0x85, 0xFF, 0x41] + Array("</p>".utf8)
        let text = String(decoding: PageDecoder.utf8(bytes), as: UTF8.self)
        #expect(text.hasPrefix("<meta charset=shift_jis><p>あ"))
        #expect(text.hasSuffix("A</p>"))
        #expect(text.contains("\u{FFFD}"))
    }

    @Test func controlCharactersXMLForbidsAreDropped() {
        let bytes: [UInt8] = Array("<p>a".utf8) + [0x00, 0x01, 0x0B] + Array("b\tc</p>".utf8)
        #expect(String(decoding: PageDecoder.utf8(bytes), as: UTF8.self) == "<p>ab\tc</p>")
    }

    @Test func utf8BytesInAPageClaimingLatin1StayUTF8() {
        let bytes = Array("<meta charset=iso-8859-1><p>café</p>".utf8)
        #expect(String(decoding: PageDecoder.utf8(bytes), as: UTF8.self).contains("café"))
    }

    /// Issue 28, point 6: a <meta> that lies is overruled by strictly valid UTF-8 (any script), the HTTP header
    /// is not (a browser obeys it), and real legacy bytes stay in their charset.
    @Test func aLyingMetaLosesToValidUTF8ButTheHTTPHeaderIsObeyed() {
        let cyrillic = Array("<meta charset=windows-1251><p>Новости гавани</p>".utf8)
        #expect(String(decoding: PageDecoder.utf8(cyrillic), as: UTF8.self).contains("Новости гавани"))
        let latin = Array("<meta charset=iso-8859-1><p>café</p>".utf8)
        #expect(
            String(decoding: PageDecoder.utf8(latin, httpCharset: "windows-1252"), as: UTF8.self).contains("cafÃ©"))
        #expect(String(decoding: PageDecoder.utf8(latin, httpCharset: "utf-8"), as: UTF8.self).contains("café"))
        // A real windows-1252 page (not valid UTF-8) that claims UTF-8 nowhere stays windows-1252.
        let legacy: [UInt8] = Array("<meta charset=windows-1252><p>".utf8) + [0x93, 0x63, 0x61, 0x66, 0xE9, 0x94]
        #expect(String(decoding: PageDecoder.utf8(legacy), as: UTF8.self).contains("\u{201C}café\u{201D}"))
    }
}

@Suite struct PageDecodingAsBrowsersTests {
    static let body =
        "<html><head><title>Budget</title></head><body><article>"
        + String(repeating: "<p>The council met on Tuesday, and it approved the plan.</p>", count: 5)
        + "</article></body></html>"

    @Test func aPageWithANulByteIsReadWithoutIt() throws {
        var bytes = Array(Self.body.utf8)
        bytes.insert(0, at: bytes.count / 2)
        let article = try ArticleExtractor().extract(bytes, url: nil, contentType: "text/html")
        #expect(article.text.contains("approved the plan"))
    }

    @Test func utf16LittleEndianFromTheHTTPHeaderIsDecodedWithoutAByteOrderMark() throws {
        let bytes = Array(Self.body.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let article = try ArticleExtractor().extract(bytes, url: nil, contentType: "text/html; charset=utf-16le")
        #expect(article.text.contains("approved the plan"))
        let big = Array(Self.body.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let bigArticle = try ArticleExtractor().extract(big, url: nil, contentType: "text/html; charset=UTF-16BE")
        #expect(bigArticle.text.contains("approved the plan"))
    }
}
