#if ImageCache
    import CVips

    /// libvips, started once per process before the first image.
    enum VipsRuntime {
        /// One worker thread per image: the cache runs several images at once under its own cap, which bounds
        /// memory by that cap (docs/image-cache.md, "Limits") and keeps the two cores of a small server shared.
        static let threadsPerImage: Int32 = 1

        /// A `static let` is initialized once, on first use, thread-safely: no lock and no mutable global.
        private static let startStatus: Int32 = newsfeed_vips_start(threadsPerImage)

        /// Throws when libvips could not start (a broken install).
        static func start() throws(ImageError) {
            guard startStatus == 0 else { throw .library(reason: "it could not start (\(takeError()))") }
        }

        /// libvips' error text since the last call, first line only, and clears it.
        static func takeError() -> String {
            let text = vips_error_buffer().map { String(cString: $0) } ?? ""
            vips_error_clear()
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return line.isEmpty ? "no reason given" : line
        }
    }
#endif
