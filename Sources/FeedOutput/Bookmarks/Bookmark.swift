import Foundation
import NewsModel

/// One favourite article, kept in `<output>/.newsfeed/bookmarks.json`.
public struct Bookmark: Sendable, Hashable, Codable {
    /// The article's URL, normalized like feed items' (its identity).
    public var url: URL
    public var title: String
    /// The publisher's name, when known.
    public var source: String?
    /// The publisher's home page, when known.
    public var sourceURL: URL?
    /// The story's own description, when known.
    public var description: String?
    /// The story's own image, when known.
    public var image: StoryImage?
    /// The user's note.
    public var note: String?
    public var addedAt: Date
    /// The feed the story came from (`us/health`, `ddg/apple`), when it was in one.
    public var feed: String?
    /// The search or DuckDuckGo query of that feed.
    public var query: String?

    public init(
        url: URL, title: String, source: String? = nil, sourceURL: URL? = nil, description: String? = nil,
        image: StoryImage? = nil, note: String? = nil, addedAt: Date, feed: String? = nil, query: String? = nil
    ) {
        self.url = url
        self.title = title
        self.source = source
        self.sourceURL = sourceURL
        self.description = description
        self.image = image
        self.note = note
        self.addedAt = addedAt
        self.feed = feed
        self.query = query
    }
}

/// The saved list, oldest first as added; shown newest first.
public struct BookmarkList: Sendable, Hashable, Codable {
    public static let currentVersion = 1

    public var version: Int
    public var bookmarks: [Bookmark]

    public init(bookmarks: [Bookmark] = []) {
        version = Self.currentVersion
        self.bookmarks = bookmarks
    }

    /// Newest first, as `bookmark list` numbers them (1 is the newest).
    public var newestFirst: [Bookmark] { bookmarks.reversed() }

    /// The bookmark of `url`, if any.
    public func index(of url: URL) -> Int? {
        bookmarks.firstIndex { $0.url.absoluteString == url.absoluteString }
    }
}
