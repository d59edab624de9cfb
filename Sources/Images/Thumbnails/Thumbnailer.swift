#if ImageCache
    import CVips

    /// Makes the copies of one story image through libvips: every configured width the original reaches (never
    /// upscaled), or one copy at the original's own width when it is narrower than all of them.
    ///
    /// The source is decoded once, for the widest copy. A JPEG (nearly every story picture) is opened at the
    /// largest of libjpeg's 1/8, 1/4 and 1/2 scales that still gives the widest copy's width, like Pillow's
    /// `draft` (a 3,000-pixel photo is decoded at 1,500 for a 1,280-pixel copy; libvips 8.14's own thumbnailer
    /// keeps a further factor of two and decoded it at 3,000), then put in sRGB (CMYK and grey too), shrunk with
    /// Lanczos 3 and turned upright by its EXIF orientation. Other formats go through `vips_thumbnail_buffer`,
    /// which shrinks WebP while decoding, applies the orientation, converts to sRGB and takes an animation's
    /// first frame. Both fail on a truncated or corrupt file rather than padding it with grey, whatever its header
    /// declares. The narrower copies are shrunk from the widest copy's pixels in memory: decoding the source again
    /// for each width cost more than the rest of the work together (bench/README.md, "images"). Each copy is re-encoded with its metadata stripped (EXIF, GPS,
    /// XMP, comments): JPEG when it is opaque, PNG when some pixel is transparent.
    public struct Thumbnailer: Sendable {
        /// The widths asked for, ascending (config `images.widths`).
        public var widths: [Int]
        public var limits: ImageLimits
        /// JPEG quality of the copies.
        public var quality: Int

        public init(widths: [Int], limits: ImageLimits = .standard, quality: Int = 80) {
            self.widths = widths.sorted()
            self.limits = limits
            self.quality = quality
        }

        /// The copies of `bytes`, narrowest first. Blocking (libvips decodes on the calling thread): call it
        /// from a thread of its own, not from a task of the cooperative pool.
        public func copies(of bytes: [UInt8]) throws(ImageError) -> [ImageCopy] {
            let source = try SourceImage(bytes: bytes, limits: limits)
            try VipsRuntime.start()
            let header = try header(of: source)
            let reached = widths.filter { $0 <= header.seen.width }
            let made = reached.isEmpty ? [header.seen.width] : reached
            let widest = try decoded(source, header: header, width: made[made.count - 1])
            defer { newsfeed_vips_release(widest) }
            var copies: [ImageCopy] = []
            for width in made.dropLast() {
                copies.append(try copy(of: widest, width: width))
            }
            copies.append(try encode(widest))
            return copies
        }

        /// The stored size and whether the EXIF orientation turns it, from libvips' lazy header-only open: the
        /// pixel check that covers TIFF and HEIF, and the loader must match the magic bytes.
        func header(of source: SourceImage) throws(ImageError) -> SourceHeader {
            let opened = source.bytes.withUnsafeBytes { newsfeed_vips_header($0.baseAddress, $0.count) }
            guard let image = opened else {
                throw .corrupt(
                    reason: "libvips cannot read it as \(source.format.displayName) (\(VipsRuntime.takeError()))")
            }
            defer { newsfeed_vips_release(image) }
            let loader = newsfeed_vips_loader(image).map { String(cString: $0) } ?? ""
            guard loader.hasPrefix(source.format.loaderPrefix) else {
                throw .corrupt(
                    reason: "its bytes start as \(source.format.displayName) but libvips reads them as \(loader)")
            }
            let stored = ImageDimensions(
                width: Int(newsfeed_vips_width(image)), height: Int(newsfeed_vips_height(image)))
            try limits.check(stored)
            return SourceHeader(stored: stored, turned: (5...8).contains(newsfeed_vips_orientation(image)))
        }

        /// The source decoded into memory as 8-bit sRGB, `width` pixels wide, upright: the widest copy's pixels,
        /// which the narrower copies are made from. The caller releases it.
        func decoded(_ source: SourceImage, header: SourceHeader, width: Int) throws(ImageError)
            -> OpaquePointer
        {
            var decoded: OpaquePointer?
            // The pixels are computed inside the closure, while the bytes are pinned: libvips reads the buffer
            // lazily and does not copy it.
            let status = source.bytes.withUnsafeBytes { bytes -> Int32 in
                if source.format == .jpeg {
                    let shrink = Self.jpegShrink(
                        side: header.turned ? header.stored.height : header.stored.width, width: width)
                    return newsfeed_vips_jpeg_widest(
                        bytes.baseAddress, bytes.count, Int32(shrink), Int32(width), header.turned ? 1 : 0,
                        Self.jpegFailOn, &decoded)
                }
                return Self.thumbnailed(bytes, width: width, into: &decoded)
            }
            guard status == 0, let decoded else { throw decodeFailure(source) }
            newsfeed_vips_forget_source(decoded)
            return decoded
        }

        /// How sensitive the JPEG decoder is: any libjpeg warning fails it (sharp's default, `failOn: 'warning'`).
        /// libvips 8.14 fills the rows a JPEG's data does not reach with grey and fails only on a file cut before
        /// its end marker; data that ends before the rows its header declares (a 7000 × 7000 header over 800 × 600
        /// of data) is only a libjpeg warning, `premature end of data segment`. libvips words every warning into
        /// one process-wide error buffer, which images decoded at once share, so no warning can be told from
        /// another reliably: a JPEG libjpeg warns about for another reason (an unknown JFIF revision) is refused
        /// too, and keeps its original URL.
        static let jpegFailOn = VIPS_FAIL_ON_WARNING

        /// `vips_thumbnail_buffer` `width` pixels wide, in sRGB, in memory (a 1,280-pixel copy is about 4 MB), so the
        /// alpha test, the encoder and the narrower copies read the same pixels, and a truncated source fails here,
        /// before anything is written.
        private static func thumbnailed(
            _ bytes: UnsafeRawBufferPointer, width: Int, into decoded: inout OpaquePointer?
        ) -> Int32 {
            var thumbnail: OpaquePointer?
            guard newsfeed_vips_thumbnail(bytes.baseAddress, bytes.count, Int32(width), &thumbnail) == 0,
                let thumbnail
            else { return -1 }
            defer { newsfeed_vips_release(thumbnail) }
            var converted: OpaquePointer?
            guard newsfeed_vips_srgb(thumbnail, &converted) == 0, let converted else { return -1 }
            defer { newsfeed_vips_release(converted) }
            decoded = newsfeed_vips_copy_memory(converted)
            return decoded == nil ? -1 : 0
        }

        /// The largest JPEG scale-on-decode divisor (8, 4, 2 or 1) that still decodes at least `width` pixels
        /// across `side` (libjpeg rounds a scaled side up).
        public static func jpegShrink(side: Int, width: Int) -> Int {
            [8, 4, 2].first { (side + $0 - 1) / $0 >= width } ?? 1
        }

        /// One copy `width` pixels wide, shrunk from the wider copy's pixels: an opaque one by the same Lanczos 3
        /// passes as a JPEG's widest copy, one with alpha by `vips_thumbnail_image`, which premultiplies it first
        /// (so transparent pixels do not darken their neighbours).
        func copy(of widest: OpaquePointer, width: Int) throws(ImageError) -> ImageCopy {
            var shrunk: OpaquePointer?
            let status: Int32
            if newsfeed_vips_has_alpha(widest) == 0 {
                let factor = Double(newsfeed_vips_width(widest)) / Double(width)
                status = newsfeed_vips_shrink_opaque(widest, factor, &shrunk)
            } else {
                var thumbnail: OpaquePointer?
                status = newsfeed_vips_thumbnail_image(widest, Int32(width), &thumbnail)
                if status == 0, let thumbnail {
                    // Small, and read twice when it has an alpha channel (the test, then the encoder).
                    shrunk = newsfeed_vips_copy_memory(thumbnail)
                    newsfeed_vips_release(thumbnail)
                }
            }
            guard status == 0, let shrunk else { throw .library(reason: VipsRuntime.takeError()) }
            defer { newsfeed_vips_release(shrunk) }
            return try encode(shrunk)
        }

        /// JPEG unless some pixel is transparent; an alpha channel that hides nothing is dropped.
        private func encode(_ image: OpaquePointer) throws(ImageError) -> ImageCopy {
            var opaque = image
            var dropped: OpaquePointer?
            defer { if let dropped { newsfeed_vips_release(dropped) } }
            var transparent = false
            if newsfeed_vips_has_alpha(image) != 0 {
                var minimum = 0.0
                guard newsfeed_vips_alpha_minimum(image, &minimum) == 0 else {
                    throw .library(reason: VipsRuntime.takeError())
                }
                transparent = minimum < 255
                if !transparent {
                    guard newsfeed_vips_drop_alpha(image, &dropped) == 0, let dropped else {
                        throw .library(reason: VipsRuntime.takeError())
                    }
                    opaque = dropped
                }
            }
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            let encoding: ImageCopy.Encoding = transparent ? .png : .jpeg
            let status =
                transparent
                ? newsfeed_vips_png(image, &buffer, &length)
                : newsfeed_vips_jpeg(opaque, Int32(quality), &buffer, &length)
            guard status == 0, let buffer else { throw .library(reason: VipsRuntime.takeError()) }
            defer { newsfeed_vips_free(buffer) }
            let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
            return ImageCopy(
                width: Int(newsfeed_vips_width(image)), height: Int(newsfeed_vips_height(image)), encoding: encoding,
                bytes: bytes)
        }

        /// A source's stored size, and whether its EXIF orientation (5-8) swaps width and height.
        struct SourceHeader {
            var stored: ImageDimensions
            var turned: Bool
            /// The size the picture is seen at.
            var seen: ImageDimensions {
                turned ? ImageDimensions(width: stored.height, height: stored.width) : stored
            }
        }

        private func decodeFailure(_ source: SourceImage) -> ImageError {
            .corrupt(reason: "libvips cannot decode the \(source.format.displayName) (\(VipsRuntime.takeError()))")
        }
    }
#endif
