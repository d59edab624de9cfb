import Foundation

/// An image carried by a story: the enclosure and Media RSS picture.
public struct StoryImage: Sendable, Hashable, Codable {
    /// Absolute http(s) URL.
    public var url: URL {
        get { link.url }
        set { link = StoryLink(newValue) }
    }
    /// ``url`` as text (see ``StoryLink``).
    package var link: StoryLink
    /// MIME type, e.g. `image/jpeg`.
    public var mimeType: String
    /// Size in bytes; 0 when unknown.
    public var length: Int
    /// The image cache's copies, narrowest first, the widest being this image itself; empty when the
    /// image is not cached (the story then carries its original URL).
    public var copies: [StoryImageCopy]

    public init(url: URL, mimeType: String, length: Int = 0) {
        self.init(link: StoryLink(url), mimeType: mimeType, length: length)
    }

    /// ``init(url:mimeType:length:)`` from a link, so no `URL` need be made.
    package init(link: StoryLink, mimeType: String, length: Int = 0) {
        self.link = link
        self.mimeType = mimeType
        self.length = length
        copies = []
    }

    /// The widest of `copies` as the image (its enclosure), with every copy for thumbnails and `srcset`; nil
    /// when there are none.
    public init?(copies: [StoryImageCopy]) {
        let sorted = copies.sorted { $0.width < $1.width }
        guard let widest = sorted.last else { return nil }
        self.init(link: widest.link, mimeType: widest.mimeType, length: widest.length)
        self.copies = sorted
    }

    /// The widest copy (the image itself), when cached.
    public var widestCopy: StoryImageCopy? { copies.last }

    /// The narrowest copy (the thumbnail), when cached.
    public var narrowestCopy: StoryImageCopy? { copies.first }

    /// The keys and value types as they were when the URL was stored as a `URL`.
    private enum CodingKeys: String, CodingKey {
        case url, mimeType, length, copies
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(URL.self, forKey: .url),
            mimeType: try container.decode(String.self, forKey: .mimeType),
            length: try container.decode(Int.self, forKey: .length))
        copies = try container.decodeIfPresent([StoryImageCopy].self, forKey: .copies) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(length, forKey: .length)
        if !copies.isEmpty { try container.encode(copies, forKey: .copies) }
    }
}
