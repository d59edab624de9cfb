import Images
import Testing

/// The checks made before any decoding, cheapest first: empty, too many bytes, not an image, SVG, declared
/// pixels, a header cut short. Each bad input of issue 17 that needs no decoder to refuse.
@Suite struct SourceImageTests {
    func refusal(_ bytes: [UInt8], limits: ImageLimits = .standard) -> ImageError? {
        do {
            _ = try SourceImage(bytes: bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func aZeroByteImageIsRefused() {
        #expect(refusal([]) == .empty)
        #expect(ImageError.empty.description == "not an image: the answer was empty")
    }

    @Test func htmlAnsweredAsAnImageIsNotAnImage() throws {
        #expect(refusal(try ImageFixtures.bytes("page-answered-as-image.html")) == .notAnImage)
    }

    @Test func anSVGWithAScriptIsNeverCached() throws {
        #expect(refusal(try ImageFixtures.bytes("script.svg")) == .svg)
    }

    @Test func aPNGBombIsRefusedFromItsHeader() throws {
        let error = refusal(try ImageFixtures.bytes("bomb-50000x50000.png"))
        #expect(error == .tooManyPixels(width: 50_000, height: 50_000, limit: ImageLimits.standard.maxPixels))
        #expect(error?.description.contains("refused before decoding") == true)
    }

    @Test func aSixtyMegabyteImageIsRefused() throws {
        let jpeg = try ImageFixtures.bytes("photo-400x300.jpg")
        let huge = jpeg + [UInt8](repeating: 0, count: 60 << 20)
        #expect(refusal(huge) == .tooLarge(limit: 20 << 20))
    }

    @Test func aLongStripIsRefusedLikeABomb() {
        // 100,000 × 10 is only a megapixel, but no story picture is a 100,000-pixel strip.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0x00, 0x01, 0x86, 0xA0, 0, 0, 0, 10, 8, 2, 0, 0, 0]
        #expect(refusal(png) == .tooManyPixels(width: 100_000, height: 10, limit: ImageLimits.standard.maxPixels))
    }

    @Test func aJPEGWhoseHeaderIsCutIsCorrupt() throws {
        let jpeg = try ImageFixtures.bytes("photo-400x300.jpg")
        guard case .corrupt = refusal(Array(jpeg.prefix(100))) else {
            Issue.record("a JPEG cut before its frame header was taken")
            return
        }
    }

    @Test func aGoodPhotoPasses() throws {
        let source = try SourceImage(bytes: try ImageFixtures.bytes("photo-400x300.jpg"), limits: .standard)
        #expect(source.format == .jpeg)
        #expect(source.declared == ImageDimensions(width: 400, height: 300))
    }
}

/// A download cut short is refused from its structure, before libvips (which pads a cut JPEG with grey).
@Suite struct ImageCompletenessTests {
    @Test(arguments: [
        "photo-400x300.jpg", "photo-400x300.png", "photo-400x300.webp", "animated-red-green-blue.gif",
        "cmyk-200x150.jpg", "rgba16-80x60.png",
    ])
    func completeImagesPassAndTheirFirstHalvesDoNot(name: String) throws {
        let bytes = try ImageFixtures.bytes(name)
        #expect(throws: Never.self) { try SourceImage(bytes: bytes, limits: .standard) }
        do {
            _ = try SourceImage(bytes: Array(bytes.prefix(bytes.count / 2)), limits: .standard)
            Issue.record("half of \(name) was taken")
        } catch {
            guard case .corrupt(let reason) = error else {
                Issue.record("half of \(name): \(error)")
                return
            }
            #expect(reason.contains("truncated") || reason.contains("cut short"), "\(reason)")
        }
    }

    @Test func aJPEGWithBytesAfterItsEndIsStillWhole() throws {
        let bytes = try ImageFixtures.bytes("photo-400x300.jpg") + Array("appended".utf8)
        #expect(throws: Never.self) { try SourceImage(bytes: bytes, limits: .standard) }
    }
}
