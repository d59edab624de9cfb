import NewsModel

extension FeedFormat {
    /// The renderer that writes this format.
    public var renderer: any FeedRenderer {
        switch self {
        case .rss: RSSRenderer()
        case .atom: AtomRenderer()
        case .json: JSONFeedRenderer()
        case .html: FeedPageRenderer()
        }
    }

    /// The media type `serve` sends, without parameters.
    public var mediaType: String { renderer.mediaType }
}
