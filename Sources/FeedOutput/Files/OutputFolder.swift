import FeedFormats
import Foundation
import NewsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder: where feeds, assets and newsfeed's state live, and the only
/// way the rest of the code touches them.
///
/// Layout: `<country>/<category>.rss`, `assets/`, `index.html`, `feeds.opml`, and
/// `.newsfeed/` (state and lock; dot-named so `serve` never hands it out).
public struct OutputFolder: Sendable {
    public let root: URL
    /// How its writers wait for a lock another process holds.
    public var lockWaiting: LockWaiting
    /// Set for a run of many state updates in a row (``StateSession``): the lock and the state are kept between
    /// them. Nil by default.
    public var session: StateSession?

    public init(root: URL, lockWaiting: LockWaiting = LockWaiting()) {
        self.root = root.standardizedFileURL
        self.lockWaiting = lockWaiting
    }

    public var stateFolder: URL { root.appending(path: ".newsfeed") }
    public var stateFile: URL { stateFolder.appending(path: "state.json") }
    public var lock: OutputLock {
        OutputLock(path: stateFolder.appending(path: "lock").path, waiting: lockWaiting, session: session)
    }

    /// Creates the folder and its state folder, so an unusable `output` (a file in the
    /// way, no permission) is reported once, before any upstream request is spent.
    public func prepare() throws(OutputError) {
        do {
            try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        } catch {
            // Something standing where the state folder belongs is the state folder's problem;
            // anything else (no permission, a missing parent) is the output folder's.
            let refusing = FileManager.default.fileExists(atPath: stateFolder.path) ? stateFolder : root
            throw .unusableFolder(
                path: refusing.path, reason: Self.obstacle(to: stateFolder) ?? SystemErrorText.reason(of: error))
        }
        for folder in [root, stateFolder] where access(folder.path, W_OK | X_OK) != 0 {
            throw .unusableFolder(path: folder.path, reason: SystemErrorText.reason(errno: errno))
        }
    }

    /// "`/a/b` is a file, not a folder" when a file stands where a folder should be.
    static func obstacle(to folder: URL) -> String? {
        var candidate = folder
        while candidate.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : "\(candidate.path) is a file, not a folder"
            }
            candidate.deleteLastPathComponent()
        }
        return nil
    }

    /// Where `spec`'s feed file lives.
    public func fileURL(for spec: FeedSpec) -> URL { root.appending(path: spec.relativePath) }

    /// Where `spec`'s feed file in `format` lives.
    public func fileURL(for spec: FeedSpec, format: FeedFormat) -> URL {
        root.appending(path: spec.relativePath(for: format))
    }

    /// Where `spec`'s history (its RSS rendering) is kept when `rss` is not among the formats:
    /// `.newsfeed/history/<cc>/<cat>.rss`, inside the state folder `serve` never hands out.
    public func historyFileURL(for spec: FeedSpec) -> URL {
        stateFolder.appending(path: "history").appending(path: spec.relativePath)
    }

    /// Where a path relative to the output folder lives.
    public func fileURL(relativePath: String) -> URL { root.appending(path: relativePath) }

    /// The file's bytes, or nil when it does not exist.
    public func readIfPresent(_ url: URL) throws(OutputError) -> Data? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { throw .readFailed(path: url.path, reason: "is a folder, not a file") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .readFailed(path: url.path, reason: SystemErrorText.reason(of: error))
        }
    }

    /// Writes `data` atomically unless the file already holds exactly these bytes,
    /// so unchanged files keep their modification time. Returns whether it wrote.
    @discardableResult
    public func writeIfChanged(_ data: Data, to url: URL) throws(OutputError) -> Bool {
        try checkConfined(url)
        if let existing = try? readIfPresent(url), existing == data {
            return false
        }
        try AtomicFileWriter.write(data, to: url)
        return true
    }

    /// Writes the bundled default image into `assets/` (when changed) and returns
    /// it as a story image under `site`.
    public func installDefaultImage(site: URL) throws(OutputError) -> StoryImage {
        try writeIfChanged(DefaultImageAsset.data, to: fileURL(relativePath: DefaultImageAsset.relativePath))
        return DefaultImageAsset.storyImage(site: site)
    }

    /// Writes the HTML pages' assets into `assets/` (each only when changed, so their
    /// modification times and ETags stay put), with or without the bundled default image.
    public func installPageAssets(includingDefaultImage: Bool) throws(OutputError) {
        for asset in PageAssets.files
        where includingDefaultImage || asset.relativePath != DefaultImageAsset.relativePath {
            try writeIfChanged(asset.data, to: fileURL(relativePath: asset.relativePath))
        }
    }

    /// Removes the temporary files killed runs left (``AtomicFileWriter``'s `.<name>.<hex>.tmp`),
    /// anywhere in the folder, so a folder published with rsync or to an object store never carries
    /// them. Call while holding the lock: every writer holds it while its temporary files exist, so
    /// any found then is stale. Symlinked folders are not followed. Returns how many it removed.
    @discardableResult
    public func removeStaleTemporaryFiles() -> Int {
        guard
            let walk = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [])
        else { return 0 }
        var removed = 0
        for case let url as URL in walk where AtomicFileWriter.isTemporaryName(url.lastPathComponent) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if unlink(url.path) == 0 { removed += 1 }
        }
        return removed
    }

    /// The article cache, `.newsfeed/articles/`.
    public var articleStore: ArticleStore { ArticleStore(folder: stateFolder.appending(path: "articles")) }

    /// Where the reader view of the article with `key` is: `articles/<key>.html`.
    public func readerPageURL(key: String) -> URL { root.appending(path: "articles/\(key).html") }

    /// The store for `.newsfeed/state.json`.
    public var stateStore: StateStore { StateStore(url: stateFile, session: session) }
}
