/// A feed file found in the served folder.
public struct FeedFile: Sendable, Hashable {
    /// e.g. `us/health.rss`.
    public var relativePath: String
    public var version: FileVersion

    public init(relativePath: String, version: FileVersion) {
        self.relativePath = relativePath
        self.version = version
    }

    /// The id the bridge state uses: the path without `.rss`, e.g. `us/health`.
    public var feedID: String {
        relativePath.hasSuffix(".rss") ? String(relativePath.dropLast(4)) : relativePath
    }
}
