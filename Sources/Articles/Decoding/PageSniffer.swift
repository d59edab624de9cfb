/// Tells pages from what is not a page (JSON, images, PDF, binary data) by the `Content-Type` a
/// server sent and by the first bytes, so no such answer is parsed as HTML.
enum PageSniffer {
    /// What the bytes are when they are not HTML; nil for a page.
    ///
    /// As browsers: a page the server calls HTML is read as HTML whatever bytes it holds (a stray NUL is dropped
    /// when decoding), and one whose charset is UTF-16 (from the header or a byte-order mark) holds NULs by
    /// nature. Only an answer that does not say it is HTML, and whose first bytes hold many NULs (more than
    /// one in a hundred, and more than 8), is taken for binary data.
    static func nonHTMLKind(_ bytes: [UInt8], contentType: String?) -> String? {
        var declaredHTML = false
        var declaredUTF16 = false
        if let contentType {
            let type = contentType.split(separator: ";").first.map { $0.trimmingSpaces().lowercased() } ?? ""
            let pages: Set<String> = [
                "text/html", "application/xhtml+xml", "text/plain", "application/xml", "text/xml",
            ]
            if !type.isEmpty, !pages.contains(type) { return type }
            declaredHTML = type == "text/html" || type == "application/xhtml+xml"
            declaredUTF16 =
                PageCharset.charset(fromContentType: contentType).map { $0.lowercased().hasPrefix("utf-16") } ?? false
        }
        let start = bytes.prefix(4096)
        var index = start.startIndex
        // A byte-order mark and leading whitespace say nothing yet.
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        let isUTF16 = declaredUTF16 || start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF])
        while index < start.endIndex, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(start[index]) { index += 1 }
        let head = Array(start[index...])
        if head.starts(with: Array("%PDF".utf8)) { return "PDF" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) || head.starts(with: [0xFF, 0xD8, 0xFF])
            || head.starts(with: Array("GIF8".utf8))
            || (head.count >= 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8))
        {
            return "an image"
        }
        if head.first == UInt8(ascii: "{") || head.first == UInt8(ascii: "[") { return "JSON" }
        if !isUTF16, !declaredHTML {
            let nuls = head.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
            if nuls > 8, nuls * 100 > head.count { return "binary data" }
        }
        return nil
    }
}
