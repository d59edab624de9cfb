import Foundation

/// An article or image URL as ``ArticleURL`` made it, with the parts the mapping rules need,
/// so that they need not take the `URL` apart again (Foundation's accessors cost more than
/// the parsing did on big responses).
package struct ArticleLink: Sendable {
    /// The usable absolute http(s) URL, as text (`URL` is made only when asked for).
    package let link: StoryLink
    /// The usable absolute http(s) URL.
    package var url: URL { link.url }
    /// `url`'s text, exactly as it was made (and as `url.absoluteString` gives it back).
    package var text: String { link.text }
    /// Where the path starts in `text`, as a UTF-8 offset; nil when `URL` is to be asked.
    let pathStart: Int?
    /// The lowercased host name; nil for an IPv6 literal, whose parts are left to `URL`.
    package let hostName: String?
    /// `scheme://host[:port]/`, the site's root; nil for an IPv6 literal.
    let siteRootText: String?

    /// True for NewsAPI's `https://removed.com` placeholder.
    package var isRemovedPlaceholder: Bool {
        guard let hostName else { return ArticleURL.isRemovedPlaceholder(url) }
        return hostName == ArticleURL.removedPlaceholderHost
    }

    /// Hosts whose items link to the aggregator and name the real publisher at the end of
    /// the title (`… - ESPN`), with the aggregator as NewsAPI's source.
    static let aggregatorHosts: Set<String> = ["news.google.com"]

    /// True for an aggregator's link (Google News).
    package var isAggregator: Bool {
        (hostName ?? url.host?.lowercased()).map { Self.aggregatorHosts.contains($0) } ?? false
    }

    /// The host a reader recognises as the publisher (see ``ArticleURL/publisherHost(of:)``).
    package var publisherHost: String? {
        guard let hostName else { return ArticleURL.publisherHost(of: url) }
        return hostName.hasPrefix("www.") && hostName.utf8.count > 4 ? String(hostName.dropFirst(4)) : hostName
    }

    /// The site's root URL (see ``ArticleURL/siteRoot(of:)``), made once per site in `cache`:
    /// a response has far fewer sites than stories.
    package func siteRoot(cache: inout [String: StoryLink]) -> StoryLink? {
        guard let siteRootText else { return ArticleURL.siteRoot(of: url).map(StoryLink.init) }
        if let known = cache[siteRootText] { return known }
        // Checked by `URL` once per site, as before; a root it refuses is never cached, nor kept.
        guard let root = URL(string: siteRootText).map(StoryLink.init) else { return nil }
        cache[siteRootText] = root
        return root
    }

    /// The MIME type ``ImageURL/mimeType(for:)`` gives, read from the last path segment when it is
    /// a plain file name (letters, digits, `-`, `_` and dots), from `URL` otherwise.
    package var imageMIMEType: String {
        guard let pathStart else { return ImageURL.mimeType(for: url) }
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var end = pathStart
            while end < bytes.count, bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            var start = end
            while start > pathStart, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            return Self.plainExtension(UnsafeBufferPointer(rebasing: bytes[start..<end])).map(Self.mimeType)
        }
        guard let mimeType = plain ?? nil else { return ImageURL.mimeType(for: url) }
        return mimeType
    }

    /// ``ImageURL/mimeTypes``, each extension's bytes packed into a number (the first in the lowest byte): a plain
    /// extension is looked up without a `String` made, lowercased and hashed for it (that was a fortieth of a big
    /// `convert`). Every extension there is ASCII and at most eight bytes long.
    private static let packedMIMETypes: [(name: UInt64, mimeType: String)] = ImageURL.mimeTypes.map { name, type in
        precondition(name.utf8.count <= 8 && name.utf8.allSatisfy { $0 < 0x80 }, "\(name) cannot be packed")
        return (name.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }, type)
    }

    /// The MIME type of a plain extension (``plainExtension(_:)``), as `ImageURL.mimeTypes[extension.lowercased()]`
    /// with the default gives it: a plain extension is ASCII, so lowercasing it is lowercasing its bytes.
    private static func mimeType(_ pathExtension: UnsafeBufferPointer<UInt8>) -> String {
        // A longer extension is none of the table's.
        guard pathExtension.count <= 8 else { return ImageURL.defaultMIMEType }
        let name = pathExtension.reversed().reduce(0) { $0 << 8 | UInt64(UTF8Text.asciiLowercased($1)) }
        return packedMIMETypes.first { $0.name == name }?.mimeType ?? ImageURL.defaultMIMEType
    }

    /// The extension of a plain file name, empty when it has no dot; nil (ask `URL`) when the name is
    /// empty, holds anything but letters, digits, `-`, `_` and dots, has nothing but dots before its
    /// last dot, or ends with a dot.
    private static func plainExtension(_ name: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard !name.isEmpty else { return nil }
        var lastDot: Int?
        for (index, byte) in name.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            case UInt8(ascii: "."):
                lastDot = index
            default:
                return nil
            }
        }
        guard let lastDot else { return UnsafeBufferPointer(rebasing: name[name.count...]) }
        guard lastDot + 1 < name.count, name[..<lastDot].contains(where: { $0 != UInt8(ascii: ".") }) else {
            return nil
        }
        return UnsafeBufferPointer(rebasing: name[(lastDot + 1)...])
    }
}
