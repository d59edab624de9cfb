import Foundation

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

    public init(
        title: String, link: URL, selfURL: URL, description: String, language: String?, updated: Date,
        ttlMinutes: Int, generator: String, stories: [Story]
    ) {
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
}
