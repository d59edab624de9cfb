#if ImageCache
    import CVips
#endif

/// The image library built in, if any: libvips with the `ImageCache` trait, nothing without it.
public enum ImageLibrary {
    /// `libvips 8.14.1`, or nil in a build without the `ImageCache` trait.
    public static var versionSummary: String? {
        #if ImageCache
            "libvips \(String(cString: vips_version_string()))"
        #else
            nil
        #endif
    }
}
