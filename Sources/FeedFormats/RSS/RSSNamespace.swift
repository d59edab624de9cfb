/// The XML namespaces an RSS 2.0 feed from newsfeed declares, with the prefixes it uses.
package enum RSSNamespace {
    package static let atom = "http://www.w3.org/2005/Atom"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    package static let content = "http://purl.org/rss/1.0/modules/content/"
    /// Media RSS; the trailing slash is part of the name and readers match it exactly.
    package static let media = "http://search.yahoo.com/mrss/"

    /// Prefix and URI pairs in the order the root element declares them.
    static let declarations: [(prefix: String, uri: String)] = [
        ("atom", atom), ("dc", dublinCore), ("content", content), ("media", media),
    ]
}
