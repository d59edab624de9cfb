import CLibXML2

/// A page as libxml2's own HTML document, for a site rule's XPaths: the automatic extractor never builds one
/// (``PageParser`` reads the page straight into a ``PageTree``), so only pages with a rule pay for it.
///
/// Every libxml2 pointer stays inside this value and is freed with it. An XPath that libxml2 cannot compile
/// selects nothing (rule files written for PHP's DOMXPath use the same XPath 1.0, so this is rare) and is never
/// printed: the context's own error handler swallows it.
struct SiteRuleDocument: ~Copyable {
    private let document: htmlDocPtr
    private let context: xmlXPathContextPtr

    /// The document of `utf8` (valid UTF-8, as ``PageDecoder`` makes it); nil when libxml2 makes none.
    init?(utf8: [UInt8]) {
        guard !utf8.isEmpty, utf8.count < Int(Int32.max) else { return nil }
        let options = Int32(
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        let parsed = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
            }
        }
        guard let parsed else { return nil }
        guard let context = xmlXPathNewContext(parsed) else {
            xmlFreeDoc(parsed)
            return nil
        }
        // Without a handler of its own, libxml2 prints an XPath's syntax errors on stderr.
        context.pointee.error = { _, _ in }
        document = parsed
        self.context = context
    }

    deinit {
        xmlXPathFreeContext(context)
        xmlFreeDoc(document)
    }

    /// What `xpath` evaluates to: its nodes in document order, or a string (`string(//h1)`); nil when it is no
    /// valid XPath or selects nothing.
    private enum Value {
        case nodes([xmlNodePtr])
        case text(String)
    }

    private func evaluate(_ xpath: String) -> Value? {
        guard let object = xmlXPathEvalExpression(xpath, context) else { return nil }
        defer { xmlXPathFreeObject(object) }
        switch object.pointee.type {
        case XPATH_NODESET:
            guard let set = object.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else {
                return nil
            }
            let nodes = (0..<Int(set.pointee.nodeNr)).compactMap { table[$0] }
            return nodes.isEmpty ? nil : .nodes(nodes)
        case XPATH_STRING:
            guard let value = object.pointee.stringval else { return nil }
            return .text(String(cString: value))
        default:
            return nil
        }
    }

    /// The nodes `xpath` selects (elements, text, attributes), in document order; empty for a string result.
    func nodes(_ xpath: String) -> [xmlNodePtr] {
        guard case .nodes(let nodes) = evaluate(xpath) else { return [] }
        return nodes
    }

    /// The texts `xpath` gives: each selected node's text (an attribute's value), or the string it evaluates to;
    /// whitespace collapsed, empty ones left out.
    func texts(_ xpath: String) -> [String] {
        let raw: [String]
        switch evaluate(xpath) {
        case .nodes(let nodes): raw = nodes.map(Self.text)
        case .text(let text): raw = [text]
        case nil: raw = []
        }
        return raw.map(TextWhitespace.collapse).filter { !$0.isEmpty }
    }

    /// The address `xpath` points to, as written: a selected `<a>`'s (or `<link>`'s) `href`, else the first
    /// node's text (`//a[@rel='next']/@href`), else the string it evaluates to.
    func link(_ xpath: String) -> String? {
        switch evaluate(xpath) {
        case .nodes(let nodes):
            for node in nodes {
                if node.pointee.type == XML_ELEMENT_NODE {
                    if let href = xmlHasProp(node, "href") {
                        let value = TextWhitespace.collapse(
                            Self.text(UnsafeMutableRawPointer(href).assumingMemoryBound(to: xmlNode.self)))
                        if !value.isEmpty { return value }
                        continue
                    }
                }
                let value = TextWhitespace.collapse(Self.text(node))
                if !value.isEmpty { return value }
            }
            return nil
        case .text(let text):
            let value = TextWhitespace.collapse(text)
            return value.isEmpty ? nil : value
        case nil:
            return nil
        }
    }

    /// Removes the nodes `xpath` selects (elements with all they hold, text, attributes); returns how many.
    mutating func remove(_ xpath: String) -> Int {
        let removable: Set<UInt32> = [
            XML_ELEMENT_NODE.rawValue, XML_TEXT_NODE.rawValue, XML_CDATA_SECTION_NODE.rawValue,
            XML_ATTRIBUTE_NODE.rawValue, XML_COMMENT_NODE.rawValue,
        ]
        // The XPath's result is freed before any node is, and every node is unlinked before any is freed: a
        // selected node inside another selected one is then a tree of its own, freed once.
        let selected = nodes(xpath).filter {
            removable.contains($0.pointee.type.rawValue) && $0 != xmlDocGetRootElement(document)
        }
        for node in selected { xmlUnlinkNode(node) }
        for node in selected { xmlFreeNode(node) }
        return selected.count
    }

    /// `nodes` written as HTML, one after the other.
    func html(_ nodes: [xmlNodePtr]) -> [UInt8] {
        write { output in
            for node in nodes { htmlNodeDumpFormatOutput(output, document, node, "UTF-8", 0) }
        }
    }

    /// The whole document written as HTML.
    func html() -> [UInt8] {
        write { output in htmlDocContentDumpFormatOutput(output, document, "UTF-8", 0) }
    }

    private func write(_ body: (xmlOutputBufferPtr) -> Void) -> [UInt8] {
        guard let output = xmlAllocOutputBuffer(nil) else { return [] }
        body(output)
        var bytes: [UInt8] = []
        if let content = xmlOutputBufferGetContent(output) {
            bytes = Array(UnsafeBufferPointer(start: content, count: Int(xmlOutputBufferGetSize(output))))
        }
        xmlOutputBufferClose(output)
        return bytes
    }

    /// The text of `node` and everything under it (an attribute's value), as the DOM's `textContent`.
    static func text(_ node: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        func collect(_ node: xmlNodePtr) {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
                }
            case XML_ELEMENT_NODE, XML_ATTRIBUTE_NODE, XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE,
                XML_DOCUMENT_FRAG_NODE:
                var child = node.pointee.children
                while let current = child {
                    collect(current)
                    child = current.pointee.next
                }
            default:
                return
            }
        }
        collect(node)
        return String(decoding: bytes, as: UTF8.self)
    }
}
