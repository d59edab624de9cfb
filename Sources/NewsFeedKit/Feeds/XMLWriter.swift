import CLibXML2
import Foundation

/// A thin owner of one libxml2 `xmlTextWriter` writing into memory.
///
/// libxml2 does all escaping and well-formedness bookkeeping, so no XML is ever assembled by
/// hand. Every text and attribute value passes through ``XMLCharacters`` first, so no caller can
/// forget to drop characters XML 1.0 forbids. Non-copyable so the C pointers have exactly one
/// owner and are freed exactly once.
struct XMLWriter: ~Copyable {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr
    /// Names of the open elements, only to say where libxml2 failed.
    private var openElements: [String] = []

    /// A writer that indents nested elements by two spaces.
    init() throws(FeedError) {
        guard let buffer = xmlBufferCreate() else {
            throw .writerFailed("allocating the libxml2 output buffer")
        }
        // The default growth scheme adds a few bytes per resize, which is quadratic for big feeds.
        xmlBufferSetAllocationScheme(buffer, XML_BUFFER_ALLOC_DOUBLEIT)
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw .writerFailed("creating the libxml2 text writer")
        }
        guard xmlTextWriterSetIndent(writer, 1) >= 0, xmlTextWriterSetIndentString(writer, "  ") >= 0 else {
            xmlFreeTextWriter(writer)
            xmlBufferFree(buffer)
            throw .writerFailed("turning on indentation")
        }
        self.buffer = buffer
        self.writer = writer
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    /// Writes the XML declaration, version 1.0 in UTF-8.
    mutating func startDocument() throws(FeedError) {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "writing the XML declaration")
    }

    /// Opens an element; `name` may carry a declared prefix, e.g. `dc:creator`.
    mutating func startElement(_ name: String) throws(FeedError) {
        let result = Self.withCString(name) { xmlTextWriterStartElement(writer, $0) }
        try check(result, "starting <\(name)>")
        openElements.append(name)
    }

    /// Declares `xmlns:prefix="uri"` on the element just opened.
    mutating func declareNamespace(prefix: String, uri: String) throws(FeedError) {
        try attribute("xmlns:\(prefix)", uri)
    }

    /// Writes an attribute on the element just opened; libxml2 escapes the value.
    mutating func attribute(_ name: String, _ value: String) throws(FeedError) {
        let result = Self.withCString(name) { name in
            XMLCharacters.withAllowedCString(value) { xmlTextWriterWriteAttribute(writer, name, $0) }
        }
        try check(result, "writing attribute \(name)\(location)")
    }

    /// Writes character data; libxml2 escapes `&`, `<`, `>` (so `]]>` is harmless) and CR.
    mutating func text(_ value: String) throws(FeedError) {
        let result = XMLCharacters.withAllowedCString(value) { xmlTextWriterWriteString(writer, $0) }
        try check(result, "writing text\(location)")
    }

    /// ``text(_:)`` for UTF-8 bytes (without a terminating NUL), such as HTML the renderer built on
    /// bytes: it need not become a `String` first. `bytes` is left as it was.
    mutating func text(utf8 bytes: inout [UInt8]) throws(FeedError) {
        guard !bytes.withUnsafeBufferPointer(XMLCharacters.mayContainForbidden) else {
            return try text(String(decoding: bytes, as: UTF8.self))
        }
        bytes.append(0)
        defer { bytes.removeLast() }
        let result = bytes.withUnsafeBufferPointer { xmlTextWriterWriteString(writer, $0.baseAddress) }
        try check(result, "writing text\(location)")
    }

    /// Closes the innermost open element (self-closing when it has no content).
    mutating func endElement() throws(FeedError) {
        try check(xmlTextWriterEndElement(writer), "ending\(location)")
        openElements.removeLast()
    }

    /// Writes `<name>value</name>`.
    mutating func element(_ name: String, text value: String) throws(FeedError) {
        try startElement(name)
        try text(value)
        try endElement()
    }

    /// Writes `<name>bytes</name>` (see ``text(utf8:)``).
    mutating func element(_ name: String, utf8Text bytes: inout [UInt8]) throws(FeedError) {
        try startElement(name)
        try text(utf8: &bytes)
        try endElement()
    }

    /// Hands over the bytes written so far and forgets them, so a big document can be passed on
    /// in pieces instead of being held whole. Call it between elements: a piece then never ends
    /// inside a UTF-8 sequence.
    mutating func takeWrittenBytes() throws(FeedError) -> Data {
        try check(xmlTextWriterFlush(writer), "flushing the document")
        let length = Int(xmlBufferLength(buffer))
        guard length > 0, let content = xmlBufferContent(buffer) else { return Data() }
        let bytes = Data(bytes: content, count: length)
        xmlBufferEmpty(buffer)
        return bytes
    }

    /// Closes every open element, ends the document and hands over the bytes without copying them.
    consuming func finish() throws(FeedError) -> Data {
        try check(xmlTextWriterEndDocument(writer), "ending the document")
        try check(xmlTextWriterFlush(writer), "flushing the document")
        let length = Int(xmlBufferLength(buffer))
        guard length > 0 else { return Data() }
        var free: xmlFreeFunc?
        guard xmlMemGet(&free, nil, nil, nil) == 0, let free, let bytes = xmlBufferDetach(buffer) else {
            throw .writerFailed("taking the finished document from the libxml2 buffer")
        }
        return Data(bytesNoCopy: bytes, count: length, deallocator: .custom { pointer, _ in free(pointer) })
    }

    /// `text` as the `xmlChar` C string libxml2 takes, in place (the implicit conversion copies).
    private static func withCString<Result>(_ text: String, _ body: (UnsafePointer<UInt8>) -> Result) -> Result {
        text.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
    }

    private var location: String {
        openElements.last.map { " inside <\($0)>" } ?? ""
    }

    /// libxml2 writer calls return the number of bytes written, or -1 on failure.
    private func check(_ result: Int32, _ action: @autoclosure () -> String) throws(FeedError) {
        if result < 0 { throw .writerFailed(action() + " (libxml2 returned \(result))") }
    }
}
