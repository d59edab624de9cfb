import Foundation
import NewsModel

/// A feed ready to render: channel metadata plus its stories, newest first.
///
/// Format-neutral, so RSS, Atom and JSON Feed renderers all start from it.
public struct FeedDocument: Sendable, Hashable {
    /// Human title, e.g. "Health — United States · Top headlines".
    public var title: String
    /// The channel's home link (absolute).
    public var link: URL
    /// Where this very feed is served (absolute): `site` + the feed's path.
    public var selfURL: URL
    public var description: String
    /// BCP 47 / RSS language code, e.g. `en-us`, when known.
    public var language: String?
    /// The build time (`lastBuildDate`).
    public var updated: Date
    /// Minutes readers may cache the feed.
    public var ttlMinutes: Int
    /// e.g. `newsfeed 1.0.0`.
    public var generator: String
    public var stories: [Story]
    /// The formats this feed is written in, in the config's order: the HTML page links to each,
    /// and the XML and JSON formats name the page as their home when `html` is among them.
    public var formats: [FeedFormat]
    /// Where the output folder is served (ends with `/`): the page finds `assets/` and the OPML
    /// list of every feed under it.
    public var site: URL
    /// Signs the HTML page shows before a story's title, keyed by the article URL
    /// (`absoluteString`), e.g. a star on bookmarked stories. Empty by default.
    public var itemMarks: [String: [ItemMark]] = [:]
    /// The order the stories are in, which the HTML page states; nil says nothing.
    public var storyOrder: StoryOrder?
    /// The WebSub hubs the feed names (W3C WebSub §4): RSS and Atom as `rel="hub"` links beside the one
    /// `rel="self"`, JSON Feed as `hubs`. Empty by default: no hub is advertised.
    public var hubs: [URL] = []
    /// The channel's picture, absolute http(s): a publisher's feed's own logo (issue 27, point 1), written as RSS
    /// `<image>`, Atom `<logo>` and JSON Feed `icon`. Nil for every other feed: none is written.
    public var image: URL?

    /// A document with every field given; `site` defaults to `link`.
    public init(
        title: String, link: URL, selfURL: URL, description: String, language: String?, updated: Date,
        ttlMinutes: Int, generator: String, stories: [Story], formats: [FeedFormat] = [.rss], site: URL? = nil
    ) {
        self.formats = formats
        self.site = site ?? link
        self.title = title
        self.link = link
        self.selfURL = selfURL
        self.description = description
        self.language = language
        self.updated = updated
        self.ttlMinutes = ttlMinutes
        self.generator = generator
        self.stories = stories
    }

    /// Where this feed is served in `format`: ``selfURL`` (the RSS address) with that extension.
    public func url(of format: FeedFormat) -> URL {
        format == .rss ? selfURL : selfURL.deletingPathExtension().appendingPathExtension(format.fileExtension)
    }

    /// Where the OPML list of every feed is served.
    public var opmlURL: URL { site.appending(path: SiteLayout.opmlFileName) }
}
