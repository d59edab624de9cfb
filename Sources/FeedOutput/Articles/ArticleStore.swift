import Foundation
import NewsModel

/// The article cache: one JSON file per article URL under `.newsfeed/articles/`, named by its key
/// (``ArticleStore/key(for:)``), holding the article or the cause of the failure (``ArticleRecord``).
///
/// One file per article, so a build rewrites only the articles it fetched and a damaged file costs one article:
/// it is moved aside (`<key>.json.corrupt-<time>`) with one warning line and the page is fetched again. Callers
/// hold the output folder's ``OutputLock`` around reads and writes.
public struct ArticleStore: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The first 16 hex digits of the SHA-256 of the article URL: the cache file's and the reader view's name.
    public static func key(for url: String) -> String {
        String(SHA256.hex(Array(url.utf8)).prefix(16))
    }

    /// Where the record of `url` is kept.
    public func fileURL(for url: String) -> URL {
        folder.appending(path: Self.key(for: url) + ".json")
    }

    /// What loading one record found.
    public struct Loaded: Sendable {
        public var record: ArticleRecord?
        /// Set when an unreadable record was moved aside.
        public var warning: String?
    }

    /// The record of `url`; nil when there is none (or it was unreadable, then moved aside and said in `warning`,
    /// or it belongs to another URL with the same key prefix).
    public func load(_ url: String) -> Loaded {
        let file = fileURL(for: url)
        guard let data = FileManager.default.contents(atPath: file.path) else { return Loaded() }
        guard let record = try? Self.decoder.decode(ArticleRecord.self, from: data) else {
            let aside = try? StateStore.moveAside(file)
            let moved = aside.map { "moved to \($0)" } ?? "left in place"
            return Loaded(warning: "\(file.path): unreadable article record \(moved); the page is fetched again")
        }
        return Loaded(record: record.url == url ? record : nil)
    }

    /// Writes `record` atomically.
    public func save(_ record: ArticleRecord) throws(OutputError) {
        let data: Data
        do {
            data = try Self.encoder.encode(record)
        } catch {
            throw .writeFailed(path: fileURL(for: record.url).path, reason: "cannot encode the article record")
        }
        try AtomicFileWriter.write(data, to: fileURL(for: record.url))
    }

    /// The keys of every record kept.
    public func keys() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) })
    }

    /// Removes the records whose key is not in `keep`; returns the keys removed.
    @discardableResult
    public func prune(keeping keep: Set<String>) -> Set<String> {
        let gone = keys().subtracting(keep)
        for key in gone { try? FileManager.default.removeItem(at: folder.appending(path: key + ".json")) }
        return gone
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
