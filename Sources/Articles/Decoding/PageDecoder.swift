import NewsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A page's bytes as UTF-8, whatever charset they came in: invalid sequences become U+FFFD, NUL
/// and other control characters that XML forbids are dropped, so neither libxml2 nor a feed ever
/// sees a byte it would stop at.
public enum PageDecoder {
    /// `bytes` decoded to UTF-8 by the charset ``PageCharset`` finds; an unknown or unsupported
    /// charset is read as UTF-8 with windows-1252 for bytes that are not UTF-8.
    public static func utf8(_ bytes: [UInt8], httpCharset: String? = nil) -> [UInt8] {
        let (name, bomLength) = PageCharset.detect(bytes, httpCharset: httpCharset)
        let body = bomLength == 0 ? bytes : Array(bytes[bomLength...])
        // The HTTP header is obeyed as a browser obeys it (only a byte-order mark goes before it).
        let fromHeader = bomLength == 0 && httpCharset.flatMap(PageCharset.canonical) != nil
        // Otherwise bytes that are valid UTF-8 (with non-ASCII in them) are UTF-8 whatever the page's <meta>
        // claims (issue 28, point 6): pages re-saved or re-served as UTF-8 keep their old declaration, and a real
        // legacy page is practically never valid UTF-8 by chance (trafilatura tries UTF-8 first for the same
        // reason). UTF-16 is the exception: its ASCII is valid UTF-8 with NULs.
        if name == "UTF-8" || (!fromHeader && !name.hasPrefix("UTF-16") && isValidUTF8(body)) {
            return cleanUTF8(body)
        }
        if name == "WINDOWS-1252" { return cleanUTF8(windows1252(body)) }
        if let converted = iconvConvert(body, from: name) { return cleanUTF8(converted) }
        return cleanUTF8(body)
    }

    /// `utf8` without the internal subset of its document type (`<!DOCTYPE html [<!ENTITY …>]>` keeps
    /// `<!DOCTYPE html>`): HTML has no DTDs, and libxml2's HTML parser read the declarations as text, which
    /// became the article's first paragraph. Only a `<!DOCTYPE` at the start (after whitespace) is looked at.
    static func withoutInternalSubset(_ utf8: [UInt8]) -> [UInt8] {
        var start = 0
        while start < utf8.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(utf8[start]) { start += 1 }
        let keyword = Array("<!doctype".utf8)
        guard utf8.count >= start + keyword.count,
            zip(utf8[start..<(start + keyword.count)], keyword).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
        else { return utf8 }
        var index = start + keyword.count
        // The declaration up to its `[` (none: nothing to drop).
        while index < utf8.count, utf8[index] != UInt8(ascii: ">"), utf8[index] != UInt8(ascii: "[") { index += 1 }
        guard index < utf8.count, utf8[index] == UInt8(ascii: "[") else { return utf8 }
        let open = index
        // The subset ends at the first `]` followed (after whitespace) by `>`, outside quoted text.
        var quote: UInt8 = 0
        index += 1
        while index < utf8.count {
            let byte = utf8[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == UInt8(ascii: "]") {
                var after = index + 1
                while after < utf8.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(utf8[after]) { after += 1 }
                if after < utf8.count, utf8[after] == UInt8(ascii: ">") {
                    return Array(utf8[..<open]) + Array(utf8[after...])
                }
            }
            index += 1
        }
        return utf8
    }

    /// Valid UTF-8 without the characters XML 1.0 forbids (C0 controls but tab, newline and return;
    /// U+FFFE/U+FFFF): each invalid sequence is one U+FFFD.
    static func cleanUTF8(_ bytes: [UInt8]) -> [UInt8] {
        if isClean(bytes) { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        // Swift's decoder replaces each maximal invalid subpart with U+FFFD, as the WHATWG decoder does.
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let value = scalar.value
                if value < 0x20, value != 0x09, value != 0x0A, value != 0x0D { continue }
                if value == 0xFFFE || value == 0xFFFF || (0x7F...0x9F).contains(value) { continue }
                output.append(contentsOf: String(Character(scalar)).utf8)
            case .emptyInput: break loop
            case .error: output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            }
        }
        return output
    }

