import Foundation
import NewsModel

/// JSON Feed 1.0 and 1.1 (``JSONDocument``, newsfeed's own strict RFC 8259 parser: one flat list of values, no
/// `Any` tree, a fifth of Foundation's `JSONSerialization`'s time on a 1,000-item feed) into a ``PublisherFeed``.
/// A field of the wrong type is ignored, not fatal: `"title": 42` leaves the title unset, an `id` given as a number
/// is read as its text (as written: `1e3` stays `1e3`). Of two members with the same name the first is read. Bytes
/// that are not UTF-8 inside a string read as U+FFFD. What only Foundation's parser accepts (a trailing comma) is read
/// through it, and then as Foundation reads it: the last of two same-named members, numbers as it writes them.
enum JSONFeedParser {
    /// The feed, or nil when `data` is not a JSON object with an `items` array or a jsonfeed.org `version`.
    /// `handOff`: given each item as it is made (``StoryPipeline/handOff(_:)``); the feed keeps what it gives back.
    static func feed(
        from data: Data, url: URL, handOff: ((PublisherFeedItem) -> PublisherFeedItem)? = nil
    ) -> PublisherFeed? {
        guard let document = (try? JSONDocument(parsing: data)) ?? leniently(data) else { return nil }
        let root = document.root
        guard root.kind == .object else { return nil }
        let items = root["items"]?.elements
        guard root["version"]?.string?.contains("jsonfeed.org") == true || items != nil else { return nil }
        var feed = PublisherFeed(format: .jsonFeed)
        feed.title = text(root["title"])
        feed.link = link(root["home_page_url"], base: url)
        feed.description = text(root["description"])
        feed.language = text(root["language"])
        feed.image = link(root["icon"], base: url) ?? link(root["favicon"], base: url)
        let feedAuthors = authors(root)
        feed.items = (items ?? []).filter { $0.kind == .object }.map { object in
            var item = PublisherFeedItem()
            if let id = object["id"] {
                item.id = id.string ?? id.integer.map { String($0) } ?? id.numberText
            }
            item.link = link(object["url"], base: url) ?? link(object["external_url"], base: url)
            item.title = text(object["title"])
            item.summary = text(object["summary"])
            let html = text(object["content_html"])
            item.content = html ?? text(object["content_text"])
            item.contentIsPlainText = html == nil
            item.published = text(object["date_published"]).flatMap(FeedDateParser.parse)
            item.updated = text(object["date_modified"]).flatMap(FeedDateParser.parse)
            let own = authors(object)
            item.authors = own.isEmpty ? feedAuthors : own
            item.categories = (object["tags"]?.elements ?? []).compactMap(text)
            item.enclosures = (object["attachments"]?.elements ?? []).compactMap { attachment in
                link(attachment["url"], base: url).map {
                    PublisherFeedEnclosure(
                        url: $0, type: text(attachment["mime_type"])?.lowercased(),
                        length: attachment["size_in_bytes"].flatMap(size))
                }
            }
            item.image =
                link(object["image"], base: url) ?? link(object["banner_image"], base: url)
                ?? item.enclosures.first(where: \.isImage)?.url
            return handOff?(item) ?? item
        }
        return feed
    }

    /// What Foundation's parser reads beyond RFC 8259 (a trailing comma, as hand-written feeds have), written again
    /// as strict JSON: the one path for such rare feeds, so their items read the same as before.
    private static func leniently(_ data: Data) -> JSONDocument? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            JSONSerialization.isValidJSONObject(object),
            let strict = try? JSONSerialization.data(withJSONObject: object)
        else { return nil }
        return try? JSONDocument(parsing: strict)
    }

    private static func text(_ value: JSONValue?) -> String? {
        guard let string = value?.string else { return nil }
        return XMLFeedNode.trimmed(string)
    }

    private static func link(_ value: JSONValue?, base: URL) -> URL? {
        guard let string = text(value), let url = URL(string: string, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// A size in bytes: an integer, or a number with a fraction or exponent cut to one (`1.5e6` is 1,500,000).
    private static func size(_ value: JSONValue) -> Int? {
        if let integer = value.integer { return integer }
        guard let double = value.double, double.isFinite, abs(double) < 9e18 else { return nil }
        return Int(double)
    }

    /// 1.1's `authors`, else 1.0's `author`.
    private static func authors(_ object: JSONValue) -> [String] {
        let list = object["authors"]?.elements ?? object["author"].map { [$0] } ?? []
        return list.compactMap { text($0["name"]) }
    }
}
