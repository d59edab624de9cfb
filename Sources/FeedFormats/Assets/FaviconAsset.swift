import Foundation

/// The pages' icon (an orange feed symbol, SVG), written to `assets/` by every build so
/// browsers find it through the pages' `<link rel="icon">` instead of asking for `/favicon.ico`.
public enum FaviconAsset {
    /// Path inside the output folder, relative to the index.
    public static let relativePath = "assets/favicon.svg"

    public static let data = Data(
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">\
        <rect width="16" height="16" rx="3" fill="#f26522"/>\
        <circle cx="4.5" cy="11.5" r="1.6" fill="#fff"/>\
        <path d="M3 7.2a5.8 5.8 0 0 1 5.8 5.8M3 3.6a9.4 9.4 0 0 1 9.4 9.4" \
        fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round"/>\
        </svg>

        """.utf8)

    /// The `<link>` the pages carry (relative: the index sits at the folder's root).
    public static let linkElement = "<link rel=\"icon\" type=\"image/svg+xml\" href=\"\(relativePath)\">"
}
