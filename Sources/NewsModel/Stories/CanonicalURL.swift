import Foundation

/// How two article addresses are found to be the same page (issue 27, point 13): the text both reduce to.
///
/// Compared canonically, two addresses are the same page when they differ only in the scheme (`http`/`https`),
/// the host's case, a leading `www.`, a trailing dot of the host, a default port, a trailing slash, the fragment,
/// the order of query parameters, tracking parameters (``trackingParameters`` and every `utm_*`), or the AMP form
/// of a page: an `amp.` host, a Google AMP cache address (`cdn.ampproject.org/c/s/…`), a path ending in `/amp`
/// (or `/amp.html`), `?amp=1`, `?amp=true`, `?amp`, `outputType=amp`. The key is for comparing only: a story's
/// link stays as its publisher wrote it.
public enum CanonicalURL {
    /// Query parameters that only track a click or a campaign, dropped before comparing (besides `utm_*`).
    public static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid", "li_fat_id",
        "mc_cid", "mc_eid", "igshid", "igsh", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id",
        "vero_id", "vero_conv", "wickedid", "rb_clickid", "s_cid", "ncid", "ocid", "cmpid", "at_medium", "at_campaign",
        "spm", "share", "smid", "sr_share",
    ]

    /// The comparison key of `text`: `host[:port]/path[?sorted query]` under the rules above, lowercased where
    /// case does not matter; `text` itself (trimmed) when it is no absolute http(s) URL.
    public static func key(_ text: String) -> String {
        if let plain = plainKey(text) { return plain }
        return fullKey(text)
    }

    /// ``key(_:)`` by the full rules, through `URLComponents`.
    package static func fullKey(_ text: String) -> String {
        let trimmed = UTF8Text.trimmingWhiteSpace(text)
        guard let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var host = components.host?.lowercased(), !host.isEmpty
        else { return trimmed }
        var path = components.percentEncodedPath
        // Google's AMP cache: https://example-com.cdn.ampproject.org/c/s/example.com/news/a → example.com/news/a.
        if host.hasSuffix(".cdn.ampproject.org") || host == "cdn.ampproject.org" {
            var rest = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            if rest.first == "c" { rest.removeFirst() }
            if rest.first == "s" { rest.removeFirst() }
            if let first = rest.first, first.contains(".") {
                host = first.lowercased()
                path = "/" + rest.dropFirst().joined(separator: "/")
            }
        }
        while host.hasSuffix(".") { host.removeLast() }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        if host.hasPrefix("amp.") { host.removeFirst(4) }
        var port = ""
        if let number = components.port, !(number == 80 || number == 443) { port = ":\(number)" }
        // The AMP path forms: /story/amp, /story/amp/, /story/amp.html, /amp/story.
        while path.hasSuffix("/") { path.removeLast() }
        for ending in ["/amp", "/amp.html"] where path.lowercased().hasSuffix(ending) {
            path.removeLast(ending.count)
        }
        if path.lowercased().hasPrefix("/amp/") { path.removeFirst(4) }
        while path.hasSuffix("/") { path.removeLast() }
        var kept: [String] = []
        for item in components.percentEncodedQueryItems ?? [] {
            let name = item.name.lowercased()
            if name.hasPrefix("utm_") || trackingParameters.contains(name) { continue }
            if name == "amp" && (item.value == nil || ["", "1", "true"].contains(item.value?.lowercased())) {
                continue
            }
            if name == "outputtype" && item.value?.lowercased() == "amp" { continue }
            kept.append(item.value.map { "\(item.name)=\($0)" } ?? item.name)
        }
        kept.sort()
        return host + port + (path.isEmpty ? "/" : path) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// The key of the common plain link without building `URLComponents` (every history merge asks for hundreds):
    /// lowercase ASCII `http(s)://host/path` with no query, fragment, port, user, percent sign or AMP form, whose
    /// key is the host (without `www.`) and the path without trailing slashes. Nil for anything else.
    package static func plainKey(_ text: String) -> String? {
        var utf8 = text.utf8[...]
        if utf8.starts(with: "https://".utf8) {
            utf8 = utf8.dropFirst(8)
        } else if utf8.starts(with: "http://".utf8) {
            utf8 = utf8.dropFirst(7)
        } else {
            return nil
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
                UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                continue
            default:
                return nil
            }
        }
        let slash = utf8.firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        var host = utf8[..<slash]
        guard !host.isEmpty, host.last != UInt8(ascii: "."), host.first != UInt8(ascii: ".") else { return nil }
        if host.starts(with: "www.".utf8) { host = host.dropFirst(4) }
        var path = utf8[slash...]
        while path.last == UInt8(ascii: "/") { path = path.dropLast() }
        // The AMP forms are left to the full rules.
        let hostText = String(decoding: host, as: UTF8.self)
        let pathText = String(decoding: path, as: UTF8.self)
        if hostText.hasPrefix("amp.") || hostText.hasSuffix("ampproject.org") || pathText.hasSuffix("/amp")
            || pathText.hasSuffix("/amp.html") || pathText.hasPrefix("/amp/")
        {
            return nil
        }
        return hostText + (pathText.isEmpty ? "/" : pathText)
    }

    /// Whether `left` and `right` are the same page compared canonically.
    public static func same(_ left: String, _ right: String) -> Bool { key(left) == key(right) }
}
