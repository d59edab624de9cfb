import CLibXML2

/// libxml2's HTML parser (the one lxml-based extractors use), read into a ``PageTree``.
enum PageParser {
    /// No network, no error output, recovery from broken markup; `XML_PARSE_HUGE` stays off so
    /// libxml2 keeps its depth limit (256 levels: a 100,000-deep page parses to that depth and stops
    /// there instead of exhausting the stack); the page's own charset hints are ignored because
    /// ``PageDecoder`` has already turned the bytes into UTF-8.
    static let options = Int32(
        HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue)

    /// The tree of `utf8`, valid UTF-8 without NUL bytes; nil when libxml2 makes no document at all.
    static func parse(_ utf8: [UInt8]) -> PageTree? {
        guard !utf8.isEmpty, utf8.count < Int(Int32.max) else { return nil }
        let document = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        var tree = PageTree()
        // Iterative, with an explicit stack: the document may be as deep as libxml2 allows.
        var stack: [(node: xmlNodePtr, parent: Int, depth: Int)] = []
        var child = document.pointee.children
        var top: [xmlNodePtr] = []
        while let node = child {
            top.append(node)
            child = node.pointee.next
        }
        for node in top.reversed() { stack.append((node, 0, 1)) }
        while let (node, parent, depth) = stack.popLast() {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = String(cString: node.pointee.name).lowercased()
                var element = PageTree.Node(name: name, parent: parent)
                var attribute = node.pointee.properties
                while let current = attribute {
                    let attributeName = String(cString: current.pointee.name).lowercased()
                    var value = ""
                    var textNode = current.pointee.children
                    while let text = textNode {
                        if let content = text.pointee.content { value += String(cString: content) }
                        textNode = text.pointee.next
                    }
                    element.attributes.append((attributeName, value))
                    attribute = current.pointee.next
                }
                let index = tree.append(element)
                guard depth < PageTree.maximumDepth else { continue }
                var children: [xmlNodePtr] = []
                var next = node.pointee.children
                while let current = next {
                    children.append(current)
                    next = current.pointee.next
                }
                for current in children.reversed() { stack.append((current, index, depth + 1)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let content = node.pointee.content else { continue }
                tree.append(PageTree.Node(name: "", text: String(cString: content), parent: parent))
            default:
                continue
            }
        }
        return tree
    }
}
