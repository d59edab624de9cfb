#if ImageCache
    import Images
    import TestSupport
    import Testing

    /// A picture whose data does not fill what its header declares is refused as `corrupt`, whatever libvips would
    /// fill in (grey rows), and a refusal that may pass: the publisher's file may be whole on a later try.
    @Suite struct DamagedImageTests {
        let thumbnailer = Thumbnailer(widths: [320, 640, 1280])

        func refusal(_ bytes: [UInt8]) -> ImageError? {
            do {
                _ = try thumbnailer.copies(of: bytes)
                return nil
            } catch {
                return error
            }
        }

        /// The file of the trials: an 800 × 600 photo's data under a header saying 7000 × 7000 (49 megapixels,
        /// within the limits), its end marker in place. libvips 8.14 made flat grey copies of it.
        @Test func aJPEGDeclaringMorePixelsThanItsDataHoldsIsCorrupt() throws {
            let photo = try ImageFixtures.bytes("photo-400x300.jpg")
            let error = refusal(DamagedImages.jpeg(photo, declaring: 7000, 7000))
            guard case .corrupt(let reason) = error else {
                Issue.record("a JPEG declaring 7000 × 7000 gave \(String(describing: error))")
                return
            }
            // libvips' words (`premature end of data segment`) come from its one process-wide error buffer, which
            // the images decoded at once share: only the start of the reason is this image's for sure.
            #expect(reason.hasPrefix("libvips cannot decode the JPEG"), "\(reason)")
            #expect(ImageCacheFailure(try #require(error)).cause == "corrupt")
        }

        @Test func aJPEGCutShortWithItsEndMarkerPutBackIsCorrupt() throws {
            let photo = try ImageFixtures.bytes("photo-400x300.jpg")
            let error = refusal(DamagedImages.jpegCut(photo, keeping: 0.6))
            guard case .corrupt = error else {
                Issue.record("a cut JPEG gave \(String(describing: error))")
                return
            }
        }

        @Test func aPNGDeclaringMoreRowsThanItsDataHoldsIsCorrupt() throws {
            let photo = try ImageFixtures.bytes("photo-400x300.png")
            let error = refusal(DamagedImages.png(photo, declaringHeight: 3000))
            guard case .corrupt = error else {
                Issue.record("a PNG declaring 3000 rows gave \(String(describing: error))")
                return
            }
        }

        /// Every libjpeg warning refuses the JPEG (sharp's default): libvips cannot say which warning it was.
        @Test func aJPEGLibjpegWarnsAboutIsRefusedToo() throws {
            let photo = try ImageFixtures.bytes("photo-400x300.jpg")
            let error = refusal(DamagedImages.jpegOfUnknownJFIFRevision(photo))
            guard case .corrupt(let reason) = error else {
                Issue.record("a JPEG of JFIF revision 2.01 gave \(String(describing: error))")
                return
            }
            #expect(reason.hasPrefix("libvips cannot decode the JPEG"), "\(reason)")
        }

        @Test func aCorruptImageIsARefusalThatMayPass() {
            let failure = ImageCacheFailure(ImageError.corrupt(reason: "the JPEG is truncated"))
            #expect(failure.retryable)
            #expect(!ImageCacheFailure(ImageError.svg).retryable)
            #expect(!ImageCacheFailure(ImageError.notAnImage).retryable)
        }
    }
#endif
