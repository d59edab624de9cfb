import Foundation

/// Evaluates `If-None-Match` (RFC 9110 §13.1.2) against one representation's ETag.
enum EntityTagCondition {
    /// True when the header lists `*` or a tag that weakly matches `etag`, which is
    /// what a GET or HEAD needs to answer 304.
    static func noneMatchFails(headerValues: [String], etag: String) -> Bool {
        let opaque = opaqueTag(etag)
        for value in headerValues {
            if value.trimmingCharacters(in: .whitespaces) == "*" { return true }
            if tags(in: value).contains(where: { opaqueTag($0) == opaque }) { return true }
        }
        return false
    }

    /// The entity tags in a list such as `W/"a", "b"`, each as sent; parsing stops at
    /// the first malformed element.
    static func tags(in value: String) -> [String] {
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

    private static func opaqueTag(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }
}
