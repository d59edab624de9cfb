import Articles
import CLibXML2
import Foundation

/// A publisher's XML feed in UTF-8 read with its items taken out of libxml2's tree as each one ends, so a feed of
/// thousands of episodes never holds its whole tree (issue 27: a 16 MB feed within the memory bound).
///
/// libxml2's push parser gets the bytes in pieces (no copy of the whole body) and builds its tree as usual; when an
/// item ends (`<item>` of RSS and RDF where ``XMLFeedParser`` reads items, `<entry>` of Atom), it is read into a
/// ``PublisherFeedItem`` while it still hangs in the tree (its `xml:base`, `xml:lang` and namespaces in effect) and
/// then freed. What is left is the channel and anything the parser did not close (a feed cut short): the parser
/// reads that as before, after the items taken. CDF and feeds in other encodings go through the whole tree
/// (``XMLFeedDocument``).
enum XMLFeedStream {
    /// The items taken out of the tree, by where they were: in the (first) channel, or beside it under the root.
    final class Items {
        var inChannel: [PublisherFeedItem] = []
        var besideChannel: [PublisherFeedItem] = []
        /// The root element's kind, known once it started.
        fileprivate var root: Root?
        /// Given each item taken out; what it gives back is kept in the item's place (``StoryPipeline``).
        fileprivate var handOff: ((PublisherFeedItem) -> PublisherFeedItem)?

        fileprivate func kept(_ item: PublisherFeedItem) -> PublisherFeedItem { handOff?(item) ?? item }

        fileprivate enum Root { case rss, rootChannel, atom, other }
    }

    /// The size of the pieces the parser is given.
    static let pieceSize = 64 * 1024

    /// Calls `body` with the root element of `bytes` (UTF-8) and the items taken out of it, or with nil when
    /// libxml2 made no tree of them. `readThrough` is told, after each piece handed to libxml2 (which copies it), how
    /// far the bytes are read.
    static func withRoot<Result>(
        _ bytes: FeedBytes, url: URL, readThrough: ((Int) -> Void)? = nil,
        handOff: ((PublisherFeedItem) -> PublisherFeedItem)? = nil,
        _ body: (XMLFeedNode?, Items) throws(PublisherFeedError) -> Result
    ) throws(PublisherFeedError) -> Result {
        // libxml2's global state set up before the push parser (the one set-up `PageParser` uses): with stories made
        // while a feed is read, a helper's first HTML parse would otherwise set it up beside this parser.
        _ = PageParser.libxml2Ready
        let items = Items()
        items.handOff = handOff
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer -> xmlDocPtr? in
            guard let base = buffer.baseAddress,
                let context = url.absoluteString.withCString({ name in
                    xmlCreatePushParserCtxt(nil, nil, nil, 0, name)
                })
            else { return nil }
            defer { xmlFreeParserCtxt(context) }
            _ = xmlCtxtUseOptions(context, XMLFeedDocument.options | Int32(XML_PARSE_IGNORE_ENC.rawValue))
            context.pointee.sax.pointee.endElementNs = endElement
            let retained = Unmanaged.passRetained(items)
            context.pointee._private = retained.toOpaque()
            defer { retained.release() }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                var offset = 0
                while offset < buffer.count {
                    let count = min(pieceSize, buffer.count - offset)
                    if xmlParseChunk(context, start + offset, Int32(count), 0) != 0, context.pointee.disableSAX != 0 {
                        break
                    }
                    offset += count
                    readThrough?(offset)
                }
                _ = xmlParseChunk(context, nil, 0, 1)
            }
            let document = context.pointee.myDoc
            context.pointee.myDoc = nil
            return document
        }
        defer { if let document { xmlFreeDoc(document) } }
        guard let document, let root = xmlDocGetRootElement(document) else { return try body(nil, items) }
        return try body(XMLFeedNode(pointer: root), items)
    }

    /// libxml2's end of an element, then, for an item, its reading and freeing.
    private static let endElement: endElementNsSAX2Func = { context, localName, prefix, uri in
        guard let context else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        let ended = parser.pointee.node
        xmlSAX2EndElementNs(context, localName, prefix, uri)
        guard let ended, let localName, let opaque = parser.pointee._private else { return }
        let items = Unmanaged<Items>.fromOpaque(opaque).takeUnretainedValue()
        if take(ended, named: localName, into: items) {
            // libxml2 remembers the length and capacity of the last text it made, to grow it in place when more
            // text follows; that text went with the item, and the parent's last text now is another. Forgotten,
            // the next text is joined with xmlTextConcat, which looks at the node itself.
            parser.pointee.nodelen = 0
            parser.pointee.nodemem = 0
        }
    }

    private static func isNamed(_ name: UnsafePointer<xmlChar>, _ expected: String) -> Bool {
        strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), expected) == 0
    }

    /// Reads and frees `node` when it is an item where ``XMLFeedParser`` reads items; whether it was one.
    private static func take(_ node: xmlNodePtr, named localName: UnsafePointer<xmlChar>, into items: Items) -> Bool {
        let isItem = isNamed(localName, "item")
        guard isItem || isNamed(localName, "entry"), node.pointee.type == XML_ELEMENT_NODE,
            let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE,
            let document = node.pointee.doc, let root = xmlDocGetRootElement(document)
        else { return false }
        let kind = items.root ?? rootKind(root)
        items.root = kind
        let element = XMLFeedNode(pointer: node)
        switch kind {
        case .rss where isItem:
            if parent == root {
                items.besideChannel.append(items.kept(XMLFeedParser.rssItem(element)))
            } else if parent.pointee.parent == root, parent == firstChannel(of: root) {
                items.inChannel.append(items.kept(XMLFeedParser.rssItem(element)))
            } else {
                return false
            }
        case .rootChannel where isItem && parent == root:
            items.inChannel.append(items.kept(XMLFeedParser.rssItem(element)))
        case .atom where parent == root && XMLFeedParser.isAtomOrNone(element.namespace):
            items.besideChannel.append(items.kept(XMLFeedParser.atomEntry(element)))
        default:
            return false
        }
        xmlUnlinkNode(node)
        xmlFreeNode(node)
        return true
    }

    private static func rootKind(_ root: xmlNodePtr) -> Items.Root {
        let name = XMLFeedNode(pointer: root).name
        switch name.lowercased() {
        // CDF's <CHANNEL> is read from the whole tree.
        case "channel" where name == "CHANNEL": return .other
        case "channel": return .rootChannel
        case "rss", "rdf": return .rss
        case "feed": return .atom
        default: return .other
        }
    }

    /// The root's first child element named `channel`, whose items ``XMLFeedParser`` reads.
    private static func firstChannel(of root: xmlNodePtr) -> xmlNodePtr? {
        var child = root.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, let name = current.pointee.name, isNamed(name, "channel") {
                return current
            }
            child = current.pointee.next
        }
        return nil
    }
}
