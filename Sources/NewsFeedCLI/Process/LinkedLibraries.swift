import CLibXML2
import CZlib
import Foundation

/// Versions of the C libraries linked in, for `--version`.
public enum LinkedLibraries {
    public static var summary: String {
        let zlib = zlibVersion().map { String(cString: $0) } ?? "?"
        return "libxml2 \(LIBXML_DOTTED_VERSION), zlib \(zlib)"
    }
}
