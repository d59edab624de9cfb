import Foundation
import NewsModel

/// Loads and saves `<output>/.newsfeed/bookmarks.json`, written atomically.
///
/// Callers hold the output folder's ``OutputLock`` around a load-modify-save, so
/// concurrent `bookmark add`s from several processes lose none.
public struct BookmarkStore: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// What loading found.
    public struct Loaded: Sendable {
        public var list: BookmarkList
        /// Set when an unreadable file was moved aside and an empty list begun.
        public var warning: String?
    }

    /// The saved list; an empty one when there is none yet. A corrupt file is moved aside
    /// (`bookmarks.json.corrupt-<time>`), never silently emptied, and a warning says where.
    public func load(now: Date = Date()) throws(OutputError) -> Loaded {
        guard let data = try savedData() else { return Loaded(list: BookmarkList()) }
        if let list = try decode(data) { return Loaded(list: list) }
        let aside: String
        do {
            // Never over an earlier corrupt copy (`-2`, `-3`… within one second).
            aside = try StateStore.moveAside(url, now: now)
        } catch {
            // Never start afresh over a file we could not keep: the user's list would be lost.
            throw .readFailed(path: url.path, reason: "unreadable, and it could not be moved aside")
        }
        return Loaded(
            list: BookmarkList(),
            warning: "\(url.path): unreadable bookmarks moved to \(aside); starting a new list")
    }

    /// The saved list for a reader that changes nothing (`bookmark list`, `watch`): an empty list
    /// when there is no file (nothing is created, no lock is needed: saves replace the file
    /// atomically), the list when it reads cleanly, nil when the file is broken and needs
    /// ``load(now:)`` under the lock to be moved aside.
    public func read() throws(OutputError) -> BookmarkList? {
        guard let data = try savedData() else { return BookmarkList() }
        return try decode(data)
    }

    /// The file's bytes; nil when there is no file.
    private func savedData() throws(OutputError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .readFailed(path: url.path, reason: SystemErrorText.reason(of: error))
        }
    }

    /// The list in `data`; nil when it is not a bookmark list.
    /// - Throws: ``OutputError/stateTooNew(path:version:)`` for a list written by a newer newsfeed.
    private func decode(_ data: Data) throws(OutputError) -> BookmarkList? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let header = try? decoder.decode(VersionHeader.self, from: data),
            header.version > BookmarkList.currentVersion
        {
            throw .stateTooNew(path: url.path, version: header.version)
        }
        return try? decoder.decode(BookmarkList.self, from: data)
    }

    /// Saves `list` atomically, as readable JSON.
    public func save(_ list: BookmarkList) throws(OutputError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(list)
        } catch {
            throw .writeFailed(path: url.path, reason: "cannot encode bookmarks: \(error)")
        }
        try AtomicFileWriter.write(data + Data("\n".utf8), to: url)
    }

    private struct VersionHeader: Decodable {
        var version: Int
    }
}

extension OutputFolder {
    /// The store for `.newsfeed/bookmarks.json`.
    public var bookmarkStore: BookmarkStore { BookmarkStore(url: stateFolder.appending(path: "bookmarks.json")) }
}
