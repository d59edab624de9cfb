import Images
import Testing

/// The real format comes from the bytes, never from the content type: each accepted format by its magic number,
/// SVG told apart (never rasterized), and an HTML page, an empty body or garbage are "not an image".
@Suite struct SniffedImageTests {
    @Test(arguments: [
        ("photo-400x300.jpg", ImageFormat.jpeg), ("photo-400x300.png", .png), ("photo-400x300.webp", .webp),
        ("animated-red-green-blue.gif", .gif), ("photo-160x120.tiff", .tiff), ("photo-400x300.heic", .heif),
        ("cmyk-200x150.jpg", .jpeg), ("bomb-50000x50000.png", .png),
    ])
    func eachFormatIsToldByItsMagicNumber(name: String, format: ImageFormat) throws {
        #expect(SniffedImage(try ImageFixtures.bytes(name)) == .image(format))
    }

    @Test func anSVGIsToldApart() throws {
        #expect(SniffedImage(try ImageFixtures.bytes("script.svg")) == .svg)
        #expect(SniffedImage(Array("\u{FEFF}  <svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == .svg)
    }

    @Test func anHTMLPageIsNotAnImageEvenWithInlineSVG() throws {
        #expect(SniffedImage(try ImageFixtures.bytes("page-answered-as-image.html")) == .notAnImage)
        #expect(SniffedImage(Array("<!DOCTYPE html><html><body><svg></svg></body></html>".utf8)) == .notAnImage)
    }

    @Test(arguments: [
        [], [0xFF, 0xD8], Array("GIF8".utf8), Array("RIFF\0\0\0\0WAVE".utf8), Array(repeating: 7, count: 64),
    ])
    func emptyShortOrGarbageBytesAreNotAnImage(bytes: [UInt8]) {
        #expect(SniffedImage(bytes) == .notAnImage)
    }
}
