import CLibXML2
import Foundation

/// One subscription of an OPML export: an `<outline>` with an `xmlUrl`.
public struct OPMLSubscription: Sendable, Equatable {
    /// The feed's address as the export wrote it (trimmed).
    public var url: String
    /// The outline's `title`, else its `text`; nil when it has neither.
    public var title: String?

    public init(url: String, title: String?) {
        self.url = url
        self.title = title
    }
}

/// Why an OPML file gave no subscriptions list.
public enum OPMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are no OPML document: `not OPML: the root is <rss>`.
    case notOPML(String)

    public var description: String {
        switch self {
        case .notOPML(let why): "not OPML: \(why)"
        }
    }
}

/// Reads the subscriptions of an OPML file as feed readers export them (Miniflux, FreshRSS, NetNewsWire, Feedly
/// and others): every `<outline>` with an `xmlUrl`, at any depth, folders flattened, in document order. Read with
/// the feeds' own XML reader (no network, no DTD, no entity substitution; the encoding from the byte-order mark
/// and the declaration).
public enum OPMLSubscriptions {
    public static func read(_ data: Data) throws(OPMLError) -> [OPMLSubscription] {
        let bytes = FeedBytes(data, httpCharset: nil)
        guard !bytes.withUnsafeBufferPointer({ $0.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) } }) else {
            throw .notOPML("the file is empty")
        }
        let url = URL(fileURLWithPath: "/subscriptions.opml")
        let outcome: Result<[OPMLSubscription], OPMLError>
        do {
            outcome = try XMLFeedDocument.withRoot(bytes, url: url) { root throws(PublisherFeedError) in
                guard let root else { return .failure(.notOPML("no XML document could be read from it")) }
                guard root.name.lowercased() == "opml" else {
                    return .failure(.notOPML("an XML document whose root is <\(root.name)>, not <opml>"))
                }
                guard let body = root.children.first(where: { $0.name.lowercased() == "body" }) else {
                    return .failure(.notOPML("the <opml> document has no <body>"))
                }
                var found: [OPMLSubscription] = []
                collect(body, into: &found)
                return .success(found)
            }
        } catch {
            throw .notOPML(error.description)
        }
        return try outcome.get()
    }

    /// The outlines under `node` that carry an `xmlUrl`, depth first; an outline both folder and feed counts.
    private static func collect(_ node: XMLFeedNode, into found: inout [OPMLSubscription]) {
        for child in node.children where child.name.lowercased() == "outline" {
            if let address = attribute(child, "xmlUrl").flatMap(XMLFeedNode.trimmed) {
                let title = (attribute(child, "title") ?? attribute(child, "text")).flatMap(XMLFeedNode.trimmed)
                found.append(OPMLSubscription(url: address, title: title))
            }
            collect(child, into: &found)
        }
    }

    /// An attribute by name, its case ignored (`xmlUrl`, `xmlurl` and `XMLURL` are all found in the wild).
    private static func attribute(_ node: XMLFeedNode, _ name: String) -> String? {
        var property = node.pointer.pointee.properties
        let wanted = name.lowercased()
        while let current = property {
            if let raw = current.pointee.name, case let actual = String(cString: raw), actual.lowercased() == wanted {
                return node.attribute(actual)
            }
            property = current.pointee.next
        }
        return nil
    }
}
