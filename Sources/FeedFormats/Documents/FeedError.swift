/// Problems rendering or reading back a feed.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libxml2 refused to write; `detail` says what it was doing.
    case writerFailed(String)
    /// An existing feed file could not be parsed; `detail` names the cause.
    case unreadable(path: String, detail: String)

    public var description: String {
        switch self {
        case .writerFailed(let detail): "could not render the feed: \(detail)"
        case .unreadable(let path, let detail): "\(path): not a readable RSS feed: \(detail)"
        }
    }
}
