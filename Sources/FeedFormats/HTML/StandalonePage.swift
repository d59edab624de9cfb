import Foundation
import NewsModel

/// What makes a page stand on its own, as `convert --format html` writes it: opened from a file,
/// with no `assets/` folder and no index beside it.
///
/// Its stylesheet and script are inline, allowed by the Content-Security-Policy through their
/// SHA-256 hashes (the caller computes them: the hash lives below the CLI, not in this target);
/// its icon and, without a site, the default image are data URLs; it links the feed's formats at
/// `site` when one is given, and no page `convert` did not make (no OPML, no index).
public struct StandalonePage: Sendable, Hashable {
    /// `'sha256-…'` of ``PageAssets/stylesheet``, as the CSP's `style-src` takes it.
    public var styleSource: String
    /// `'sha256-…'` of ``PageAssets/script``, as the CSP's `script-src` takes it.
    public var scriptSource: String
    /// Where the feed is published (`--site`): its formats are linked there, and its default
    /// image loads from there; nil when no site was given.
    public var site: URL?

    /// - Parameters:
    ///   - sha256: the SHA-256 digest of its argument's bytes.
    ///   - site: `--site`, when given.
    public init(sha256: ([UInt8]) -> [UInt8], site: URL?) {
        func source(_ text: String) -> String {
            "'sha256-" + Data(sha256(Array(text.utf8))).base64EncodedString() + "'"
        }
        styleSource = source(Self.stylesheet)
        scriptSource = source(PageAssets.script)
        self.site = site
    }

    /// The policy of a standalone page: only its own inline stylesheet and script; images from
    /// data URLs (its icon, the default image) and from publishers.
    public var contentSecurityPolicy: String {
        "default-src 'none'; style-src \(styleSource); script-src \(scriptSource); img-src data: https: http:; "
            + "base-uri 'none'; form-action 'none'"
    }

    /// ``PageAssets/stylesheet`` without its `color-scheme` declarations: the W3C Nu checker's CSS
    /// profile predates the property and reports it as an error inside a page (the `<meta
    /// name="color-scheme">` still tells the browser both themes exist).
    public static var stylesheet: String {
        PageAssets.stylesheet.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                line.split(separator: ";", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("color-scheme:") }
                    .joined(separator: ";")
            }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .joined(separator: "\n")
    }

    /// The bundled default image as a `data:` URL.
    public static var defaultImageDataURL: String {
        "data:\(DefaultImageAsset.mimeType);base64," + DefaultImageAsset.data.base64EncodedString()
    }

    /// The favicon as a `data:` URL.
    public static var faviconDataURL: String {
        "data:image/svg+xml;base64," + FaviconAsset.data.base64EncodedString()
    }
}
