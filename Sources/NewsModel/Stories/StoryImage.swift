import Foundation

/// An image carried by a story: the enclosure and Media RSS picture.
public struct StoryImage: Sendable, Hashable, Codable {
    /// Absolute http(s) URL.
    public var url: URL
    /// MIME type, e.g. `image/jpeg`.
    public var mimeType: String
    /// Size in bytes; 0 when unknown.
    public var length: Int

    public init(url: URL, mimeType: String, length: Int = 0) {
        self.url = url
        self.mimeType = mimeType
        self.length = length
    }
}
