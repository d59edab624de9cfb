#if ImageCache
    import FeedOutput
    import Foundation
    import Images
    import TestSupport
    import Testing

    /// The copies libvips makes: widths never upscaled, EXIF orientation applied and metadata (GPS) gone, CMYK
    /// and 16-bit input made 8-bit sRGB, an animation's first frame, JPEG for opaque and PNG for transparent
    /// pictures, names from the copies' own bytes, and every bad input refused with its cause. The copies are
    /// read back with Debian's `vipsheader` and `vips` tools, not with the code under test.
    @Suite struct ThumbnailerTests {
        let thumbnailer = Thumbnailer(widths: [320, 640, 1280])

        func copies(_ name: String, widths: [Int] = [320, 640, 1280]) throws -> [ImageCopy] {
            try Thumbnailer(widths: widths).copies(of: try ImageFixtures.bytes(name))
        }

        func refusal(_ bytes: [UInt8]) -> ImageError? {
            do {
                _ = try thumbnailer.copies(of: bytes)
                return nil
            } catch {
                return error
            }
        }

        /// Runs a libvips command-line tool on `copy` written to a file; its standard output.
        func tool(_ name: String, _ arguments: [String], on copy: ImageCopy) async throws -> String {
            let folder = TemporaryFolder()
            let file = folder.url.appending(path: copy.fileName)
            try Data(copy.bytes).write(to: file)
            let executable = try #require(ChildProcess.findExecutable(name), "\(name) (libvips-tools) is missing")
            let outcome = try await ChildProcess.run(
                executable, arguments.map { $0 == "FILE" ? file.path : $0 },
                environment: ProcessInfo.processInfo.environment)
            #expect(outcome.status == 0, "\(outcome.summary)")
            return outcome.outputText
        }

        /// Runs a libvips command-line tool; its standard output.
        func run(_ name: String, _ arguments: [String]) async throws -> String {
            let executable = try #require(ChildProcess.findExecutable(name), "\(name) (libvips-tools) is missing")
            let outcome = try await ChildProcess.run(
                executable, arguments, environment: ProcessInfo.processInfo.environment)
            #expect(outcome.status == 0, "\(outcome.summary)")
            return outcome.outputText
        }

        /// The mean difference per sample (0-255) from `image` to `reference`, two files of one size.
        func meanDifference(_ image: String, _ reference: String, in folder: TemporaryFolder) async throws -> Double {
            let difference = folder.url.appending(path: "difference.v").path
            let absolute = folder.url.appending(path: "absolute.v").path
            _ = try await run("vips", ["subtract", image, reference, difference])
            _ = try await run("vips", ["abs", difference, absolute])
            let mean = try await run("vips", ["avg", absolute])
            return try #require(Double(mean.trimmingCharacters(in: .whitespacesAndNewlines)), "\(mean)")
        }

        /// How far `copy` is from what Debian's `vipsthumbnail` makes of `original` at the copy's width (libvips'
        /// own thumbnailer as the reference for orientation, colour and the shrink), and how far vipsthumbnail's
        /// own JPEG at the copy's quality is from it: the copy should cost little more than that JPEG. The sizes
        /// must match.
        func differenceFromVipsthumbnail(_ copy: ImageCopy, original: URL, in folder: TemporaryFolder) async throws
            -> (copy: Double, vipsJPEG: Double)
        {
            let made = folder.url.appending(path: copy.fileName).path
            try Data(copy.bytes).write(to: URL(filePath: made))
            let reference = folder.url.appending(path: "reference-\(copy.width).v").path
            let vipsJPEG = folder.url.appending(path: "vipsthumbnail-\(copy.width).jpg").path
            _ = try await run("vipsthumbnail", [original.path, "--size", "\(copy.width)x", "-o", reference])
            _ = try await run(
                "vipsthumbnail", [original.path, "--size", "\(copy.width)x", "-o", vipsJPEG + "[Q=80,strip]"])
            let size = try await run("vipsheader", [reference]).split(separator: " ").first { $0.contains("x") }
            #expect(size.map(String.init) == "\(copy.width)x\(copy.height)", "\(original.lastPathComponent)")
            return (
                try await meanDifference(made, reference, in: folder),
                try await meanDifference(vipsJPEG, reference, in: folder)
            )
        }

        /// JPEGs are decoded at libjpeg's 1/2, 1/4 or 1/8 scale and shrunk by newsfeed's own Lanczos passes, not by
        /// `vips_thumbnail`, and every narrower opaque copy by those passes too: every copy of photos that take
        /// each scale, turned or not, CMYK or grey, and of PNG and WebP, is the size libvips' thumbnailer makes and
        /// looks like it (a copy turned the wrong way, mirrored, in the wrong colours
        /// or shifted differs by tens of levels; the two shrinks differ by a few).
        @Test(arguments: [
            ("photo-400x300.jpg", 7.5), ("photo-400x300.jpg", 3.0), ("photo-400x300.jpg", 1.0),
            ("orientation-6-gps-300x200.jpg", 15.0), ("orientation-6-gps-300x200.jpg", 1.0),
            ("cmyk-200x150.jpg", 12.0), ("grey-200x150.jpg", 9.0), ("photo-400x300.png", 2.0),
            ("photo-400x300.webp", 1.0),
        ])
        func jpegCopiesMatchLibvipsThumbnailer(name: String, scale: Double) async throws {
            let folder = TemporaryFolder()
            let small = folder.url.appending(path: "small-\(name)")
            try Data(try ImageFixtures.bytes(name)).write(to: small)
            let original = folder.url.appending(path: "original-\(name)")
            // `vips resize` keeps the EXIF orientation and the CMYK or grey colour space.
            let options = name.hasSuffix(".jpg") ? "[Q=92]" : ""
            _ = try await run("vips", ["resize", small.path, original.path + options, "\(scale)"])
            let made = try Thumbnailer(widths: [100, 320, 640, 1280]).copies(
                of: [UInt8](try Data(contentsOf: original)))
            #expect(!made.isEmpty)
            for copy in made {
                let difference = try await differenceFromVipsthumbnail(copy, original: original, in: folder)
                #expect(difference.copy < difference.vipsJPEG * 1.2 + 0.5, "\(name) × \(scale) at \(copy.width)")
            }
        }

        @Test func theJPEGScaleIsTheLargestThatStillReachesTheWidth() {
            #expect(Thumbnailer.jpegShrink(side: 3000, width: 1280) == 2)
            #expect(Thumbnailer.jpegShrink(side: 2400, width: 1280) == 1)
            #expect(Thumbnailer.jpegShrink(side: 2560, width: 1280) == 2)
            #expect(Thumbnailer.jpegShrink(side: 2559, width: 1280) == 2)
            #expect(Thumbnailer.jpegShrink(side: 2558, width: 1280) == 1)
            #expect(Thumbnailer.jpegShrink(side: 400, width: 100) == 4)
            #expect(Thumbnailer.jpegShrink(side: 12_000, width: 320) == 8)
            #expect(Thumbnailer.jpegShrink(side: 120, width: 120) == 1)
        }

        @Test func widthsAboveTheOriginalGiveNoCopy() throws {
            let made = try copies("photo-400x300.jpg", widths: [100, 200, 640])
            #expect(made.map(\.width) == [100, 200])
            #expect(made.map(\.height) == [75, 150])
            #expect(made.allSatisfy { $0.encoding == .jpeg })
        }

        @Test func anOriginalNarrowerThanEveryWidthIsKeptOnceAtItsOwnSize() throws {
            let made = try copies("small-120x90.jpg")
            #expect(made.map(\.width) == [120])
            #expect(made.map(\.height) == [90])
            // Re-encoded, never passed through.
            #expect(made[0].bytes != (try ImageFixtures.bytes("small-120x90.jpg")))
        }

        @Test func theSameBytesGetTheSameNameAndOtherBytesAnother() throws {
            let first = try copies("photo-400x300.jpg", widths: [100, 200])
            let again = try copies("photo-400x300.jpg", widths: [100, 200])
            #expect(first.map(\.fileName) == again.map(\.fileName))
            #expect(first[0].fileName != first[1].fileName)
            #expect(first[0].fileName == "\(SHA256.hex(first[0].bytes).prefix(32))-100.jpg")
        }

        @Test func exifOrientationIsAppliedAndGPSIsGone() async throws {
            let copy = try #require(try copies("orientation-6-gps-300x200.jpg", widths: [100]).first)
            // Stored 300 × 200 with orientation 6: seen 200 × 300, so 100 wide is 150 high.
            #expect((copy.width, copy.height) == (100, 150))
            let header = try await tool("vipsheader", ["-a", "FILE"], on: copy)
            #expect(header.contains("100x150"), "\(header)")
            #expect(!header.lowercased().contains("gps"), "\(header)")
            #expect(!header.lowercased().contains("exif"), "\(header)")
            #expect(!header.contains("orientation"), "\(header)")
        }

        @Test func aCMYKJPEGBecomesSRGB() async throws {
            let copy = try #require(try copies("cmyk-200x150.jpg", widths: [100]).first)
            #expect(copy.encoding == .jpeg)
            let header = try await tool("vipsheader", ["FILE"], on: copy)
            #expect(header.contains("3 bands, srgb"), "\(header)")
        }

        @Test func anAnimatedGIFGivesItsFirstFrame() async throws {
            let made = try copies("animated-red-green-blue.gif")
            #expect(made.map(\.width) == [120])
            let copy = try #require(made.first)
            #expect(copy.encoding == .jpeg)
            let header = try await tool("vipsheader", ["FILE"], on: copy)
            #expect(header.contains("120x80"), "\(header)")
            let pixel = try await tool("vips", ["getpoint", "FILE", "60", "40"], on: copy)
            let channels = pixel.split(separator: " ").compactMap {
                Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            #expect(channels.count == 3, "\(pixel)")
            // Red: the first frame (green and blue come later).
            #expect(channels.first ?? 0 > 200 && channels.dropFirst().allSatisfy { $0 < 60 }, "\(pixel)")
        }

        @Test func aSixteenBitPNGWithAlphaBecomesAnEightBitPNG() async throws {
            let copy = try #require(try copies("rgba16-80x60.png").first)
            #expect(copy.encoding == .png)
            #expect((copy.width, copy.height) == (80, 60))
            // IHDR: bit depth 8, colour type 6 (RGBA).
            #expect(copy.bytes[24] == 8)
            #expect(copy.bytes[25] == 6)
            let header = try await tool("vipsheader", ["FILE"], on: copy)
            #expect(header.contains("uchar, 4 bands, srgb"), "\(header)")
        }

        @Test func transparencyKeepsPNGAndAnAlphaThatHidesNothingGivesJPEG() throws {
            #expect(try copies("transparent-corners-160x120.png").map(\.encoding) == [.png])
            #expect(try copies("opaque-rgba-160x120.png").map(\.encoding) == [.jpeg])
        }

        @Test(arguments: ["photo-400x300.webp", "photo-160x120.tiff", "photo-400x300.heic", "photo-400x300.png"])
        func everyAcceptedFormatGivesJPEGCopies(name: String) throws {
            let made = try copies(name, widths: [100])
            #expect(made.map(\.width) == [100])
            #expect(made.map(\.encoding) == [.jpeg])
            #expect(Array(made[0].bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        }

        @Test func aTruncatedJPEGIsAFailureNotAHalfGreyCopy() throws {
            let error = refusal(try ImageFixtures.bytes("truncated-photo.jpg"))
            guard case .corrupt = error else {
                Issue.record("a truncated JPEG gave \(String(describing: error))")
                return
            }
        }

        @Test func aPNGBombIsRefusedBeforeDecoding() throws {
            #expect(
                refusal(try ImageFixtures.bytes("bomb-50000x50000.png"))
                    == .tooManyPixels(width: 50_000, height: 50_000, limit: ImageLimits.standard.maxPixels))
        }

        @Test func anSVGHtmlAndEmptyBytesAreRefusedWithTheirCause() throws {
            #expect(refusal(try ImageFixtures.bytes("script.svg")) == .svg)
            #expect(refusal(try ImageFixtures.bytes("page-answered-as-image.html")) == .notAnImage)
            #expect(refusal([]) == .empty)
        }

        @Test func bytesThatStartAsJPEGButAreGarbageAreCorrupt() {
            let garbage: [UInt8] =
                [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, 0, 10, 0, 10, 3] + Array(repeating: 0x55, count: 500)
            guard case .corrupt = refusal(garbage) else {
                Issue.record("garbage behind a JPEG header was taken")
                return
            }
        }

        @Test func manyImagesAtOnceAreSafe() async throws {
            let bytes = try ImageFixtures.bytes("photo-400x300.jpg")
            let names = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 {
                    group.addTask { try Thumbnailer(widths: [100, 200]).copies(of: bytes).map(\.fileName) }
                }
                return try await group.reduce(into: Set<[String]>()) { $0.insert($1) }
            }
            #expect(names.count == 1)
        }
    }
#endif
