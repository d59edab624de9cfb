import Foundation
import NewsModel

/// RSS 0.90–2.0, RSS 1.0 (RDF) and Atom 1.0/0.3 from a libxml2 tree into a ``PublisherFeed``.
///
/// Elements are matched by local name and namespace family, so a feed that binds its prefixes oddly
/// still reads: `encoded` of the content module, `creator` and `date` of Dublin Core, `media:*`, `itunes:*`.
enum XMLFeedParser {
    static func isAtom(_ ns: String) -> Bool { ns.contains("Atom") || ns.contains("purl.org/atom") }
    /// Atom's namespaces, or none: some Atom feeds forget to declare it.
    static func isAtomOrNone(_ ns: String) -> Bool { ns.isEmpty || isAtom(ns) }
    static func isMedia(_ ns: String) -> Bool { UTF8Text.contains(ns, "search.yahoo.com/mrss") }
    static func isITunes(_ ns: String) -> Bool { UTF8Text.contains(ns, "itunes.com") }
    static func isPlain(_ ns: String) -> Bool {
        ns.isEmpty || UTF8Text.contains(ns, "purl.org/rss/1.0/") && !UTF8Text.contains(ns, "modules")
            || UTF8Text.contains(ns, "my.netscape.com/rdf/simple") || UTF8Text.contains(ns, "backend.userland.com")
    }
    static func isAny(_ ns: String) -> Bool { true }

    /// The feed, or nil when the root is not RSS, RDF or Atom.
    /// `streamed`: the items already taken out of the tree (``XMLFeedStream``), read before those left in it.
    static func feed(from root: XMLFeedNode, streamed: XMLFeedStream.Items? = nil) -> PublisherFeed? {
        switch root.name.lowercased() {
        case "channel" where root.name == "CHANNEL": return cdf(root)
        case "rss", "channel": return rss(root, format: .rss, streamed: streamed)
        case "rdf": return rss(root, format: .rdf, streamed: streamed)
        case "feed": return atom(root, streamed: streamed)
        default: return nil
        }
    }

    // MARK: RSS

    private static func rss(_ root: XMLFeedNode, format: PublisherFeed.Format, streamed: XMLFeedStream.Items?)
        -> PublisherFeed
    {
        let channel = root.name.lowercased() == "channel" ? root : root.first("channel") ?? root
        var feed = PublisherFeed(format: format)
        feed.title = channel.first("title", where: isPlain)?.text
        feed.link =
            channel.url(channel.first("link", where: isPlain)?.text)
            ?? alternate(in: channel.children("link", where: isAtom))
        feed.description =
            channel.first("description", where: isPlain)?.text
            ?? channel.first("subtitle", where: isITunes)?.text
        feed.language = channel.first("language")?.text ?? root.language
        feed.image =
            channel.first("image", where: isPlain).flatMap { $0.url($0.first("url")?.text) }
            ?? channel.first("image", where: isITunes).flatMap { $0.url($0.attribute("href")) }
            ?? root.first("image", where: isPlain).flatMap { $0.url($0.first("url")?.text) }
        feed.refresh = refreshHint(in: channel)
        // RSS 2.0 nests items in the channel; RSS 0.90 and 1.0 put them beside it. Items taken out as they ended
        // come before the ones the tree still holds (left open at the end of a feed cut short).
        let inChannel = streamed?.inChannel ?? []
        let besideChannel = streamed?.besideChannel ?? []
        if channel.pointer == root.pointer {
            feed.items = inChannel + besideChannel + channel.children("item").map(rssItem)
        } else {
            feed.items =
                inChannel + channel.children("item").map(rssItem) + besideChannel + root.children("item").map(rssItem)
        }
        return feed
    }

    static func isSyndication(_ ns: String) -> Bool { ns.contains("purl.org/rss/1.0/modules/syndication") }

