import Foundation

/// Turns NewsAPI's `urlToImage` into an enclosure-ready ``StoryImage``.
public enum ImageURL {
    /// MIME types by lowercased file extension; anything else is sent as `image/jpeg`,
    /// the type of most news pictures served without an extension.
    public static let mimeTypes: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "svg": "image/svg+xml",
        "ico": "image/x-icon",
    ]

    /// The fallback MIME type.
    public static let defaultMIMEType = "image/jpeg"

    /// The image at `text` (absolute http(s), protocol-relative taken as https, percent-encoded when
    /// needed) with its MIME type guessed from the extension and length 0 (unknown); nil when unusable.
    public static func image(from text: String?) -> StoryImage? {
        guard let text, let link = ArticleURL.link(from: text) else { return nil }
        return StoryImage(link: link.link, mimeType: link.imageMIMEType, length: 0)
    }

    /// The MIME type for `url`'s path extension.
    public static func mimeType(for url: URL) -> String {
        mimeTypes[url.pathExtension.lowercased()] ?? defaultMIMEType
    }
}
