/// The package traits this binary was built with (`swift build --traits ImageCache`).
///
/// SwiftPM defines every enabled trait as a compilation condition in each target of the package, so the
/// answer is fixed when the binary is built; `--version` prints it and the config refuses what is not in.
public enum BuildTraits {
    /// Whether the image cache (libvips) is built in.
    public static var imageCache: Bool {
        #if ImageCache
            true
        #else
            false
        #endif
    }

    /// The enabled traits by name, for `--version`.
    public static var enabled: [String] {
        imageCache ? ["ImageCache"] : []
    }
}
