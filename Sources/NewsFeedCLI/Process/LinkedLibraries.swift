import CLibXML2
import CZlib
import Foundation
import Images
import NewsModel

/// Versions of the C libraries linked in and the package traits built in, for `--version`.
public enum LinkedLibraries {
    /// `libxml2 2.9.14, zlib 1.3; traits: none`, or with the image cache `…, libvips 8.14.1; traits: ImageCache`.
    public static var summary: String {
        let zlib = zlibVersion().map { String(cString: $0) } ?? "?"
        let libraries =
            ["libxml2 \(LIBXML_DOTTED_VERSION)", "zlib \(zlib)"] + [ImageLibrary.versionSummary].compactMap { $0 }
        let traits = BuildTraits.enabled.isEmpty ? "none" : BuildTraits.enabled.joined(separator: ", ")
        return libraries.joined(separator: ", ") + "; traits: \(traits)"
    }
}
