import Images
import Testing

/// Width and height come from the header alone, so a bomb's declared size is known before anything decodes it.
@Suite struct ImageDimensionsTests {
    @Test(arguments: [
        ("photo-400x300.jpg", ImageFormat.jpeg, 400, 300), ("photo-400x300.png", .png, 400, 300),
        ("photo-400x300.webp", .webp, 400, 300), ("animated-red-green-blue.gif", .gif, 120, 80),
        ("cmyk-200x150.jpg", .jpeg, 200, 150), ("orientation-6-gps-300x200.jpg", .jpeg, 300, 200),
        ("rgba16-80x60.png", .png, 80, 60), ("bomb-50000x50000.png", .png, 50_000, 50_000),
    ])
    func theHeaderDeclaresTheSize(name: String, format: ImageFormat, width: Int, height: Int) throws {
        let dimensions = ImageDimensions(header: try ImageFixtures.bytes(name), format: format)
        #expect(dimensions == ImageDimensions(width: width, height: height))
    }

    @Test func aHeaderCutShortDeclaresNothing() throws {
        let jpeg = try ImageFixtures.bytes("photo-400x300.jpg")
        #expect(ImageDimensions(header: Array(jpeg.prefix(40)), format: .jpeg) == nil)
        #expect(ImageDimensions(header: Array(jpeg.prefix(20)), format: .png) == nil)
    }

    @Test func pixelsDoNotOverflow() {
        #expect(ImageDimensions(width: .max, height: 2).pixels == .max)
    }
}
