#if ImageCache
    import CVips

    /// libvips, loaded (`dlopen`) and started once per process before the first image: commands that never
    /// thumbnail an image never map it or its libraries (docs/image-cache.md, "libvips at run time").
    enum VipsRuntime {
        /// One worker thread per image: the cache runs several images at once under its own cap, which bounds
        /// memory by that cap (docs/image-cache.md, "Limits") and keeps the two cores of a small server shared.
        static let threadsPerImage: Int32 = 1

        /// A `static let` is initialized once, on first use, thread-safely: no lock and no mutable global.
        /// nil once libvips is loaded and started, else why not.
        private static let startFailure: String? = {
            if let reason = newsfeed_vips_load() {
                return "libvips could not be loaded (\(String(cString: reason))); install libvips42"
            }
            return newsfeed_vips_start(threadsPerImage) == 0 ? nil : "it could not start (\(takeError()))"
        }()

        /// Loads libvips on first use; throws when it could not be loaded or started (a broken install).
        static func start() throws(ImageError) {
            if let startFailure { throw .library(reason: startFailure) }
        }

        /// libvips' error text since the last call, first line only, and clears it.
        static func takeError() -> String {
            var buffer = [UInt8](repeating: 0, count: 1024)
            buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { newsfeed_vips_take_error($0.baseAddress, $0.count) }
            }
            let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return line.isEmpty ? "no reason given" : line
        }
    }
#endif
