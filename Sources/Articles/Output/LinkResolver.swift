import Foundation

/// Makes every address in the article absolute, against the page's `<base>` or its own address,
/// and keeps only the schemes a reader can follow safely: `http`/`https` (and `mailto` for links).
/// `javascript:`, `data:` and anything else is dropped.
struct LinkResolver {
    let base: URL?

    init(pageURL: URL?, baseHref: String?) {
        if let baseHref, let resolved = URL(string: baseHref.trimmingSpaces(), relativeTo: pageURL)?.absoluteURL,
            ["http", "https"].contains(resolved.scheme?.lowercased() ?? "")
        {
            base = resolved
        } else {
            base = pageURL
        }
    }

    /// `href` or `src` made absolute; nil when it cannot be or is not a safe scheme.
    func resolve(_ text: String, allowMail: Bool = false) -> String? {
        // Browsers ignore tabs and newlines inside URLs, so `java\nscript:` is `javascript:`: strip them first.
        let cleaned = String(text.trimmingSpaces().unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        guard !cleaned.isEmpty else { return nil }
        let lower = cleaned.lowercased()
        if allowMail, lower.hasPrefix("mailto:") {
            return URL(string: cleaned) != nil ? cleaned : nil
        }
        let url: URL?
        if let absolute = URL(string: cleaned), absolute.scheme != nil {
            url = absolute
        } else if let base {
            url =
                URL(string: cleaned, relativeTo: base)?.absoluteURL
                ?? cleaned.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed).flatMap {
                    URL(string: $0, relativeTo: base)?.absoluteURL
                }
        } else {
            url = nil
        }
        guard let url, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        return url.absoluteString
    }

    /// A `srcset` with every candidate's address made absolute; candidates that cannot be are dropped.
    func resolveSourceSet(_ text: String) -> String? {
        // Split as HTML does (WHATWG "parse a srcset attribute"): an address runs to the next whitespace, so a
        // comma inside it (`c_fill,f_auto`, as image CDNs write) is part of it; trailing commas end a candidate.
        var candidates: [(address: String, descriptor: String?)] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            guard !rest.isEmpty else { break }
            var address = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(address.count)
            var descriptors: [Substring] = []
            if address.hasSuffix(",") {
                address = address.dropLast(address.reversed().prefix { $0 == "," }.count)
            } else {
                let list = rest.prefix { $0 != "," }
                rest = rest.dropFirst(list.count)
                descriptors = list.split(whereSeparator: \.isWhitespace)
            }
            guard descriptors.count <= 1, let resolved = resolve(String(address)) else { continue }
            let descriptor = descriptors.first.map(String.init)
            if let descriptor, !Self.isDescriptor(descriptor) { continue }
            candidates.append((resolved, descriptor))
        }
        // What HTML calls valid: widths and densities are not mixed (with any width, only widths are kept), and no
        // two candidates share a width or a density (no descriptor is 1x): the first one stays.
        let usesWidths = candidates.contains { $0.descriptor?.hasSuffix("w") == true }
        var seen = Set<Double>()
        let kept = candidates.filter { candidate in
            let descriptor = candidate.descriptor ?? "1x"
            guard descriptor.hasSuffix("w") == usesWidths, let value = Double(descriptor.dropLast()) else {
                return false
            }
            return seen.insert(value).inserted
        }
        guard !kept.isEmpty else { return nil }
        return kept.map { candidate in
            candidate.descriptor.map { "\(candidate.address) \($0)" } ?? candidate.address
        }.joined(separator: ", ")
    }

    /// `2x`, `1.5x`, `640w`.
    private static func isDescriptor(_ text: String) -> Bool {
        guard let unit = text.last, unit == "x" || unit == "w", text.count > 1 else { return false }
        return Double(text.dropLast()) != nil
    }
}
