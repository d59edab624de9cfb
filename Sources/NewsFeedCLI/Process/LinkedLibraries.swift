import FeedFormats
import FeedServe
import Images
import NewsModel

/// Versions of the C libraries linked in and the package traits built in, for `--version`; each target that links
/// a library reports its version, so the CLI imports none of them.
public enum LinkedLibraries {
    /// `libxml2 2.9.14, zlib 1.3; traits: none`, or with the image cache `…, libvips 8.14.1; traits: ImageCache`.
    public static var summary: String {
        let libraries =
            [XMLLibrary.versionSummary, CompressionLibrary.versionSummary]
            + [ImageLibrary.versionSummary].compactMap { $0 }
        let traits = BuildTraits.enabled.isEmpty ? "none" : BuildTraits.enabled.joined(separator: ", ")
        return libraries.joined(separator: ", ") + "; traits: \(traits)"
    }
}
