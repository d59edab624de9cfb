/// What a request path resolves to inside the served folder.
public enum RequestPathResolution: Sendable, Hashable {
    /// A regular file inside the root.
    ///
    /// `relativePath` is the decoded path as requested (e.g. `us/health.rss`), which
    /// decides the media type; `realPath` is the absolute path with every symlink
    /// resolved, to open.
    case file(relativePath: String, realPath: String)
    /// A well-formed path that names no file; `relativePath` is decoded, e.g.
    /// `feeds.opml`, so a handler may generate it.
    case absent(relativePath: String)
    /// Never answered with content.
    case refused(PathRefusal)
}
