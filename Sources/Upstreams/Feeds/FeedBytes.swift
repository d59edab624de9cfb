import Foundation
import NewsModel

/// A feed's bytes made ready for libxml2, in feedparser's order: the encoding from the byte-order mark, else
/// the HTTP charset, else the XML declaration, else UTF-8; a declared UTF-8 that is not valid UTF-8 is read as
/// windows-1252 (feedparser's fallback; ISO-8859-1 when a byte windows-1252 leaves undefined is present), so a
/// wrong declaration never loses the feed. UTF-16 and UTF-32 are
/// turned into UTF-8 here; other encodings are named to libxml2, which converts them.
///
/// Then the repairs real readers make: the DOCTYPE is removed (so no DTD, internal subset or entity
/// declaration ever reaches the parser: no XXE, no billion laughs), HTML's named references such as `&nbsp;`
/// become numeric ones, and a stray `&` becomes `&amp;`. CDATA sections and comments are left as written. A body
/// that needs none of these (most feeds) is read where it is: no copy of a 16 MB answer is held beside it.
package struct FeedBytes {
    private enum Storage {
        /// The body as it came: nothing needed converting or repairing.
        case body(Data)
        /// Converted from UTF-16 or -32, or repaired.
        case made([UInt8])
    }

    private let storage: Storage
    /// The encoding to read the bytes in (overrides the XML declaration).
    let encoding: String

    init(_ data: Data, httpCharset: String?) {
        // The body is read in place (no copy of a 16 MB answer) unless it must be converted from UTF-16 or -32.
        let head = [UInt8](data.prefix(4096))
        var converted: [UInt8]?
        var encoding: String
        if let (bom, length) = Self.byteOrderMark(head) {
            converted = Self.utf8([UInt8](data.dropFirst(length)), from: bom)
            encoding = "UTF-8"
        } else if let unmarked = Self.unmarkedUTF16(head) {
            converted = Self.utf8([UInt8](data), from: unmarked)
            encoding = "UTF-8"
        } else if let charset = httpCharset.map(Self.canonical), !charset.isEmpty {
            encoding = charset
        } else if let declared = Self.declaredEncoding(head).map(Self.canonical) {
            encoding = declared
        } else {
            encoding = "UTF-8"
        }
        if encoding.hasPrefix("UTF-16") || encoding.hasPrefix("UTF-32") {
            // A 16- or 32-bit charset without a mark that the bytes contradict: read them as UTF-8.
            encoding = "UTF-8"
        }
        /// The repaired bytes, or nil when `body` needs no repair.
        func finish(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            if encoding == "UTF-8" || encoding == "US-ASCII", !UTF8Text.isValid(body) {
                // windows-1252 leaves five bytes undefined; with one of them present, ISO-8859-1 reads every byte.
                let undefined: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
                encoding = body.contains(where: undefined.contains) ? "ISO-8859-1" : "WINDOWS-1252"
            }
            return Self.repairedIfChanged(body)
        }
        if let converted {
            storage = .made(converted.withUnsafeBufferPointer(finish) ?? converted)
        } else if let repaired = data.withUnsafeBytes({ finish($0.bindMemory(to: UInt8.self)) }) {
            storage = .made(repaired)
        } else {
            storage = .body(data)
        }
        self.encoding = encoding
    }

    /// Whether the parser reads the body where it is (nothing was converted or repaired).
    var readsBodyInPlace: Bool {
        if case .body = storage { return true }
        return false
    }

    /// Calls `body` with the document's bytes as the parser reads them.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .body(let data): data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
        case .made(let bytes): bytes.withUnsafeBufferPointer(body)
        }
    }

    /// The first `count` bytes (or all, when there are fewer).
    func prefix(_ count: Int) -> [UInt8] {
        withUnsafeBufferPointer { Array($0.prefix(count)) }
    }

    /// A copy of every byte (for a page that is no feed, to say which feeds it links).
    var array: [UInt8] {
        withUnsafeBufferPointer { Array($0) }
    }

    /// `utf-8`, `"UTF8"`, `latin1` → libxml2's names.
    static func canonical(_ name: String) -> String {
        let upper = name.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")).uppercased()
        switch upper {
        case "UTF8": return "UTF-8"
        case "ASCII", "US-ASCII": return "US-ASCII"
        case "LATIN1", "LATIN-1": return "ISO-8859-1"
        default: return upper
        }
    }

    private enum Wide { case utf16BE, utf16LE, utf32BE, utf32LE, utf8 }

    private static func byteOrderMark(_ body: [UInt8]) -> (Wide, Int)? {
        if body.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if body.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if body.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if body.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        return nil
    }

    /// `<` `?` in UTF-16 without a mark (XML 1.0 appendix F).
    private static func unmarkedUTF16(_ body: [UInt8]) -> Wide? {
        if body.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return .utf16BE }
        if body.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return .utf16LE }
        return nil
    }

    private static func utf8(_ body: [UInt8], from wide: Wide) -> [UInt8] {
        let encoding: String.Encoding
        switch wide {
        case .utf8: return body
        case .utf16BE: encoding = .utf16BigEndian
        case .utf16LE: encoding = .utf16LittleEndian
        case .utf32BE: encoding = .utf32BigEndian
        case .utf32LE: encoding = .utf32LittleEndian
        }
        let unit = wide == .utf32BE || wide == .utf32LE ? 4 : 2
        let whole = Data(body.prefix(body.count - body.count % unit))
        guard let text = String(data: whole, encoding: encoding) else { return [] }
        var utf8 = Array(text.utf8)
        // The declaration still names UTF-16; libxml2 is told the encoding, so it is only rewritten for clarity.
        if let range = declarationEncodingRange(utf8) { utf8.replaceSubrange(range, with: Array("UTF-8".utf8)) }
        return utf8
    }

    /// The `encoding` of `<?xml … encoding="…"?>` at the start, if any.
    static func declaredEncoding(_ body: [UInt8]) -> String? {
        guard let range = declarationEncodingRange(body) else { return nil }
        return String(decoding: body[range], as: UTF8.self)
    }

    private static func declarationEncodingRange(_ body: [UInt8]) -> Range<Int>? {
        guard body.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = body.prefix(200)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = Array(head[..<end])
        let key = Array("encoding".utf8)
        guard
            let at = (0...max(0, declaration.count - key.count)).first(where: {
                declaration.count >= key.count && Array(declaration[$0..<$0 + key.count]) == key
            })
        else { return nil }
        var index = at + key.count
        while index < declaration.count, declaration[index] == 0x20 || declaration[index] == UInt8(ascii: "=") {
            index += 1
        }
        guard index < declaration.count, declaration[index] == 0x22 || declaration[index] == 0x27 else { return nil }
        let quote = declaration[index]
        let start = index + 1
        guard let close = declaration[start...].firstIndex(of: quote) else { return nil }
        return start..<close
    }

    // MARK: Repairs

    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// Whether ``repaired(_:)`` would change `body`.
    package static func needsRepair(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        repairedIfChanged(body) != nil
    }

    /// The body without its DOCTYPE, with HTML named references made numeric and stray `&` escaped.
    package static func repaired(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        repairedIfChanged(body) ?? Array(body)
    }

    /// ``repaired(_:)``, or nil when nothing in `body` needs a repair (no DOCTYPE, and no reference outside CDATA
    /// sections and comments that is written otherwise: a named HTML one, `&#X…;`, an unknown name, a stray `&`).
    /// One pass; the repaired copy is only begun at the first change, so a body that needs none is never copied.
    static func repairedIfChanged(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = body.count
        var output: [UInt8] = []
        var changed = false
        /// The start of the bytes not yet copied into `output`.
        var unwritten = 0
        func replace(_ range: Range<Int>, with bytes: some Collection<UInt8>) {
            if !changed { output.reserveCapacity(count + 64) }
            changed = true
            output.append(contentsOf: body[unwritten..<range.lowerBound])
            output.append(contentsOf: bytes)
            unwritten = range.upperBound
        }
        func starts(_ prefix: StaticString, at position: Int, caseInsensitive: Bool = false) -> Bool {
            // A StaticString's bytes: no array is made for each `<` of a large feed.
            prefix.withUTF8Buffer { bytes in
                guard position + bytes.count <= count else { return false }
                for offset in 0..<bytes.count {
                    var byte = body[position + offset]
                    if caseInsensitive, (0x61...0x7A).contains(byte) { byte -= 0x20 }
                    if byte != bytes[offset] { return false }
                }
                return true
            }
        }
        /// After `marker` (or the end): a CDATA section or a comment is left as written.
        func after(_ marker: StaticString, from start: Int) -> Int {
            var position = start
            while position < count, !starts(marker, at: position) { position += 1 }
            return min(count, position + marker.utf8CodeUnitCount)
        }
        var scratch: [UInt8] = []
        scratch.reserveCapacity(64)
        var index = 0
        while index < count {
            let byte = body[index]
            if byte == UInt8(ascii: "<") {
                if starts("<![CDATA[", at: index) {
                    index = after("]]>", from: index)
                } else if starts("<!--", at: index) {
                    index = after("-->", from: index)
                } else if starts("<!DOCTYPE", at: index, caseInsensitive: true) {
                    let end = endOfDoctype(body, from: index)
                    replace(index..<end, with: EmptyCollection())
                    index = end
                } else {
                    index += 1
                }
            } else if byte == UInt8(ascii: "&") {
                scratch.removeAll(keepingCapacity: true)
                let next = appendReference(body, at: index, to: &scratch)
                if !scratch.elementsEqual(body[index..<next]) { replace(index..<next, with: scratch) }
                index = next
            } else {
                index += 1
            }
        }
        guard changed else { return nil }
        output.append(contentsOf: body[unwritten...])
        return output
    }

    /// After the DOCTYPE's closing `>`, skipping an internal subset in brackets.
    private static func endOfDoctype(_ body: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        var depth = 0
        var quote: UInt8?
        while index < body.count {
            let byte = body[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ">"), depth == 0 {
                return index
            }
        }
        return index
    }

    /// Copies the reference at `start` (a `&`), repaired; returns where reading goes on.
    private static func appendReference(
        _ body: UnsafeBufferPointer<UInt8>, at start: Int, to output: inout [UInt8]
    ) -> Int {
        var index = start + 1
        let limit = min(body.count, start + 40)
        if index < limit, body[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < limit && (body[index] == UInt8(ascii: "x") || body[index] == UInt8(ascii: "X"))
            if hex { index += 1 }
            let digitsStart = index
            while index < limit,
                hex ? isHexDigit(body[index]) : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(body[index])
            {
                index += 1
            }
            if index > digitsStart, index < limit, body[index] == UInt8(ascii: ";") {
                // XML knows `&#x41;` only; `&#X41;` is what HTML readers (and feedparser) accept too.
                output.append(contentsOf: body[start...index])
                if hex { output[output.count - (index - start) - 1 + 2] = UInt8(ascii: "x") }
                return index + 1
            }
        } else {
            while index < limit, isNameByte(body[index]) { index += 1 }
            if index > start + 1, index < limit, body[index] == UInt8(ascii: ";") {
                let name = String(decoding: body[(start + 1)..<index], as: UTF8.self)
                if xmlEntities.contains(name) {
                    output.append(contentsOf: body[start...index])
                } else if let text = HTMLEntities.named[name] {
                    for scalar in text.unicodeScalars { output.append(contentsOf: Array("&#\(scalar.value);".utf8)) }
                } else {
                    // An unknown name: written out as text rather than left for a DTD that is never read.
                    output.append(contentsOf: Array("&amp;".utf8))
                    output.append(contentsOf: body[(start + 1)...index])
                }
                return index + 1
            }
        }
        output.append(contentsOf: Array("&amp;".utf8))
        return start + 1
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
