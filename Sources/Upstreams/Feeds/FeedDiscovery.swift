import CLibXML2
import Foundation

/// The feeds an HTML page points to, for `newsfeed discover`: first the ones it advertises
/// (`<link rel="alternate">` of the RSS, Atom and JSON Feed types, in page order), then same-site links that look
/// like feeds (`/feed`, `/rss`, `atom.xml`, `feed.json`, `.rss`, …). Read with libxml2's HTML parser (no network);
/// `<base href>` is honoured.
public enum FeedDiscovery {
    /// A candidate and whether the page advertised it.
    public struct Candidate: Sendable, Equatable {
        public var url: URL
        public var advertised: Bool
        /// The `title` of the advertising `<link>`, else the link's text.
        public var label: String?
    }

    /// At most this many same-site guesses are offered (each is fetched to check it).
    public static let maximumGuesses = 10

    /// The candidates of `page` (fetched from `url`), advertised ones first, each once.
    public static func candidates(in page: Data, url: URL) -> [Candidate] {
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        let document: htmlDocPtr? = page.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
            return htmlReadMemory(
                base.assumingMemoryBound(to: CChar.self), Int32(clamping: buffer.count), url.absoluteString, nil,
                options)
        }
        guard let document, let root = xmlDocGetRootElement(document) else { return [] }
        defer { xmlFreeDoc(document) }
        var elements: [xmlNodePtr] = []
        collect(root, into: &elements)
        var base = url
        if let element = elements.first(where: { name(of: $0) == "base" }), let href = attribute(element, "href"),
            let resolved = URL(string: href, relativeTo: url)?.absoluteURL
        {
            base = resolved
        }
        var advertised: [Candidate] = []
        var guessed: [Candidate] = []
        var seen: Set<String> = []
        for element in elements {
            switch name(of: element) {
            case "link":
                guard let rel = attribute(element, "rel")?.lowercased(),
                    rel.split(whereSeparator: \.isWhitespace).contains("alternate"),
                    let type = attribute(element, "type")?.lowercased().split(separator: ";").first,
                    HTMLPageLinks.feedTypes.contains(type.trimmingCharacters(in: .whitespaces)),
                    let target = resolve(attribute(element, "href"), against: base),
                    seen.insert(target.absoluteString).inserted
                else { continue }
                advertised.append(Candidate(url: target, advertised: true, label: attribute(element, "title")))
            case "a":
                guard guessed.count < maximumGuesses, let target = resolve(attribute(element, "href"), against: base),
                    target.host?.lowercased() == url.host?.lowercased(), looksLikeAFeed(target),
                    seen.insert(target.absoluteString).inserted
                else { continue }
                guessed.append(Candidate(url: target, advertised: false, label: text(of: element)))
            default: continue
            }
        }
        return advertised + guessed
    }

    /// Whether a link's path reads like a feed's: `/feed`, `/rss`, `/atom` (with or without a trailing slash),
    /// `feed.json`, `index.xml`, `rss.xml`, `atom.xml`, `feed.xml`, or a `.rss`, `.atom` or `.rdf` file.
    static func looksLikeAFeed(_ url: URL) -> Bool {
        var path = url.path.lowercased()
        while path.hasSuffix("/") { path.removeLast() }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let names: Set<String> = [
            "feed", "rss", "atom", "feed.json", "index.xml", "rss.xml", "atom.xml", "feed.xml", "index.rss",
            "rss2", "feeds",
        ]
        if names.contains(last) { return true }
        return [".rss", ".atom", ".rdf"].contains { last.hasSuffix($0) }
    }

    private static func resolve(_ href: String?, against base: URL) -> URL? {
        guard let href = href?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty,
            let url = URL(string: href, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return url
    }

    private static func collect(_ node: xmlNodePtr, into elements: inout [xmlNodePtr]) {
        var child: xmlNodePtr? = node
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                elements.append(current)
                if let first = current.pointee.children { collect(first, into: &elements) }
            }
            child = current.pointee.next
        }
    }

    private static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    /// An attribute's value, read in place (its name as the HTML parser lowercased it).
    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        var property = node.pointee.properties
        while let current = property {
            if let raw = current.pointee.name, String(cString: raw).lowercased() == name {
                var bytes: [UInt8] = []
                appendText(of: current.pointee.children, to: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
            property = current.pointee.next
        }
        return nil
    }

    /// The element's text, its runs of space made one.
    private static func text(of node: xmlNodePtr) -> String? {
        var bytes: [UInt8] = []
        appendText(of: node.pointee.children, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    private static func appendText(of first: xmlNodePtr?, to bytes: inout [UInt8]) {
        var child = first
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
            } else if current.pointee.type == XML_ELEMENT_NODE {
                appendText(of: current.pointee.children, to: &bytes)
            }
            child = current.pointee.next
        }
    }
}
