import Foundation

/// Indented XML written straight into a byte buffer: for the same calls, exactly the bytes
/// `XMLWriter` (libxml2's `xmlTextWriter`, indenting by two spaces; in TestSupport, as this writer's test oracle)
/// writes.
///
/// The feed renderers write through it: on a 10,000-item `convert`, libxml2's per-call work
/// (its output buffer's bookkeeping, `strlen` of every piece, a copy per piece) was a sixth of
/// the whole run. It keeps libxml2's rules, which the golden files and `XMLByteWriterTests`
/// (against `XMLWriter` on the same calls) pin byte for byte:
/// - an element's start tag is closed by `>` when its first text or child comes, `/>` when it
///   ends empty; each child starts on a line of its own, indented by its depth, and every end
///   tag or empty element is followed by a line break;
/// - an end tag is indented unless text was the last thing written into the element;
/// - text escapes `&`, `<`, `>`, `"` and CR (`xmlEncodeSpecialChars`); attribute values escape
///   `&`, `<`, `>`, `"`, tab, LF and CR (`xmlBufAttrSerializeTxtContent`); non-ASCII text is
///   written as UTF-8 in both;
/// - characters XML 1.0 forbids are removed first (``XMLCharacters``), so no caller can forget it.
///
/// Only well-formed use is accepted: an attribute outside a start tag, or an end without an
/// open element, is a ``FeedError/writerFailed(_:)``, as libxml2 refuses them. Non-copyable: it
/// owns its buffer, which it grows itself (an `Array`'s `append(contentsOf:)` was not inlined, and
/// its checks per call cost as much as the copying). Element and attribute names are `StaticString`s: the
/// renderers' names are all written in the code, and a name kept open or copied then costs no reference counting
/// and no `String` access (as `String`s, with the literals its own tags were written from, about 1.5 % of the CPU
/// of a 10,000-article `convert`).
package struct XMLByteWriter: ~Copyable {
    private var output: ByteBuffer
    /// Names of the open elements, innermost last.
    private var openElements: [StaticString] = []
    /// Whether the innermost element's start tag still waits for its `>` (or `/>`).
    private var startTagIsOpen = false
    /// Whether the next end tag of an element with content is indented (libxml2's `doindent`):
    /// false right after text, true after an element ended.
    private var indentsEndTag = true

    /// A writer that indents nested elements by two spaces.
    package init() throws(FeedError) {
        output = ByteBuffer(capacity: 1 << 16)
    }

    /// A writer inside `elements` (outermost first), after a child of the innermost ended: what it writes is what a
    /// writer that opened them and ended a child there writes next (such as an RSS item after another), for
    /// ``appendWritten(_:in:)`` into that writer. It writes children of the innermost element only.
    package init(inside elements: [StaticString]) {
        output = ByteBuffer(capacity: 1 << 16)
        openElements = elements
    }

    /// How many bytes are written (and not yet handed over).
    package var byteCount: Int { output.count }

    /// Appends `bytes[range]`, written by a writer made ``init(inside:)`` the elements open here and ending with the
    /// end of an element: these are the bytes this writer would have written for the same calls, and it is left as it would
    /// have been after them.
    package mutating func appendWritten(_ bytes: [UInt8], in range: Range<Int>) {
        willAppendWritten()
        bytes.withUnsafeBufferPointer { output.append($0, from: range.lowerBound, to: range.upperBound) }
    }

    /// ``appendWritten(_:in:)`` for bytes the caller puts after this writer's bytes itself (it hands over what this
    /// writer has written first): closes a start tag still open, and leaves the writer as the bytes leave it.
    package mutating func willAppendWritten() {
        if startTagIsOpen {
            append(">\n")
            startTagIsOpen = false
        }
        indentsEndTag = true
    }

    /// Writes the XML declaration, version 1.0 in UTF-8.
    package mutating func startDocument() throws(FeedError) {
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    }

    /// Opens an element; `name` may carry a declared prefix, e.g. `dc:creator`.
    package mutating func startElement(_ name: StaticString) throws(FeedError) {
        if startTagIsOpen { append(">\n") }
        appendIndent(openElements.count)
        output.append(UInt8(ascii: "<"))
        append(name)
        openElements.append(name)
        startTagIsOpen = true
    }

    /// Declares `xmlns:prefix="uri"` on the element just opened.
    package mutating func declareNamespace(prefix: String, uri: String) throws(FeedError) {
        guard startTagIsOpen else { throw .writerFailed("writing attribute xmlns:\(prefix) outside a start tag") }
        append(" xmlns:")
        append(contentsOf: prefix)
        appendAttributeValue(uri)
    }

    /// Writes an attribute on the element just opened, its value escaped as libxml2 escapes it.
    package mutating func attribute(_ name: StaticString, _ value: String) throws(FeedError) {
        guard startTagIsOpen else { throw .writerFailed("writing attribute \(name) outside a start tag") }
        output.append(UInt8(ascii: " "))
        append(name)
        appendAttributeValue(value)
    }

    /// `="value"`, the value escaped as libxml2 escapes an attribute's.
    private mutating func appendAttributeValue(_ value: String) {
        append("=\"")
        var value = value
        value.withUTF8 { bytes in
            let start = output.count
            guard !appendEscaped(bytes, attribute: true) else { return }
            // A character XML forbids may be there: written again without them.
            output.removeLast(output.count - start)
            var clean = XMLCharacters.removingForbidden(String(decoding: bytes, as: UTF8.self))
            clean.withUTF8 { _ = appendEscaped($0, attribute: true, checked: true) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Writes character data, escaped as `xmlTextWriterWriteString` escapes it (`&`, `<`, `>`,
    /// `"` and CR become references, so `]]>` is harmless).
    package mutating func text(_ value: String) throws(FeedError) {
        try startText()
        var value = value
        value.withUTF8 { appendText($0) }
    }

    /// ``text(_:)`` for UTF-8 bytes (without a terminating NUL), such as HTML the renderer built on
    /// bytes: it need not become a `String` first. `bytes` is left as it was.
    package mutating func text(utf8 bytes: inout [UInt8]) throws(FeedError) {
        try startText()
        bytes.withUnsafeBufferPointer { appendText($0) }
    }

    /// Closes the start tag before text, if it is still open.
    private mutating func startText() throws(FeedError) {
        guard !openElements.isEmpty else { throw .writerFailed("writing text outside any element") }
        if startTagIsOpen {
            output.append(UInt8(ascii: ">"))
            startTagIsOpen = false
        }
        indentsEndTag = false
    }

    private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        let start = output.count
        guard !appendEscaped(bytes, attribute: false) else { return }
        // A character XML forbids may be there: written again without them.
        output.removeLast(output.count - start)
        var clean = XMLCharacters.removingForbidden(String(decoding: bytes, as: UTF8.self))
        clean.withUTF8 { _ = appendEscaped($0, attribute: false, checked: true) }
    }

    /// Closes the innermost open element (self-closing when it has no content).
    package mutating func endElement() throws(FeedError) {
        guard let name = openElements.popLast() else { throw .writerFailed("ending an element when none is open") }
        if startTagIsOpen {
            append("/>\n")
            startTagIsOpen = false
        } else {
            if indentsEndTag { appendIndent(openElements.count) }
            append("</")
            append(name)
            append(">\n")
        }
        indentsEndTag = true
    }

    /// Writes `<name>value</name>`.
    package mutating func element(_ name: StaticString, text value: String) throws(FeedError) {
        try startElement(name)
        try text(value)
        try endElement()
    }

    /// Writes `<name>bytes</name>` (see ``text(utf8:)``).
    package mutating func element(_ name: StaticString, utf8Text bytes: inout [UInt8]) throws(FeedError) {
        try startElement(name)
        try text(utf8: &bytes)
        try endElement()
    }

    /// Hands over the bytes written so far and forgets them, so a big document can be passed on
    /// in pieces instead of being held whole. Call it between elements: a piece then never ends
    /// inside a UTF-8 sequence.
    package mutating func takeWrittenBytes() throws(FeedError) -> Data {
        defer { output.removeAll() }
        return output.data
    }

    /// ``takeWrittenBytes()`` as an array.
    package mutating func takeWrittenArray() -> [UInt8] {
        defer { output.removeAll() }
        return output.array
    }

    /// ``takeWrittenBytes()`` without a copy: the buffer itself is handed over, and the writer goes on in a new one.
    package mutating func handOverWrittenBytes() -> Data {
        output.handOver()
    }

    /// Closes every open element and hands over the rest of the document.
    package consuming func finish() throws(FeedError) -> Data {
        while !openElements.isEmpty { try endElement() }
        return try takeWrittenBytes()
    }

    // MARK: Bytes

    private mutating func append(_ text: StaticString) {
        output.append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Not named `append(_:)` like the `StaticString` one: a literal such as `"</"` took the `String` one then.
    private mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { output.append($0) }
    }

    private static let spaces: StaticString = "                                "

    /// Two spaces per level of `depth`.
    private mutating func appendIndent(_ depth: Int) {
        var left = depth * 2
        while left > 0 {
            let count = min(left, Self.spaces.utf8CodeUnitCount)
            output.append(Self.spaces.utf8Start, count: count)
            left -= count
        }
    }

    /// Appends `bytes` escaped as text (`&`, `<`, `>`, `"` and CR as references) or as an attribute
    /// value (tab and LF too), in one pass; everything else, non-ASCII text too, as it is. Runs of
    /// eight bytes without any of them, a control character or 0xEF are passed over at once.
    /// Returns false, having written part of it, at a byte that may start a character XML forbids
    /// (a C0 control other than tab, LF and CR; 0xEF, which U+FFFE and U+FFFF start with), unless
    /// `checked` says the text has none.
    @inline(__always)
    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, attribute: Bool, checked: Bool = false)
        -> Bool
    {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            var end = count
            if index + 8 <= count {
                let word = TextWord(raw, at: index)
                if !(word.hasByte(below: 0x20) || word.hasByte(UInt8(ascii: "&"), or: UInt8(ascii: "\""))
                    || word.hasByte(UInt8(ascii: "<"), or: UInt8(ascii: ">")) || word.hasByte(0xEF))
                {
                    index += 8
                    continue
                }
                end = index + 8
            }
            while index < end {
                let byte = bytes[index]
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case 0x0D: replacement = "&#13;"
                case 0x0A where attribute: replacement = "&#10;"
                case 0x09 where attribute: replacement = "&#9;"
                case 0x09, 0x0A:
                    index += 1
                    continue
                case 0..<0x20, 0xEF:
                    if !checked { return false }
                    index += 1
                    continue
                default:
                    index += 1
                    continue
                }
                output.append(bytes, from: runStart, to: index)
                append(replacement)
                index += 1
                runStart = index
            }
        }
        output.append(bytes, from: runStart, to: count)
        return true
    }
}

