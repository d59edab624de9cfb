import CLibXML2
import Foundation
import NewsModel

/// A libxml2 element while its document is alive: only used inside ``XMLFeedDocument/withRoot(_:)``.
struct XMLFeedNode {
    let pointer: xmlNodePtr

    /// The local name (`encoded` for `content:encoded`).
    var name: String { pointer.pointee.name.map { String(cString: $0) } ?? "" }

    /// The namespace URI, empty when none.
    var namespace: String { pointer.pointee.ns?.pointee.href.map { String(cString: $0) } ?? "" }

    /// The child elements, in order.
    var children: [XMLFeedNode] {
        var result: [XMLFeedNode] = []
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { result.append(XMLFeedNode(pointer: node)) }
            child = node.pointee.next
        }
        return result
    }

    func children(_ localName: String, where inNamespace: (String) -> Bool = { _ in true }) -> [XMLFeedNode] {
        children.filter { $0.name == localName && inNamespace($0.namespace) }
    }

    func first(_ localName: String, where inNamespace: (String) -> Bool = { _ in true }) -> XMLFeedNode? {
        children.first { $0.name == localName && inNamespace($0.namespace) }
    }

    /// The text of the element and its descendants, nil when blank.
    var text: String? {
        var bytes: [UInt8] = []
        Self.appendText(of: pointer, to: &bytes)
        return Self.trimmed(bytes)
    }

    /// `bytes` as a string without the ASCII space, tab and line breaks around it (the XML white space; trimmed on
    /// the bytes, as Foundation's `trimmingCharacters` is slow on long texts), nil when nothing is left.
    static func trimmed(_ bytes: [UInt8]) -> String? {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        return unicodeTrimmed(String(decoding: bytes[first...last], as: UTF8.self))
    }

    /// ``trimmed(_:)`` for a string (JSON Feed's texts).
    static func trimmed(_ string: String) -> String? {
        let utf8 = string.utf8
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return nil }
        // ASCII bytes sit on character boundaries, so the indices cut the string cleanly.
        return unicodeTrimmed(String(string[first...last]))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    private static func unicodeTrimmed(_ value: String) -> String? {
        // Other Unicode white space (a no-break space from `&nbsp;`) around the text, as before.
        guard let head = value.unicodeScalars.first, let tail = value.unicodeScalars.last,
            UTF8Text.isWhiteSpace(head) || UTF8Text.isWhiteSpace(tail)
        else { return value }
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Text and CDATA under `node`, in document order (read from the tree, so libxml2 allocates nothing).
    private static func appendText(of node: xmlNodePtr, to bytes: inout [UInt8]) {
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
                }
            case XML_ELEMENT_NODE:
                appendText(of: current, to: &bytes)
            default:
                break
            }
            child = current.pointee.next
        }
    }

    /// The text of an Atom text construct (or a like element) as the normalizer expects it, HTML allowed:
    /// `mode="base64"` (Atom 0.3) decoded; `type="xhtml"` (or `application/xhtml+xml`) as its children's markup,
    /// so escaped text such as `&lt;blink&gt;` stays text; otherwise ``text``.
    var construct: String? {
        let type = attribute("type")?.lowercased() ?? ""
        // Atom 1.0 (4.1.3.3): a type other than text, html, xhtml, XML or text/* is base64.
        let isBase64Type =
            type.contains("/") && !type.hasPrefix("text/") && !type.hasSuffix("xml") && !type.hasSuffix("+xml")
        if attribute("mode")?.lowercased() == "base64" || isBase64Type, let encoded = text,
            let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters)
        {
            let decoded = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return decoded.isEmpty ? nil : decoded
        }
        guard type == "xhtml" || type.hasSuffix("xhtml+xml") else { return text }
        Self.resolveLinks(under: pointer)
        guard let buffer = xmlBufferCreate() else { return text }
        defer { xmlBufferFree(buffer) }
        var child = pointer.pointee.children
        while let current = child {
            xmlNodeDump(buffer, pointer.pointee.doc, current, 0, 0)
            child = current.pointee.next
        }
        guard let content = xmlBufferContent(buffer) else { return text }
        let markup = String(cString: content).trimmingCharacters(in: .whitespacesAndNewlines)
        return markup.isEmpty ? nil : markup
    }

    /// `href` and `src` of the xhtml under `node` made absolute against the `xml:base` in effect there, so the
    /// markup means the same outside the feed.
    private static func resolveLinks(under node: xmlNodePtr) {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                let element = XMLFeedNode(pointer: current)
                for name in ["href", "src"] {
                    guard let value = element.attribute(name), let base = element.base,
                        let resolved = URL(string: value, relativeTo: base)?.absoluteURL,
                        resolved.absoluteString != value
                    else { continue }
                    xmlSetProp(current, name, resolved.absoluteString)
                }
                resolveLinks(under: current)
            }
            child = current.pointee.next
        }
    }

    /// A link's target: its `href`, else (Atom 0.3 as some wrote it, RSS `<link>`) its text.
    var linkTarget: String? { attribute("href") ?? text }

    /// The attribute `name` (in any namespace), nil when absent or blank.
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        var property = pointer.pointee.properties
        while let attribute = property {
            if let attributeName = attribute.pointee.name, String(cString: attributeName) == name,
                namespace == nil || attribute.pointee.ns?.pointee.href.map({ String(cString: $0) }) == namespace
            {
                var bytes: [UInt8] = []
                var child = attribute.pointee.children
                while let current = child {
                    if let content = current.pointee.content {
                        bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
                    }
                    child = current.pointee.next
                }
                return Self.trimmed(bytes)
            }
            property = attribute.pointee.next
        }
        return nil
    }

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// `xml:lang` on this element or the nearest ancestor.
    var language: String? {
        var node: xmlNodePtr? = pointer
        while let current = node, current.pointee.type == XML_ELEMENT_NODE {
            if let lang = XMLFeedNode(pointer: current).attribute("lang", namespace: Self.xmlNamespace) { return lang }
            node = current.pointee.parent
        }
        return nil
    }

    /// The base URL in effect here: `xml:base` of this element and its ancestors over the document's URL.
    var base: URL? {
        var bases: [String] = []
        var node: xmlNodePtr? = pointer
        while let current = node, current.pointee.type == XML_ELEMENT_NODE {
            if let base = XMLFeedNode(pointer: current).attribute("base", namespace: Self.xmlNamespace) {
                bases.append(base)
            }
            node = current.pointee.parent
        }
        var url = pointer.pointee.doc?.pointee.URL.map { URL(string: String(cString: $0)) } ?? nil
        for base in bases.reversed() {
            url = URL(string: base, relativeTo: url)?.absoluteURL ?? url
        }
        return url
    }

    /// `text` resolved against the base in effect; only http(s) results count.
    func url(_ text: String?) -> URL? {
        guard let text = text.map(UTF8Text.trimmingWhiteSpace), !text.isEmpty else { return nil }
        let escaped = text.utf8.contains(0x20) ? text.replacingOccurrences(of: " ", with: "%20") : text
        guard let url = URL(string: escaped, relativeTo: base)?.absoluteURL ?? URL(string: escaped),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

/// A parsed XML feed document: libxml2's tree, read with no network, no DTD and no entity substitution
/// (`XML_PARSE_NONET`, no `XML_PARSE_DTDLOAD`, no `XML_PARSE_NOENT`), in recover mode for broken markup;
/// libxml2's default depth limit (256) bounds nesting.
enum XMLFeedDocument {
    static let options = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)

    /// Calls `body` with the root element of `bytes`, or with nil when libxml2 made no tree of them.
    static func withRoot<Result>(
        _ bytes: FeedBytes, url: URL, _ body: (XMLFeedNode?) throws(PublisherFeedError) -> Result
    ) throws(PublisherFeedError) -> Result {
        // UTF-8 (what ``FeedBytes`` turned the body into, or found it to be) is read as it is, the declaration
        // ignored: naming it to libxml2 would run every byte through its converter into a buffer of its own (twice
        // the body at the peak, for nothing). Other encodings are named and converted.
        let isUTF8 = bytes.encoding == "UTF-8"
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    isUTF8
                        ? xmlReadMemory(
                            $0, Int32(clamping: buffer.count), url.absoluteString, nil,
                            options | Int32(XML_PARSE_IGNORE_ENC.rawValue))
                        : xmlReadMemory($0, Int32(clamping: buffer.count), url.absoluteString, bytes.encoding, options)
                }
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        guard let document, let root = xmlDocGetRootElement(document) else { return try body(nil) }
        return try body(XMLFeedNode(pointer: root))
    }
}