    /// Whether `bytes` are valid UTF-8 without a character ``cleanUTF8(_:)`` drops (the common case):
    /// one pass over the bytes, validating as it goes (validating through `String` first copied
    /// the whole page and read it twice).
    static func isClean(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            let raw = UnsafeRawBufferPointer(buffer)
            var index = 0
            while index < count {
                // Eight bytes at a time while they are printable ASCII (most of a page): byte by
                // byte, this scan was as much work as all of the preparation.
                while index + 8 <= count, isPrintableASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                }
                guard index < count else { break }
                let byte = buffer[index]
                if byte >= 0x20, byte < 0x7F {
                    index += 1
                    continue
                }
                if byte < 0x80 {
                    // C0 controls but tab, newline and return; DEL.
                    guard byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
                    index += 1
                    continue
                }
                // The continuation bytes each lead byte allows (RFC 3629's table), and the
                // characters XML forbids: U+0080–U+009F, U+FFFE, U+FFFF.
                let width: Int
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch byte {
                case 0xC2:
                    width = 2
                    low = 0xA0
                case 0xC3...0xDF: width = 2
                case 0xE0:
                    width = 3
                    low = 0xA0
                case 0xE1...0xEC, 0xEE, 0xEF: width = 3
                case 0xED:
                    width = 3
                    high = 0x9F
                case 0xF0:
                    width = 4
                    low = 0x90
                case 0xF1...0xF3: width = 4
                case 0xF4:
                    width = 4
                    high = 0x8F
                default: return false
                }
                guard index + width <= count, (low...high).contains(buffer[index + 1]) else { return false }
                for offset in 2..<max(width, 2) where !(0x80...0xBF).contains(buffer[index + offset]) {
                    return false
                }
                if byte == 0xEF, buffer[index + 1] == 0xBF, buffer[index + 2] >= 0xBE { return false }
                index += width
            }
            return true
        }
    }

    /// Whether all eight bytes of `word` are 0x20–0x7E: no high bit, none below 0x20 (the classic
    /// "has a byte less than" test, exact for bytes under 0x80), none equal to 0x7F (the only
    /// ASCII byte whose increment sets the high bit).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        let below20 = (word &- ones &* 0x20) & ~word & high
        let is7F = (word &+ ones) & high
        return below20 | is7F == 0
    }

    /// Whether `bytes` are valid UTF-8 (ASCII included).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Text.isValid($0) }
    }

    /// windows-1252 (what the web means by latin1 and ASCII) to UTF-8.
    static func windows1252(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            let scalar: UInt32 = byte >= 0x80 && byte < 0xA0 ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
            output.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        }
        return output
    }

    /// The 0x80–0x9F row of windows-1252 (undefined positions as U+FFFD).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
        0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// `bytes` converted from `charset` to UTF-8 with the C library's iconv; a byte it cannot convert
    /// becomes U+FFFD and the conversion goes on after it. Nil when iconv does not know the charset.
    static func iconvConvert(_ bytes: [UInt8], from charset: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", charset)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var output = [UInt8](repeating: 0, count: max(64, bytes.count * 2))
        var written = 0
        var input = bytes
        let inputCount = input.count
        var consumed = 0
        input.withUnsafeMutableBufferPointer { inputBuffer in
            while consumed < inputCount {
                if output.count - written < 16 { output.append(contentsOf: [UInt8](repeating: 0, count: output.count)) }
                var inLeft = inputCount - consumed
                var outLeft = output.count - written
                let result = output.withUnsafeMutableBufferPointer { outputBuffer -> Int in
                    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
                        inputBuffer.baseAddress.unsafelyUnwrapped + consumed
                    ).assumingMemoryBound(to: CChar.self)
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
                        outputBuffer.baseAddress.unsafelyUnwrapped + written
                    ).assumingMemoryBound(to: CChar.self)
                    let before = (inLeft, outLeft)
                    let status = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    consumed += before.0 - inLeft
                    written += before.1 - outLeft
                    return status
                }
                if result != -1 { break }
                switch errno {
                case E2BIG:
                    output.append(contentsOf: [UInt8](repeating: 0, count: output.count))
                case EILSEQ, EINVAL:
                    // An invalid or cut-off sequence: one replacement character, then the next byte.
                    if output.count - written < 3 { output.append(contentsOf: [UInt8](repeating: 0, count: 64)) }
                    output.replaceSubrange(written..<written + 3, with: [0xEF, 0xBF, 0xBD])
                    written += 3
                    consumed += 1
                default:
                    consumed = inputCount
                }
            }
        }
        return Array(output[..<written])
    }
}
