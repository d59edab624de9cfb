import Foundation

/// The OPML 2.0 list of every feed in a folder (`feeds.opml`, served as
/// `text/x-opml`), so a reader subscribes to all of them at once.
public enum OPMLDocument {
    /// Renders the document: one `<outline type="rss">` per feed with `text`,
    /// `title`, `xmlUrl` and, when known, `htmlUrl` (the channel's link, else
    /// `indexURL`). Pure: the same input gives the same bytes.
    public static func render(title: String, listings: [FeedListing], indexURL: URL?) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(MarkupEscaping.text(title))</title>
                <docs>https://opml.org/spec2.opml</docs>
              </head>
              <body>

            """
        for listing in listings {
            let name = MarkupEscaping.attribute(listing.title)
            // `type="rss"` is OPML's word for any feed; `version` names RSS 2.0 only.
            let version = listing.relativePath.hasSuffix(".rss") ? " version=\"RSS2\"" : ""
            xml += "    <outline type=\"rss\"\(version) text=\"\(name)\" title=\"\(name)\""
            xml += " xmlUrl=\"\(MarkupEscaping.attribute(listing.url.absoluteString))\""
            if let home = listing.homeURL ?? indexURL {
                xml += " htmlUrl=\"\(MarkupEscaping.attribute(home.absoluteString))\""
            }
            xml += "/>\n"
        }
        xml += "  </body>\n</opml>\n"
        return xml
    }
}
