import Foundation

/// A file a story carries besides its picture: a podcast's audio, a video, a document. Feeds write the first as
/// RSS `<enclosure>` (a podcast stays a podcast), every one as Atom `link rel="enclosure"` and JSON Feed attachment.
public struct StoryEnclosure: Sendable, Hashable, Codable {
    /// Absolute http(s) URL.
    public var url: URL {
        get { link.url }
        set { link = StoryLink(newValue) }
    }
    /// ``url`` as text (see ``StoryLink``).
    package var link: StoryLink
    /// MIME type, e.g. `audio/mpeg`; `application/octet-stream` when neither the feed nor the extension says.
    public var mimeType: String
    /// Size in bytes; 0 when unknown.
    public var length: Int

    public init(url: URL, mimeType: String, length: Int = 0) {
        self.init(link: StoryLink(url), mimeType: mimeType, length: length)
    }

    package init(link: StoryLink, mimeType: String, length: Int = 0) {
        self.link = link
        self.mimeType = mimeType
        self.length = max(0, length)
    }

    /// Media RSS's `medium` for the type: `audio`, `video`, `image`, else `document`.
    public var medium: String {
        let major = mimeType.split(separator: "/").first.map(String.init) ?? ""
        return ["audio", "video", "image"].contains(major) ? major : "document"
    }

    /// The MIME type an extension implies for the files podcasts and video feeds carry; nil when unknown.
    public static func mimeType(forExtension ext: String) -> String? {
        switch ext.lowercased() {
        case "mp3": "audio/mpeg"
        case "m4a", "m4b": "audio/mp4"
        case "aac": "audio/aac"
        case "ogg", "oga": "audio/ogg"
        case "opus": "audio/opus"
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        case "mp4", "m4v": "video/mp4"
        case "mov": "video/quicktime"
        case "webm": "video/webm"
        case "pdf": "application/pdf"
        case "epub": "application/epub+zip"
        default: nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case url, mimeType, length
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(URL.self, forKey: .url),
            mimeType: try container.decode(String.self, forKey: .mimeType),
            length: try container.decodeIfPresent(Int.self, forKey: .length) ?? 0)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(length, forKey: .length)
    }
}
