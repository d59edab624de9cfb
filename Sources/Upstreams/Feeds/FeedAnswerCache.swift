import Foundation

/// The last 200 answer of each feed source, kept for conditional GET: its validators (`ETag`, `Last-Modified`), its
/// final URL and its body. A later poll sends the validators; a `304 Not Modified` is then read from the kept body,
/// so the build finds the same stories and rewrites nothing. One pair of files per feed URL in `folder`
/// (`<hash>.json` and `<hash>.body`), each written atomically; a missing, unreadable or mismatched entry is simply
/// no entry (the next poll is unconditional).
public struct FeedAnswerCache: Sendable {
    /// What is kept of one answer.
    public struct Entry: Sendable, Equatable, Codable {
        /// The feed URL as configured (checked on load: the file name is only a hash).
        public var url: String
        /// Where the answer came from after redirects (relative links resolve against it).
        public var finalURL: String
        public var etag: String?
        public var lastModified: String?
        public var charset: String?

        /// `If-None-Match` and `If-Modified-Since` for the next poll.
        public var conditionalHeaders: [String: String] {
            var headers: [String: String] = [:]
            if let etag { headers["If-None-Match"] = etag }
            if let lastModified { headers["If-Modified-Since"] = lastModified }
            return headers
        }
    }

    public var folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The kept answer for `url` with its body, if there is a whole one.
    public func load(_ url: URL) -> (entry: Entry, body: Data)? {
        let (meta, body) = files(for: url)
        guard let data = try? Data(contentsOf: meta), let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.url == url.absoluteString, let bytes = try? Data(contentsOf: body)
        else { return nil }
        return (entry, bytes)
    }

    /// Keeps `entry` and `body` for the next poll; the body first, so an entry never names a body that is not there.
    /// Answers without a validator are not kept (there would be nothing to ask with), and any old entry is removed.
    public func save(_ entry: Entry, body: Data, for url: URL) {
        let (meta, bodyFile) = files(for: url)
        guard entry.etag != nil || entry.lastModified != nil, let encoded = try? JSONEncoder().encode(entry) else {
            try? FileManager.default.removeItem(at: meta)
            try? FileManager.default.removeItem(at: bodyFile)
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: meta)
            try body.write(to: bodyFile, options: .atomic)
            try encoded.write(to: meta, options: .atomic)
        } catch {
            // A cache that cannot be written costs only the next poll's savings.
            try? FileManager.default.removeItem(at: meta)
        }
    }

    private func files(for url: URL) -> (meta: URL, body: URL) {
        // FNV-1a, 64 bits, of the URL: a stable name; the entry's own `url` settles a collision.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let name = String(hash, radix: 16)
        return (folder.appending(path: name + ".json"), folder.appending(path: name + ".body"))
    }
}
