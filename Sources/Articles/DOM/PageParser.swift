import CLibXML2

/// libxml2's HTML parser (the one lxml-based extractors use), read into a ``PageTree``.
///
/// The parser's SAX events build the tree directly: libxml2 never builds its own document, so a
/// page is held once (as our tree) rather than twice while one is copied into the other, and
/// nothing has to be freed node by node afterwards. The tree is the one libxml2's DOM builder
/// would make (the same implied elements, text merged the same way, comments skipped).
package enum PageParser {
    /// No network, no error output, recovery from broken markup; `XML_PARSE_HUGE` stays off so
    /// libxml2 keeps its limits; the page's own charset hints are ignored because
    /// ``PageDecoder`` has already turned the bytes into UTF-8.
    static let options = Int32(
        HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue)

    /// The tree of `utf8`, valid UTF-8 without NUL bytes; nil when libxml2 makes no document at all.
    ///
    /// - Parameter cuttingUnreadText: whether the bodies of scripts and style sheets the tree would drop are cut out
    ///   before libxml2 reads them (``UnreadScriptText``); off only to show, in tests, that the tree is the same.
    /// - Parameter maximumNodes: the most elements and text nodes kept; at that many, parsing stops and the
    ///   tree comes back marked ``PageTree/isCut`` (nil: ``maximumNodes(forPageBytes:)`` of the page).
    static func parse(_ utf8: [UInt8], cuttingUnreadText: Bool = true, maximumNodes: Int? = nil) -> PageTree? {
        guard !utf8.isEmpty, utf8.count < Int(Int32.max) else { return nil }
        _ = libxml2Ready
        let builder = PageTreeBuilder(maximumNodes: maximumNodes ?? Self.maximumNodes(forPageBytes: utf8.count))
        let page = cuttingUnreadText ? UnreadScriptText.removed(from: utf8) : utf8
        let parsed = page.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars -> Bool in
                guard let context = htmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else {
                    return false
                }
                defer { htmlFreeParserCtxt(context) }
                // htmlReadMemory's steps, with our handlers in place of the DOM builder's.
                _ = htmlCtxtUseOptions(context, options)
                guard let sax = context.pointee.sax else { return false }
                sax.pointee.internalSubset = nil
                sax.pointee.startDocument = nil
                sax.pointee.endDocument = nil
                sax.pointee.startElement = startElement
                sax.pointee.endElement = endElement
                sax.pointee.characters = characters
                sax.pointee.cdataBlock = characters
                // As in libxml2's DOM builder: whitespace the parser calls ignorable is dropped.
                sax.pointee.ignorableWhitespace = nil
                sax.pointee.comment = comment
                sax.pointee.processingInstruction = processingInstruction
                sax.pointee.reference = nil
                // Without it libxml2 guesses Latin-1 at the first non-ASCII byte.
                if let handler = xmlFindCharEncodingHandler("UTF-8") { _ = xmlSwitchToEncoding(context, handler) }
                // The handlers receive the parser context; our builder rides in its `_private`.
                context.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
                _ = htmlParseDocument(context)
                return true
            }
        }
        guard parsed, builder.tree.nodes.count > 1 else { return nil }
        return builder.take()
    }

    /// The most nodes kept for a page of `bytes`: 100,000 and one per 64 bytes more (a real page has one
    /// node per 50–100 bytes of markup, a page built to be slow one per 4–8), so the tree, about 250 bytes a
    /// node over the passes, stays within 8 times the page and 40 MB (issue 31).
    static func maximumNodes(forPageBytes bytes: Int) -> Int {
        100_000 + bytes / 64
    }

    /// Stops libxml2 once the builder has all the nodes it keeps.
    private static func stopIfFull(_ context: UnsafeMutableRawPointer?, _ builder: PageTreeBuilder?) {
        guard let context, builder?.isFull == true else { return }
        xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self))
    }

    /// libxml2's global state, set up once before any parse: two pages parsed at once, each
    /// setting it up on first use, could both stop for good in `xmlDictCreate`'s lock (seen as a
    /// hung `extract` of many pages). Also touched by the feed readers before their push parser (Upstreams).
    package static let libxml2Ready: Void = xmlInitParser()

    private static func builder(_ context: UnsafeMutableRawPointer?) -> PageTreeBuilder? {
        guard let context, let opaque = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else {
            return nil
        }
        return Unmanaged<PageTreeBuilder>.fromOpaque(opaque).takeUnretainedValue()
    }

    private static let startElement: startElementSAXFunc = { context, name, attributes in
        guard let name else { return }
        let builder = builder(context)
        builder?.start(name, attributes)
        stopIfFull(context, builder)
    }

    private static let endElement: endElementSAXFunc = { context, _ in
        builder(context)?.end()
    }

    private static let characters: charactersSAXFunc = { context, bytes, count in
        guard let bytes, count > 0 else { return }
        let builder = builder(context)
        builder?.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
        stopIfFull(context, builder)
    }

    private static let comment: commentSAXFunc = { context, _ in
        builder(context)?.interrupt()
    }

    private static let processingInstruction: processingInstructionSAXFunc = { context, _, _ in
        builder(context)?.interrupt()
    }
}