/// A growable byte buffer with one owner: appends are a capacity check and a `memcpy`. Not `private`: code inlined
/// into other files (``RSSItemWriter``'s) refers to its metadata, which a private type's symbols cannot give.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes so far.
    var data: Data { Data(bytes: base, count: count) }

    /// A copy of the bytes so far, as an array.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes so far, in their memory (no copy), which the buffer leaves for new memory of the same capacity.
    mutating func handOver() -> Data {
        let bytes = Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        base = .allocate(capacity: capacity)
        count = 0
        return bytes
    }

    mutating func removeAll() { count = 0 }

    mutating func removeLast(_ length: Int) { count -= length }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        guard length > 0 else { return }
        if count + length > capacity { grow(toHold: count + length) }
        if length <= 16 {
            Self.copySmall(bytes, to: base + count, count: length)
        } else {
            (base + count).update(from: bytes, count: length)
        }
        count += length
    }

    /// Copies 1 to 16 bytes inline, as two loads and stores that overlap (of 8, 4 or 1 bytes): most pieces of a feed
    /// (tags, short texts, the runs between escapes) are that short, and a call to `memmove` for each was 4 % of a
    /// 10,000-item RSS `convert`.
    @inline(__always)
    private static func copySmall(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            // 1, 2 or 3 bytes: the first, the middle and the last.
            target[0] = source[0]
            target[count / 2] = source[count / 2]
            target[count - 1] = source[count - 1]
        }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        append(start, count: bytes.count)
    }

    /// `bytes[start..<end]`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard end > start, let first = bytes.baseAddress else { return }
        append(first + start, count: end - start)
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// ``NewsModel/ByteWord``'s tests, here so they are inlined: called across the module boundary,
/// once per eight bytes of every text written, they were a tenth of the writing thread's time.
struct TextWord {
    private let bits: UInt64

    /// The eight bytes at `offset` (which must leave eight bytes to read).
    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        bits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private init(bits: UInt64) {
        self.bits = bits
    }

    /// Whether some byte is below `limit` (at most 128).
    @inline(__always)
    func hasByte(below limit: UInt8) -> Bool {
        (bits &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~bits & 0x8080_8080_8080_8080 != 0
    }

    /// Whether some byte equals `value`.
    @inline(__always)
    func hasByte(_ value: UInt8) -> Bool {
        let difference = bits ^ (0x0101_0101_0101_0101 &* UInt64(value))
        return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080 != 0
    }

    /// Whether some byte equals `value` or `other`, two bytes that differ in one bit only (`<` and `>`, `&` and `"`):
    /// with that bit set in every byte, both are the one with it set, so one test answers for the two.
    @inline(__always)
    func hasByte(_ value: UInt8, or other: UInt8) -> Bool {
        let bit = value ^ other
        assert(bit.nonzeroBitCount == 1, "\(value) and \(other) differ in more than one bit")
        return TextWord(bits: bits | 0x0101_0101_0101_0101 &* UInt64(bit)).hasByte(value | bit)
    }
}
