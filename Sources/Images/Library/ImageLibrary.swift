#if ImageCache
    import CVips
#endif

/// The image library built in, if any: libvips with the `ImageCache` trait, nothing without it.
public enum ImageLibrary {
    /// `libvips 8.14.1`, or nil in a build without the `ImageCache` trait; for `--version`, which loads libvips to name
    /// the one installed (no other command without an image maps it): `libvips.so.42 missing (…)` when it cannot
    /// be loaded, and the image cache then fails on its first image.
    public static var versionSummary: String? {
        #if ImageCache
            if let reason = newsfeed_vips_load() {
                return "\(NEWSFEED_VIPS_SONAME) missing (\(String(cString: reason)))"
            }
            return "libvips \(String(cString: newsfeed_vips_version()))"
        #else
            nil
        #endif
    }
}
