import Foundation

/// Finds a feed's `<ttl>` in its channel head without parsing the whole document.
enum FeedTimeToLive {
    /// Minutes from the first `<ttl>N</ttl>` before the first `<item`, within the
    /// first 64 KiB; nil when absent or not a plain number.
    static func minutes(in bytes: Data) -> Int? {
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
}