    /// RSS `<ttl>` (minutes), else `sy:updatePeriod` (`hourly`, `daily`, `weekly`, `monthly`, `yearly`) over
    /// `sy:updateFrequency` (default 1). Nonsense (zero, negative, unknown words) says nothing.
    static func refreshHint(in channel: XMLFeedNode) -> PublisherFeed.RefreshHint? {
        if let text = channel.first("ttl", where: isPlain)?.text?.trimmingCharacters(in: .whitespacesAndNewlines),
            let minutes = Int(text), minutes > 0
        {
            return PublisherFeed.RefreshHint(seconds: TimeInterval(min(minutes, 525_600)) * 60, by: "ttl")
        }
        let periods: [String: TimeInterval] = [
            "hourly": 3600, "daily": 86_400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000,
        ]
        guard
            let word = channel.first("updatePeriod", where: isSyndication)?.text?
                .trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), let period = periods[word]
        else { return nil }
        let frequencyText = channel.first("updateFrequency", where: isSyndication)?.text?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let frequency = frequencyText.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 1
        return PublisherFeed.RefreshHint(seconds: period / TimeInterval(frequency), by: "sy:updatePeriod")
    }

    static func rssItem(_ node: XMLFeedNode) -> PublisherFeedItem {
        var item = PublisherFeedItem()
        let guid = node.first("guid")
        item.id = guid?.text ?? node.attribute("about")
        let plainLinks = node.children("link", where: isPlain)
        item.link =
            node.url(plainLinks.first { $0.attribute("rel") == nil }?.linkTarget)
            ?? alternate(in: node.children("link", where: isAtom) + plainLinks)
            ?? (guid?.attribute("isPermaLink")?.lowercased() != "false" ? node.url(guid?.text) : nil)
        item.title =
            node.first("title", where: { isPlain($0) || $0.contains("purl.org/dc") })?.text
            ?? mediaTitle(of: node)
        item.summary = node.first("description", where: isPlain)?.text ?? node.first("summary", where: isITunes)?.text
        item.content = node.first("encoded")?.text ?? node.first("content", where: isAtom)?.text
        let dates = ["pubDate", "date", "published", "issued"].lazy.compactMap { node.first($0)?.text }
        item.published = dates.lazy.compactMap(FeedDateParser.parse).first
        item.updated = (node.first("updated") ?? node.first("modified")).flatMap(\.text).flatMap(FeedDateParser.parse)
        item.authors =
            (node.children("author", where: isPlain) + node.children("creator")
            + node.children("author", where: isITunes)).compactMap(\.text)
        item.authors += node.children("author", where: isAtom).compactMap { $0.first("name")?.text }
        item.categories = (node.children("category", where: isPlain) + node.children("subject")).compactMap(\.text)
        item.enclosures = node.children("enclosure").compactMap { enclosure in
            enclosure.url(enclosure.attribute("url")).map {
                PublisherFeedEnclosure(
                    url: $0, type: enclosure.attribute("type")?.lowercased(),
                    length: enclosure.attribute("length").flatMap { Int($0) })
            }
        }
        item.enclosures += atomEnclosures(node.children("link", where: isAtom) + plainLinks)
        item.image = picture(of: node, enclosures: item.enclosures)
        return item
    }

    /// `media:content` (of an image), `media:thumbnail`, `itunes:image`, then an image enclosure.
    private static func picture(of node: XMLFeedNode, enclosures: [PublisherFeedEnclosure]) -> URL? {
        let groups = node.children("group", where: isMedia)
        let media =
            (node.children("content", where: isMedia) + groups.flatMap { $0.children("content", where: isMedia) })
        let image = media.first { content in
            let medium = content.attribute("medium")?.lowercased()
            let type = content.attribute("type")?.lowercased()
            return medium == "image" || type?.hasPrefix("image/") == true
                || (medium == nil && type == nil
                    && content.url(content.attribute("url")).map {
                        PublisherFeedEnclosure(url: $0).isImage
                    } == true)
        }
        if let image, let url = image.url(image.attribute("url")) { return url }
        let thumbnails =
            node.children("thumbnail", where: isMedia)
            + groups.flatMap {
                $0.children("thumbnail", where: isMedia)
            } + media.flatMap { $0.children("thumbnail", where: isMedia) }
        if let thumbnail = thumbnails.first, let url = thumbnail.url(thumbnail.attribute("url")) { return url }
        if let itunes = node.first("image", where: isITunes), let url = itunes.url(itunes.attribute("href")) {
            return url
        }
        return enclosures.first(where: \.isImage)?.url
    }

    // MARK: CDF

    /// Microsoft's Channel Definition Format (1997), which feedparser still reads: `<CHANNEL HREF>` with
    /// `<ITEM HREF LASTMOD>` holding `<TITLE>` and `<ABSTRACT>`; `BASE` resolves relative `HREF`s.
    private static func cdf(_ root: XMLFeedNode) -> PublisherFeed {
        var feed = PublisherFeed(format: .rss)
        let base = root.url(root.attribute("BASE"))
        func link(_ node: XMLFeedNode) -> URL? {
            guard let href = node.attribute("HREF") else { return nil }
            if let base, let url = URL(string: href, relativeTo: base)?.absoluteURL {
                return node.url(url.absoluteString)
            }
            return node.url(href)
        }
        feed.title = root.first("TITLE")?.text
        feed.link = link(root)
        feed.description = root.first("ABSTRACT")?.text
        feed.items = root.children("ITEM").map { node in
            var item = PublisherFeedItem(link: link(node), title: node.first("TITLE")?.text)
            item.summary = node.first("ABSTRACT")?.text
            item.updated = node.attribute("LASTMOD").flatMap(FeedDateParser.parse)
            return item
        }
        return feed
    }

    // MARK: Atom

    private static func atom(_ root: XMLFeedNode, streamed: XMLFeedStream.Items?) -> PublisherFeed {
        var feed = PublisherFeed(format: .atom)
        feed.title = root.first("title", where: isAtomOrNone)?.text
        feed.link = alternate(in: root.children("link", where: isAtomOrNone))
        feed.description =
            (root.first("subtitle", where: isAtomOrNone) ?? root.first("tagline", where: isAtomOrNone))?.text
        feed.language = root.language
        feed.image = (root.first("logo", where: isAtomOrNone) ?? root.first("icon", where: isAtomOrNone)).flatMap {
            $0.url($0.text)
        }
        feed.refresh = refreshHint(in: root)
        // Some Atom feeds call their entries <item>; feedparser reads them, so do we.
        feed.items =
            (streamed?.besideChannel ?? [])
            + root.children.filter { ["entry", "item"].contains($0.name) && isAtomOrNone($0.namespace) }
            .map(atomEntry)
        return feed
    }

    static func atomEntry(_ node: XMLFeedNode) -> PublisherFeedItem {
        var item = PublisherFeedItem()
        item.id = node.first("id", where: isAtomOrNone)?.text
        let links = node.children("link", where: isAtomOrNone)
        // No alternate link: an id that is an http(s) URL is the entry's address, as feedparser and the
        // normalizer read it.
        item.link =
            alternate(in: links)
            ?? item.id.flatMap { $0.lowercased().hasPrefix("http") ? node.url($0) : nil }
        item.title = node.first("title", where: isAtomOrNone)?.construct ?? mediaTitle(of: node)
        item.summary = node.first("summary", where: isAtomOrNone)?.construct
        let content = node.first("content", where: isAtomOrNone)
        item.content = content?.construct
        item.contentIsPlainText = ["", "text", "text/plain"].contains(content?.attribute("type")?.lowercased() ?? "")
        item.published =
            ["published", "issued", "created"].lazy.compactMap {
                node.first($0, where: isAtomOrNone)?.text
            }.compactMap(FeedDateParser.parse).first
        item.updated =
            ["updated", "modified"].lazy.compactMap { node.first($0, where: isAtomOrNone)?.text }
            .compactMap(FeedDateParser.parse).first
        item.authors =
            (node.children("author", where: isAtomOrNone) + node.children("contributor", where: isAtomOrNone))
            .compactMap { $0.first("name")?.text }
        item.categories = node.children("category", where: isAtomOrNone).compactMap {
            $0.attribute("label") ?? $0.attribute("term")
        }
        item.enclosures = atomEnclosures(links)
        item.image = picture(of: node, enclosures: item.enclosures)
        return item
    }

    /// The `rel="alternate"` link (no `rel` means alternate), preferring an HTML one.
    private static func alternate(in links: [XMLFeedNode]) -> URL? {
        let alternates = links.filter { ($0.attribute("rel") ?? "alternate").lowercased() == "alternate" }
        let html = alternates.first { $0.attribute("type")?.lowercased().contains("html") ?? true }
        return (html ?? alternates.first).flatMap { $0.url($0.linkTarget) }
    }

    /// Media RSS's `media:title` (of the item or its group), the title feedparser falls back to.
    private static func mediaTitle(of node: XMLFeedNode) -> String? {
        (node.first("title", where: isMedia)
            ?? node.children("group", where: isMedia).lazy.compactMap { $0.first("title", where: isMedia) }.first)?
            .text
    }

    private static func atomEnclosures(_ links: [XMLFeedNode]) -> [PublisherFeedEnclosure] {
        links.filter { $0.attribute("rel")?.lowercased() == "enclosure" }.compactMap { link in
            link.url(link.linkTarget).map {
                PublisherFeedEnclosure(
                    url: $0, type: link.attribute("type")?.lowercased(),
                    length: link.attribute("length").flatMap { Int($0) })
            }
        }
    }
}
