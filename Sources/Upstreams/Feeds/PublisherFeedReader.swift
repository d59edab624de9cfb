import Foundation

/// Reads a publisher's feed from its bytes: JSON Feed when the body is a JSON object, else XML (RSS, RDF,
/// Atom) through ``FeedBytes`` and libxml2. Anything else is ``PublisherFeedError/notAFeed(_:)`` with its
/// cause; an HTML page names the feeds it advertises.
public enum PublisherFeedReader {
    /// - Parameters:
    ///   - url: the feed's final URL (after redirects): relative links resolve against it.
    ///   - httpCharset: the `charset` of the answer's `Content-Type`, if any.
    ///   - readThrough: told how far into `data` the parser has gone (a body the reader had to copy is through at
    ///     once), so that a private read-only file mapping behind `data` may hand those pages back: the parser does
    ///     not read them again, and whatever else does (the feeds an HTML page links, named in the error) gets the
    ///     same bytes from the file. Called on the reading thread.
    public static func read(
        _ data: Data, url: URL, httpCharset: String? = nil, readThrough: ((Int) -> Void)? = nil
    ) throws(PublisherFeedError) -> PublisherFeed {
        try read(data, url: url, httpCharset: httpCharset, readThrough: readThrough, handOff: nil)
    }

    /// ``read(_:url:httpCharset:readThrough:)`` giving each item, as it is read, to `handOff`, which gives back what
    /// the feed keeps in its place (``StoryPipeline/handOff(_:)``). Items of feeds read from a whole tree (CDF,
    /// encodings other than UTF-8) and those a feed cut short leaves in the tree are kept whole.
    static func read(
        _ data: Data, url: URL, httpCharset: String?, readThrough: ((Int) -> Void)?,
        handOff: ((PublisherFeedItem) -> PublisherFeedItem)?
    ) throws(PublisherFeedError) -> PublisherFeed {
        let start = data.prefix(4096)
        guard let first = start.first(where: { !isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) else {
            throw .notAFeed("the body is empty")
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            guard let feed = JSONFeedParser.feed(from: data, url: url, handOff: handOff) else {
                throw .notAFeed("JSON that is no JSON Feed (no \"items\" array)")
            }
            return feed
        }
        let bytes = FeedBytes(data, httpCharset: httpCharset)
        if !bytes.readsBodyInPlace { readThrough?(data.count) }
        if HTMLPageLinks.looksLikeHTML(bytes.prefix(2048)) {
            throw .notAFeed(HTMLPageLinks.cause(bytes.array, url: url))
        }
        func read(_ root: XMLFeedNode?, _ streamed: XMLFeedStream.Items?) throws(PublisherFeedError) -> PublisherFeed {
            guard let root else { throw .notAFeed("no XML document could be read from it") }
            if let feed = XMLFeedParser.feed(from: root, streamed: streamed) { return feed }
            if root.name.lowercased() == "html" { throw .notAFeed(HTMLPageLinks.cause(bytes.array, url: url)) }
            throw .notAFeed("an XML document whose root is <\(root.name)>, not <rss>, <rdf:RDF> or <feed>")
        }
        // UTF-8 (most feeds, and every one FeedBytes transcoded) is read with its items taken out as they end.
        if bytes.encoding == "UTF-8" {
            return try XMLFeedStream.withRoot(
                bytes, url: url, readThrough: bytes.readsBodyInPlace ? readThrough : nil, handOff: handOff
            ) { root, items throws(PublisherFeedError) in
                try read(root, items)
            }
        }
        return try XMLFeedDocument.withRoot(bytes, url: url) { root throws(PublisherFeedError) in try read(root, nil) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// The feeds an HTML page advertises with `<link rel="alternate" type="application/rss+xml" href="…">`.
enum HTMLPageLinks {
    static let feedTypes = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json"]

    /// Whether the body starts (after a declaration, comments and space) with `<!DOCTYPE html` or `<html`.
    static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(2048), as: UTF8.self).lowercased()
        var rest = Substring(head)
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.hasPrefix("<?xml") || rest.hasPrefix("<!--") {
                let end = rest.hasPrefix("<!--") ? "-->" : "?>"
                guard let close = rest.range(of: end) else { return false }
                rest = rest[close.upperBound...]
                continue
            }
            break
        }
        return rest.hasPrefix("<!doctype html") || rest.hasPrefix("<html")
    }

    /// `an HTML page; it links the feed https://…` or `an HTML page that links no feed`.
    static func cause(_ bytes: [UInt8], url: URL) -> String {
        let links = feeds(in: bytes, url: url)
        guard let first = links.first else { return "an HTML page that links no feed" }
        return "an HTML page; it links the feed \(first.absoluteString)"
    }

    /// The advertised feed URLs, resolved against `url`, in page order.
    static func feeds(in bytes: [UInt8], url: URL) -> [URL] {
        let text = String(decoding: bytes, as: UTF8.self)
        var result: [URL] = []
        var searchFrom = text.startIndex
        while let open = text.range(of: "<link", options: .caseInsensitive, range: searchFrom..<text.endIndex) {
            guard let close = text.range(of: ">", range: open.upperBound..<text.endIndex) else { break }
            let attributes = Self.attributes(String(text[open.upperBound..<close.lowerBound]))
            searchFrom = close.upperBound
            guard let rel = attributes["rel"]?.lowercased(), rel.split(separator: " ").contains("alternate"),
                let type = attributes["type"]?.lowercased(), feedTypes.contains(type), let href = attributes["href"],
                let target = URL(string: href, relativeTo: url)?.absoluteURL
            else { continue }
            result.append(target)
        }
        return result
    }

    /// `name="value"`, `name='value'` and `name=value` pairs, names lowercased.
    private static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        let scalars = Array(text)
        var index = 0
        while index < scalars.count {
            while index < scalars.count, !scalars[index].isLetter { index += 1 }
            var name = ""
            while index < scalars.count, scalars[index].isLetter || scalars[index] == "-" {
                name.append(scalars[index])
                index += 1
            }
            while index < scalars.count, scalars[index] == " " { index += 1 }
            guard index < scalars.count, scalars[index] == "=" else { continue }
            index += 1
            while index < scalars.count, scalars[index] == " " { index += 1 }
            var value = ""
            if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                let quote = scalars[index]
                index += 1
                while index < scalars.count, scalars[index] != quote {
                    value.append(scalars[index])
                    index += 1
                }
                index += 1
            } else {
                while index < scalars.count, !scalars[index].isWhitespace, scalars[index] != "/" {
                    value.append(scalars[index])
                    index += 1
                }
            }
            if !name.isEmpty { result[name.lowercased()] = value }
        }
        return result
    }
}
