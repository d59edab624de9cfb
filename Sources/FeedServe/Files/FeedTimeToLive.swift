import Foundation

/// Finds a feed's `<ttl>` in its channel head without parsing the whole document.
package enum FeedTimeToLive {
    /// Minutes from the first `<ttl>N</ttl>` before the first `<item`, within the
    /// first 64 KiB; nil when absent or not a plain number.
    package static func minutes(in bytes: Data) -> Int? {
        let head = bytes.prefix(65_536)
        let itemStart = head.firstRange(of: Data("<item".utf8))?.lowerBound ?? head.endIndex
        let channel = head[head.startIndex..<itemStart]
        guard let open = channel.firstRange(of: Data("<ttl>".utf8)) else { return nil }
        let rest = channel[open.upperBound...]
        guard let close = rest.firstRange(of: Data("</ttl>".utf8)) else { return nil }
        let digits = rest[rest.startIndex..<close.lowerBound].filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 }
        guard !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// Extensions of a feed's other renderings: they carry no `<ttl>` of their own.
    static let siblingExtensions: Set<String> = ["atom", "json", "html"]

    /// For `relativePath` an Atom, JSON Feed or HTML page of a feed under `root`, the minutes of
    /// that feed's RSS: `<base>.rss` beside it, else its history `.newsfeed/history/<base>.rss`
    /// (where the RSS lives when `rss` is not among the formats). Nil for anything else, so
    /// every format of one feed is cached for as long as its RSS says.
    package static func minutes(forSiblingOf relativePath: String, root: String) -> Int? {
        guard let dot = relativePath.lastIndex(of: "."),
            siblingExtensions.contains(relativePath[relativePath.index(after: dot)...].lowercased())
        else { return nil }
        let base = relativePath[..<dot]
        let prefix = root.hasSuffix("/") ? root : root + "/"
        for candidate in [prefix + base + ".rss", prefix + ".newsfeed/history/" + base + ".rss"] {
            guard let handle = FileHandle(forReadingAtPath: candidate) else { continue }
            defer { try? handle.close() }
            guard let head = try? handle.read(upToCount: 65_536) else { continue }
            return minutes(in: head)
        }
        return nil
    }
}
