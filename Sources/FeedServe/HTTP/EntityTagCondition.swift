/// Evaluates `If-None-Match` (RFC 9110 §13.1.2) against one representation's ETag.
package enum EntityTagCondition {
    /// True when the header lists `*` or a tag that weakly matches `etag`, which is
    /// what a GET or HEAD needs to answer 304.
    ///
    /// Works on the UTF-8 bytes without building strings: it runs for every revalidation.
    package static func noneMatchFails(headerValues: [String], etag: String) -> Bool {
        var etag = etag
        return etag.withUTF8 { tag in
            let opaque = opaqueTag(tag)
            for value in headerValues {
                var value = value
                let matched = value.withUTF8 { listsMatch(in: $0, opaque: opaque) }
                if matched { return true }
            }
            return false
        }
    }

    /// The entity tags in a list such as `W/"a", "b"`, each as sent; parsing stops at
    /// the first malformed element.
    package static func tags(in value: String) -> [String] {
        var tags: [String] = []
        var rest = Substring(value)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard !rest.isEmpty else { return tags }
            let weak = rest.hasPrefix("W/")
            let body = weak ? rest.dropFirst(2) : rest
            guard body.first == "\"", let close = body.dropFirst().firstIndex(of: "\"") else { return tags }
            tags.append((weak ? "W/" : "") + String(body[body.startIndex...close]))
            rest = body[body.index(after: close)...]
        }
    }

    /// Whether one header value is `*` or lists a tag whose opaque part is `opaque`;
    /// the same grammar as ``tags(in:)``.
    private static func listsMatch(in value: UnsafeBufferPointer<UInt8>, opaque: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = value.startIndex
        var end = value.endIndex
        while start < end, value[start] == 0x20 || value[start] == 0x09 { start += 1 }
        while end > start, value[end - 1] == 0x20 || value[end - 1] == 0x09 { end -= 1 }
        if end - start == 1 && value[start] == UInt8(ascii: "*") { return true }
        var index = start
        while true {
            while index < end, value[index] == 0x20 || value[index] == 0x09 || value[index] == UInt8(ascii: ",") {
                index += 1
            }
            guard index < end else { return false }
            if end - index >= 2 && value[index] == UInt8(ascii: "W") && value[index + 1] == UInt8(ascii: "/") {
                index += 2
            }
            guard index < end, value[index] == UInt8(ascii: "\"") else { return false }
            var close = index + 1
            while close < end, value[close] != UInt8(ascii: "\"") { close += 1 }
            guard close < end else { return false }
            let tag = UnsafeBufferPointer(rebasing: value[index...close])
            if tag.elementsEqual(opaque) { return true }
            index = close + 1
        }
    }

    /// The tag without a weakness prefix: the comparison If-None-Match uses.
    private static func opaqueTag(_ tag: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard tag.count >= 2, tag[0] == UInt8(ascii: "W"), tag[1] == UInt8(ascii: "/") else { return tag }
        return UnsafeBufferPointer(rebasing: tag[2...])
    }
}
