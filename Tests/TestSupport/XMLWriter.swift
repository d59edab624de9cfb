import CLibXML2
import FeedFormats
import Foundation
import NewsModel

/// A thin owner of one libxml2 `xmlTextWriter` writing into memory: the test oracle of ``XMLByteWriter``, which
/// must write the same bytes for the same calls (the renderers use only ``XMLByteWriter``).
///
/// libxml2 does the well-formedness bookkeeping (nesting, indentation, attributes), so no XML is
/// ever assembled by hand; character data is escaped here by libxml2's own rule (see
/// ``text(_:)``), which the golden files pin byte for byte. Every text and attribute value passes through ``XMLCharacters`` first, so no caller can
/// forget to drop characters XML 1.0 forbids. Non-copyable so the C pointers have exactly one
/// owner and are freed exactly once.
package struct XMLWriter: ~Copyable {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr
    /// Names of the open elements, only to say where libxml2 failed.
    private var openElements: [String] = []
    /// Escaped text on its way to libxml2, reused from one text to the next.
    private var escaped: [UInt8] = []

    /// A writer that indents nested elements by two spaces.
    package init() throws(FeedError) {
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
    package mutating func startDocument() throws(FeedError) {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "writing the XML declaration")
    }

    /// Opens an element; `name` may carry a declared prefix, e.g. `dc:creator`.
    package mutating func startElement(_ name: String) throws(FeedError) {
        let result = Self.withCString(name) { xmlTextWriterStartElement(writer, $0) }
        try check(result, "starting <\(name)>")
        openElements.append(name)
    }

    /// Declares `xmlns:prefix="uri"` on the element just opened.
    package mutating func declareNamespace(prefix: String, uri: String) throws(FeedError) {
        try attribute("xmlns:\(prefix)", uri)
    }

    /// Writes an attribute on the element just opened, its value escaped as libxml2's
    /// `xmlTextWriterWriteAttribute` escapes it. Values of printable ASCII, tabs and line breaks
    /// (nearly all: URLs, types, numbers) are escaped here and written raw; others go through
    /// libxml2, which escapes the same characters and writes non-ASCII text as UTF-8 (see XMLByteWriterTests).
    /// - Parameter escapedByLibXML2: always take libxml2's way (the reference, for tests).
    package mutating func attribute(_ name: String, _ value: String, escapedByLibXML2: Bool = false) throws(FeedError) {
        var value = value
        let writer = self.writer
        let isPlain = !escapedByLibXML2 && value.withUTF8(Self.isPlainASCII)
        let result = Self.withCString(name) { name -> Int32 in
            guard isPlain else {
                return XMLCharacters.withAllowedCString(value) { xmlTextWriterWriteAttribute(writer, name, $0) }
            }
            return xmlTextWriterStartAttribute(writer, name)
        }
        try check(result, "writing attribute \(name)\(location)")
        guard isPlain else { return }
        let written = value.withUTF8 { writeRaw($0, escaping: Self.attributeEscape) }
        try check(written, "writing attribute \(name)\(location)")
        try check(xmlTextWriterEndAttribute(writer), "writing attribute \(name)\(location)")
    }

    /// Whether every byte is printable ASCII, a tab, LF or CR: what ``attribute(_:_:escapedByLibXML2:)``
    /// escapes itself. Eight bytes at a time.
    private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= bytes.count {
            let word = ByteWord(raw, at: index)
            if word.hasNonASCII || word.hasByte(below: 0x20) || word.hasByte(0x7F) { break }
            index += 8
        }
        return bytes[index...].allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// libxml2's replacement for an ASCII `byte` in an attribute value (`xmlBufAttrSerializeTxtContent`).
    private static func attributeEscape(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case 0x0A: "&#10;"
        case 0x0D: "&#13;"
        case 0x09: "&#9;"
        default: nil
        }
    }

    /// Writes character data, escaped exactly as `xmlTextWriterWriteString` escapes it (`&`, `<`,
    /// `>`, `"` and CR become references, so `]]>` is harmless).
    /// - Parameter escapedByLibXML2: let `xmlTextWriterWriteString` escape it (the reference, for tests).
    package mutating func text(_ value: String, escapedByLibXML2: Bool = false) throws(FeedError) {
        if escapedByLibXML2 {
            let result = XMLCharacters.withAllowedCString(value) { xmlTextWriterWriteString(writer, $0) }
            return try check(result, "writing text\(location)")
        }
        var value = value
        let result = value.withUTF8 { writeText($0) }
        try check(result, "writing text\(location)")
    }

    /// ``text(_:)`` for UTF-8 bytes (without a terminating NUL), such as HTML the renderer built on
    /// bytes: it need not become a `String` first. `bytes` is left as it was.
    package mutating func text(utf8 bytes: inout [UInt8]) throws(FeedError) {
        let result = bytes.withUnsafeBufferPointer { writeText($0) }
        try check(result, "writing text\(location)")
    }

    /// Escapes `bytes` into a reused buffer (or not at all when nothing needs it) and hands them
    /// to libxml2 as raw text: the same bytes `xmlTextWriterWriteString` would write, without its
    /// allocation, copy and `strlen` per string, which were a tenth of a big `convert`. Text with
    /// characters XML forbids takes the old way, through ``XMLCharacters``.
    private mutating func writeText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let writer = self.writer
        if XMLCharacters.mayContainForbidden(bytes) {
            let clean = XMLCharacters.removingForbidden(String(decoding: bytes, as: UTF8.self))
            return XMLCharacters.withAllowedCString(clean) { xmlTextWriterWriteString(writer, $0) }
        }
        return writeRaw(bytes, escaping: Self.textEscape)
    }

    /// Writes `bytes` as they are, or escaped by `escaping` (nil: the byte stays) into a reused
    /// buffer when some byte needs it.
    private mutating func writeRaw(_ bytes: UnsafeBufferPointer<UInt8>, escaping: (UInt8) -> StaticString?) -> Int32 {
        let writer = self.writer
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            // Still written, so an element is closed as `<x></x>` like libxml2 does for "".
            return Self.withCString("") { xmlTextWriterWriteRawLen(writer, $0, 0) }
        }
        guard Self.needsEscaping(bytes, escaping) else {
            return xmlTextWriterWriteRawLen(writer, base, Int32(bytes.count))
        }
        escaped.removeAll(keepingCapacity: true)
        Self.appendEscaped(bytes, escaping, to: &escaped)
        return escaped.withUnsafeBufferPointer { xmlTextWriterWriteRawLen(writer, $0.baseAddress, Int32($0.count)) }
    }

    /// Whether `escaping` replaces any byte of `bytes`. Runs without `"`, `&`, `<`, `>` or a
    /// control character (all either rule escapes) are passed over eight bytes at a time.
    private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, _ escaping: (UInt8) -> StaticString?) -> Bool
    {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= bytes.count {
            let word = ByteWord(raw, at: index)
            if word.hasByte(UInt8(ascii: "&")) || word.hasByte(UInt8(ascii: "<")) || word.hasByte(UInt8(ascii: ">"))
                || word.hasByte(UInt8(ascii: "\"")) || word.hasByte(below: 0x20)
            {
                break
            }
            index += 8
        }
        return bytes[index...].contains { escaping($0) != nil }
    }

    /// libxml2's replacement for `byte` in character data (`xmlEncodeSpecialChars`); nil for a
    /// byte written as is (every byte of a multi-byte UTF-8 sequence is).
    private static func textEscape(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case 0x0D: "&#13;"
        default: nil
        }
    }

    private static func appendEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, _ escaping: (UInt8) -> StaticString?, to output: inout [UInt8]
    ) {
        output.reserveCapacity(bytes.count + 32)
        var runStart = 0
        for index in bytes.indices {
            guard let replacement = escaping(bytes[index]) else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(
                contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Closes the innermost open element (self-closing when it has no content).
    package mutating func endElement() throws(FeedError) {
        try check(xmlTextWriterEndElement(writer), "ending\(location)")
        openElements.removeLast()
    }

    /// Writes `<name>value</name>`.
    package mutating func element(_ name: String, text value: String) throws(FeedError) {
        try startElement(name)
        try text(value)
        try endElement()
    }

    /// Writes `<name>bytes</name>` (see ``text(utf8:)``).
    package mutating func element(_ name: String, utf8Text bytes: inout [UInt8]) throws(FeedError) {
        try startElement(name)
        try text(utf8: &bytes)
        try endElement()
    }

    /// Hands over the bytes written so far and forgets them, so a big document can be passed on
    /// in pieces instead of being held whole. Call it between elements: a piece then never ends
    /// inside a UTF-8 sequence.
    package mutating func takeWrittenBytes() throws(FeedError) -> Data {
        try check(xmlTextWriterFlush(writer), "flushing the document")
        let length = Int(xmlBufferLength(buffer))
        guard length > 0, let content = xmlBufferContent(buffer) else { return Data() }
        let bytes = Data(bytes: content, count: length)
        xmlBufferEmpty(buffer)
        return bytes
    }

    /// Closes every open element, ends the document and hands over the bytes without copying them.
    package consuming func finish() throws(FeedError) -> Data {
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
