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
        var candidates: [String] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(whereSeparator: \.isWhitespace)
            guard let address = pieces.first, let resolved = resolve(String(address)) else { continue }
            let descriptor = pieces.dropFirst().first.map(String.init)
            if let descriptor, !Self.isDescriptor(descriptor) { continue }
            candidates.append(descriptor.map { resolved + " " + $0 } ?? resolved)
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    /// `2x`, `1.5x`, `640w`.
    private static func isDescriptor(_ text: String) -> Bool {
        guard let unit = text.last, unit == "x" || unit == "w", text.count > 1 else { return false }
        return Double(text.dropLast()) != nil
    }
}
