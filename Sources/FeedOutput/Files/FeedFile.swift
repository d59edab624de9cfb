/// A feed file found in the served folder.
public struct FeedFile: Sendable, Hashable {
    /// e.g. `us/health.rss`.
    public var relativePath: String
    /// The file's version when the folder was scanned.
    public var version: FileVersion

    /// A feed file at `relativePath` in the version `version`.
    public init(relativePath: String, version: FileVersion) {
        self.relativePath = relativePath
        self.version = version
    }

    /// The id the bridge state uses: the path without `.rss`, e.g. `us/health`.
    public var feedID: String {
        relativePath.hasSuffix(".rss") ? String(relativePath.dropLast(4)) : relativePath
    }
}
