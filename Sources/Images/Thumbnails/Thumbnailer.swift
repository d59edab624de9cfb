#if ImageCache
    import CVips

    /// Makes the copies of one story image through libvips: every configured width the original reaches (never
    /// upscaled), or one copy at the original's own width when it is narrower than all of them.
    ///
    /// The source is decoded once, for the widest copy, with `vips_thumbnail_buffer`, which shrinks JPEG and WebP
    /// while decoding (a 3,000-pixel JPEG is read at half its size for a 1,280-pixel copy), applies the EXIF
    /// orientation, converts to sRGB (CMYK and embedded profiles included), takes an animation's first frame and
    /// fails on a truncated file rather than padding it. The narrower copies are shrunk from that copy's pixels in
    /// memory: decoding the source again for each width cost more than the rest of the work together
    /// (bench/README.md, "images"). Each copy is re-encoded with its metadata stripped (EXIF, GPS, XMP,
    /// comments): JPEG when it is opaque, PNG when some pixel is transparent.
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
            let size = try orientedSize(of: source)
            let reached = widths.filter { $0 <= size.width }
            let made = reached.isEmpty ? [size.width] : reached
            let widest = try decoded(source, width: made[made.count - 1])
            defer { newsfeed_vips_release(widest) }
            var copies: [ImageCopy] = []
            for width in made.dropLast() {
                copies.append(try copy(of: widest, width: width))
            }
            copies.append(try encode(widest))
            return copies
        }

        /// The size the picture is seen at (width and height swapped for orientations 5-8), from libvips' lazy
        /// header-only open: the check that covers TIFF and HEIF, and the loader must match the magic bytes.
        func orientedSize(of source: SourceImage) throws(ImageError) -> ImageDimensions {
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
                width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)))
            try limits.check(stored)
            let turned = (5...8).contains(newsfeed_vips_orientation(image))
            return turned ? ImageDimensions(width: stored.height, height: stored.width) : stored
        }

        /// The source decoded into memory as 8-bit sRGB, `width` pixels wide, upright: the widest copy's pixels,
        /// which the narrower copies are made from. The caller releases it.
        func decoded(_ source: SourceImage, width: Int) throws(ImageError) -> UnsafeMutablePointer<VipsImage> {
            var thumbnail: UnsafeMutablePointer<VipsImage>?
            let status = source.bytes.withUnsafeBytes {
                newsfeed_vips_thumbnail($0.baseAddress, $0.count, Int32(width), &thumbnail)
            }
            guard status == 0, let thumbnail else { throw decodeFailure(source) }
            defer { newsfeed_vips_release(thumbnail) }
            var converted: UnsafeMutablePointer<VipsImage>?
            guard newsfeed_vips_srgb(thumbnail, &converted) == 0, let converted else { throw decodeFailure(source) }
            defer { newsfeed_vips_release(converted) }
            // In memory (a 1,280-pixel copy is about 4 MB), so the alpha test, the encoder and the narrower copies
            // read the same pixels, and a truncated source fails here, before anything is written.
            guard let pixels = vips_image_copy_memory(converted) else { throw decodeFailure(source) }
            newsfeed_vips_forget_source(pixels)
            return pixels
        }

        /// One copy `width` pixels wide, shrunk from the wider copy's pixels.
        func copy(of widest: UnsafeMutablePointer<VipsImage>, width: Int) throws(ImageError) -> ImageCopy {
            var thumbnail: UnsafeMutablePointer<VipsImage>?
            guard newsfeed_vips_thumbnail_image(widest, Int32(width), &thumbnail) == 0, let thumbnail else {
                throw .library(reason: VipsRuntime.takeError())
            }
            defer { newsfeed_vips_release(thumbnail) }
            // Small, and read twice when it has an alpha channel (the test, then the encoder).
            guard let pixels = vips_image_copy_memory(thumbnail) else {
                throw .library(reason: VipsRuntime.takeError())
            }
            defer { newsfeed_vips_release(pixels) }
            return try encode(pixels)
        }

        /// JPEG unless some pixel is transparent; an alpha channel that hides nothing is dropped.
        private func encode(_ image: UnsafeMutablePointer<VipsImage>) throws(ImageError) -> ImageCopy {
            var opaque = image
            var dropped: UnsafeMutablePointer<VipsImage>?
            defer { if let dropped { newsfeed_vips_release(dropped) } }
            var transparent = false
            if vips_image_hasalpha(image) != 0 {
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
            defer { g_free(buffer) }
            let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
            return ImageCopy(
                width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)), encoding: encoding,
                bytes: bytes)
        }

        private func decodeFailure(_ source: SourceImage) -> ImageError {
            .corrupt(reason: "libvips cannot decode the \(source.format.displayName) (\(VipsRuntime.takeError()))")
        }
    }
#endif
