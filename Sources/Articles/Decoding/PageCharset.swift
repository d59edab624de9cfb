/// Which character encoding a page's bytes are in, decided the way browsers decide it (the WHATWG
/// encoding sniffing order): a byte-order mark first, then the HTTP `Content-Type` charset, then a
/// `<meta charset>` or `<meta http-equiv="Content-Type">` in the first bytes, else UTF-8.
public enum PageCharset {
    /// How far into the page a `<meta>` charset is looked for (the HTML standard says 1024 bytes;
    /// real pages put long `<head>` scripts first, so a little more is read).
    static let prescanLength = 4096

    /// The encoding label for `bytes`, as an iconv name ("UTF-8", "WINDOWS-1252", …), and the
    /// number of byte-order-mark bytes to skip.
    public static func detect(_ bytes: [UInt8], httpCharset: String?) -> (name: String, bomLength: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        if let httpCharset, let name = canonical(httpCharset) { return (name, 0) }
        if let declared = metaCharset(bytes), let name = canonical(declared) {
            // A page saying UTF-16 in ASCII bytes is not UTF-16 (the standard reads it as UTF-8).
            return (name.hasPrefix("UTF-16") ? "UTF-8" : name, 0)
        }
        return ("UTF-8", 0)
    }

    /// The charset named by the `Content-Type` header value `contentType` (`text/html; charset=…`).
    public static func charset(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "charset" else { continue }
            let value = pair[1].trimmingSpaces().trimmingQuotes()
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The iconv name for an encoding label, following the WHATWG label table where it differs
    /// from the label's literal meaning (latin1 and ASCII are windows-1252 on the web, gb2312 is GBK);
    /// nil for a label no browser knows.
    static func canonical(_ label: String) -> String? {
        let name = label.trimmingSpaces().trimmingQuotes().lowercased()
        switch name {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8": return "UTF-8"
        case "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "latin1", "l1", "iso_8859-1", "cp1252", "windows-1252",
            "x-cp1252", "cp819", "ibm819", "iso-ir-100", "csisolatin1", "ansi_x3.4-1968":
            return "WINDOWS-1252"
        case "gb2312", "gbk", "x-gbk", "chinese", "csgb2312", "gb_2312-80": return "GBK"
        case "gb18030": return "GB18030"
        case "big5", "big5-hkscs", "x-x-big5", "cn-big5": return "BIG5-HKSCS"
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "windows-31j", "csshiftjis": return "CP932"
        case "euc-jp", "x-euc-jp": return "EUC-JP"
        case "iso-2022-jp": return "ISO-2022-JP"
        case "euc-kr", "ks_c_5601-1987", "korean", "windows-949", "cp949": return "CP949"
        case "tis-620", "iso-8859-11", "windows-874", "dos-874": return "CP874"
        case "koi8-r", "koi8", "cskoi8r": return "KOI8-R"
        case "koi8-u": return "KOI8-U"
        case "utf-16", "utf-16le": return "UTF-16LE"
        case "utf-16be": return "UTF-16BE"
        default:
            if name.hasPrefix("windows-125"), name.count == 12 { return name.uppercased() }
            if name.hasPrefix("iso-8859-"), let part = Int(name.dropFirst(9)), (2...16).contains(part), part != 12 {
                return name.uppercased()
            }
            if name.hasPrefix("cp125"), name.count == 6 { return "WINDOWS-" + name.dropFirst(2) }
            return nil
        }
    }

    /// The charset a `<meta>` tag in the first bytes declares, found by walking the tags (comments
    /// skipped) and reading the attributes of each `<meta>`.
    static func metaCharset(_ bytes: [UInt8]) -> String? {
        let end = min(bytes.count, prescanLength)
        var index = 0
        while index < end {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = find(Array("-->".utf8), in: bytes, from: index + 4, end: end) ?? end
                continue
            }
            let nameStart = index + 1
            var nameEnd = nameStart
            while nameEnd < end, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
            let (attributes, after) = attributesOfTag(bytes, from: nameEnd, end: end)
            index = max(after, index + 1)
            guard name == "meta" else { continue }
            if let charset = attributes["charset"], !charset.isEmpty { return charset }
            if attributes["http-equiv"]?.lowercased() == "content-type", let content = attributes["content"],
                let charset = charset(fromContentType: "x;" + content.replacingSemicolonlessCharset())
            {
                return charset
            }
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "-")
    }

    /// The attributes of a tag whose name ends at `start`, lowercased names, and where the tag ends.
    private static func attributesOfTag(_ bytes: [UInt8], from start: Int, end: Int) -> ([String: String], Int) {
        var attributes: [String: String] = [:]
        var index = start
        func skipSpace() {
            while index < end, [0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "/")].contains(bytes[index]) { index += 1 }
        }
        while index < end {
            skipSpace()
            guard index < end, bytes[index] != UInt8(ascii: ">") else { return (attributes, index + 1) }
            let nameStart = index
            while index < end,
                ![0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "="), UInt8(ascii: ">")].contains(bytes[index])
            {
                index += 1
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < end, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[index]) { index += 1 }
            var value = ""
            if index < end, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < end, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[index]) { index += 1 }
                if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < end, bytes[index] != quote { index += 1 }
                    value = String(decoding: bytes[valueStart..<min(index, end)], as: UTF8.self)
                    index += 1
                } else {
                    let valueStart = index
                    while index < end, ![0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: ">")].contains(bytes[index]) {
                        index += 1
                    }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            if !name.isEmpty, attributes[name] == nil { attributes[name] = value }
        }
        return (attributes, end)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, end: Int) -> Int? {
        var index = start
        while index + needle.count <= end {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index + needle.count }
            index += 1
        }
        return nil
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    func trimmingQuotes() -> String {
        var text = Substring(self)
        while let first = text.first, first == "\"" || first == "'" { text.removeFirst() }
        while let last = text.last, last == "\"" || last == "'" { text.removeLast() }
        return String(text)
    }

    /// `text/html charset=x` (a missing semicolon, common in old pages) read as `text/html; charset=x`.
    func replacingSemicolonlessCharset() -> String {
        let lower = self.lowercased()
        guard let range = lower.range(of: "charset") else { return String(self) }
        return ";" + lower[range.lowerBound...]
    }
}
