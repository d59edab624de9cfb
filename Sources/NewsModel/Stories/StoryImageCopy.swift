import Foundation

/// One resized copy of a story image kept by the image cache (`<output>/images/`): where it is served,
/// its true size in pixels and bytes, and its type. Renderers point enclosures at the largest copy,
/// thumbnails at the smallest, and list all of them in the HTML pages' `srcset`.
public struct StoryImageCopy: Sendable, Hashable, Codable {
    /// Absolute http(s) URL under the config's `site`.
    public var url: URL {
        get { link.url }
        set { link = StoryLink(newValue) }
    }
    /// ``url`` as text (see ``StoryLink``).
    package var link: StoryLink
    public var width: Int
    public var height: Int
    /// Size in bytes (always known: the file is ours).
    public var length: Int
    /// `image/jpeg` or `image/png`.
    public var mimeType: String

    public init(url: URL, width: Int, height: Int, length: Int, mimeType: String) {
        self.init(link: StoryLink(url), width: width, height: height, length: length, mimeType: mimeType)
    }

    /// ``init(url:width:height:length:mimeType:)`` from a link, so no `URL` need be made.
    package init(link: StoryLink, width: Int, height: Int, length: Int, mimeType: String) {
        self.link = link
        self.width = width
        self.height = height
        self.length = length
        self.mimeType = mimeType
    }

    private enum CodingKeys: String, CodingKey {
        case url, width, height, length, mimeType
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(URL.self, forKey: .url), width: try container.decode(Int.self, forKey: .width),
            height: try container.decode(Int.self, forKey: .height),
            length: try container.decode(Int.self, forKey: .length),
            mimeType: try container.decode(String.self, forKey: .mimeType))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(length, forKey: .length)
        try container.encode(mimeType, forKey: .mimeType)
    }
}
