import Foundation

/// HTML that comes with a feed (a publisher's item's `content:encoded`, Atom `content`, JSON Feed `content_html`)
/// made safe to put into newsfeed's own feeds by the same rules as a full-text article (``ArticleSanitizer``): an
/// allowlist of elements and attributes, nothing that runs or loads on its own (no script, style, frame, form,
/// event handler, `javascript:` or `data:` address), lazy-loaded pictures given their real address, every address
/// absolute against `base`, and no tracking pixel (an image 0 or 1 pixel wide or high).
public enum HTMLFragment {
    /// The sanitized HTML; nil when nothing readable (no text, no picture) is left.
    public static func sanitized(_ html: String, base: URL?) -> String? {
        guard html.utf8.contains(where: { $0 > 0x20 }) else { return nil }
        var bytes = Array("<!DOCTYPE html><html><body>".utf8)
        bytes += html.utf8
        bytes += "</body></html>".utf8
        guard var tree = PageParser.parse(bytes) else { return nil }
        // A fragment's own <base> is not obeyed: its addresses resolve against the item's.
        for image in tree.elements(named: ["img"]) where isTrackingPixel(tree[image]) { tree.remove(image) }
        PagePreparation.prepare(&tree)
        guard let body = tree.first("body") else { return nil }
        let links = LinkResolver(pageURL: base, baseHref: nil)
        let sanitized = ArticleSanitizer(tree: tree, links: links).html(body)
        guard tree.hasText(body) || sanitized.contains("<img") else { return nil }
        return sanitized
    }

    /// An image of 0 or 1 pixel in either direction: a tracker, not a picture.
    static func isTrackingPixel(_ node: PageTree.Node) -> Bool {
        ["width", "height"].contains { name in
            guard let value = node.attribute(name)?.trimmingCharacters(in: .whitespaces) else { return false }
            let digits = value.hasSuffix("px") ? String(value.dropLast(2)) : value
            return digits == "0" || digits == "1"
        }
    }
}
