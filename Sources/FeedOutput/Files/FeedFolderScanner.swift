import FeedFormats
import Foundation
import NewsModel

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the feeds in a folder and describes them for the index and the OPML list,
/// so `serve` works for any folder of feeds, configured or not.
public struct FeedFolderScanner: Sendable {
    /// The folder's path (ideally with symlinks resolved).
    public var root: String
    /// Where the folder is served, for absolute feed URLs: `site` when known, else
    /// the address the server listens on; never a request's Host header.
    public var baseURL: URL

    /// The walk stops this deep and after this many entries, so a huge or
    /// pathological folder cannot stall a request.
    static let maxDepth = 8
    static let maxEntries = 10_000

    /// Scans `root`, making feed URLs absolute against `baseURL`.
    public init(root: String, baseURL: URL) {
        self.root = root
        self.baseURL = baseURL
    }

    /// The state file inside the folder: `.newsfeed/state.json`.
    public var statePath: String { root + "/.newsfeed/state.json" }

    /// Every regular `*.rss` file below the root, sorted by path. Dot-entries are
    /// skipped (the state folder, temporary files of an unfinished write) and so are
    /// symlinks, which keeps the walk inside the folder and free of loops.
    public func feedFiles() -> [FeedFile] {
        var found: [FeedFile] = []
        var budget = Self.maxEntries
        walk(relativeFolder: "", depth: 0, budget: &budget, into: &found)
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    private func walk(relativeFolder: String, depth: Int, budget: inout Int, into found: inout [FeedFile]) {
        let folder = relativeFolder.isEmpty ? root : root + "/" + relativeFolder
        guard depth <= Self.maxDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            guard budget > 0 else { return }
            budget -= 1
            let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(relativeFolder: relative, depth: depth + 1, budget: &budget, into: &found)
            case S_IFREG where name.hasSuffix(".rss"):
                found.append(FeedFile(relativePath: relative, version: FileVersion(info)))
            default:
                continue
            }
        }
    }

    /// Reads the bridge state; nil when there is none yet (any folder of feeds).
    /// - Throws: ``OutputError/stateUnreadable(path:detail:)`` when it exists but is broken.
    public func readState() throws(OutputError) -> BridgeState? {
        guard let snapshot = FileSnapshot.read(path: statePath) else {
            if access(statePath, F_OK) != 0, errno == ENOENT { return nil }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: statePath, isDirectory: &isFolder), isFolder.boolValue {
                throw .stateUnreadable(path: statePath, detail: "it is a folder, not a file")
            }
            throw .stateUnreadable(path: statePath, detail: "cannot open it")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var state: BridgeState
        do {
            state = try decoder.decode(BridgeState.self, from: snapshot.bytes)
        } catch {
            throw .stateUnreadable(path: statePath, detail: "not valid state JSON")
        }
        // The ledger's own file is what counts for the request log and the pause (``StateStore``).
        if let ledger = FileSnapshot.read(path: root + "/.newsfeed/quota.json"),
            let decoded = try? decoder.decode(StateStore.Ledger.self, from: ledger.bytes)
        {
            decoded.apply(to: &state)
        }
        return state
    }

    /// The listings of `files` (default: a fresh scan), each with its channel title,
    /// link and item count from the file and its last success from `state`. A feed
    /// that cannot be parsed is still listed, under its id, with no items.
    public func listings(of files: [FeedFile]? = nil, state: BridgeState?) -> [FeedListing] {
        (files ?? feedFiles()).map { file in
            let summary = FileSnapshot.read(path: root + "/" + file.relativePath).flatMap {
                FeedFileSummary.read($0.bytes)
            }
            let title = summary?.title.flatMap { $0.isEmpty ? nil : $0 } ?? file.feedID
            let home = summary?.link.flatMap { URL(string: $0) }.flatMap { $0.scheme == nil ? nil : $0 }
            let record = state?.feeds[file.feedID]
            var listing = FeedListing(
                title: title, relativePath: file.relativePath,
                url: FeedListing.absoluteURL(base: baseURL, relativePath: file.relativePath),
                homeURL: home, itemCount: summary?.itemCount ?? 0,
                lastSuccess: record?.lastSuccess, lastError: record?.failure?.message,
                lastErrorTime: record?.failure?.time)
            listing.formats = FeedFormat.allCases.filter {
                access(root + "/" + listing.relativePath(for: $0), F_OK) == 0
            }
            listing.lastChanged = summary?.lastBuildDate.flatMap(RFC822Date.date(from:))
            return listing
        }
    }

    /// The listings of `files`, plus every feed the state has a record of but no file for (tried
    /// and failed, or not reached yet): what the generated index shows when no config is at hand.
    public func listingsWithUnbuilt(of files: [FeedFile], state: BridgeState?) -> [FeedListing] {
        let built = listings(of: files, state: state)
        let paths = Set(files.map(\.feedID))
        let unbuilt = (state?.feeds ?? [:]).filter { !paths.contains($0.key) && $0.key != SiteLayout.bookmarksFeedID }
            .sorted { $0.key < $1.key }
            .map { FeedListing.unbuilt(id: $0.key, title: nil, base: baseURL, record: $0.value) }
        return built + unbuilt
    }
}
