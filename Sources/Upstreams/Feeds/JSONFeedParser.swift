import Foundation

/// JSON Feed 1.0 and 1.1 (Foundation's JSON parser) into a ``PublisherFeed``. A field of the wrong type is
/// ignored, not fatal: `"title": 42` leaves the title unset, an `id` given as a number is read as its text.
enum JSONFeedParser {
    /// The feed, or nil when `data` is not a JSON object with an `items` array or a jsonfeed.org `version`.
    static func feed(from data: Data, url: URL) -> PublisherFeed? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let root = object as? [String: Any]
        else { return nil }
        let version = root["version"] as? String
        guard version?.contains("jsonfeed.org") == true || root["items"] is [Any] else { return nil }
        var feed = PublisherFeed(format: .jsonFeed)
        feed.title = text(root["title"])
        feed.link = link(root["home_page_url"], base: url)
        feed.description = text(root["description"])
        feed.language = text(root["language"])
        feed.image = link(root["icon"], base: url) ?? link(root["favicon"], base: url)
        let feedAuthors = authors(root)
        feed.items = ((root["items"] as? [Any]) ?? []).compactMap { $0 as? [String: Any] }.map { object in
            var item = PublisherFeedItem()
            if let id = object["id"] as? String {
                item.id = id
            } else if let number = object["id"] as? NSNumber, !(object["id"] is Bool) {
                item.id = number.stringValue
            }
            item.link = link(object["url"], base: url) ?? link(object["external_url"], base: url)
            item.title = text(object["title"])
            item.summary = text(object["summary"])
            item.content = text(object["content_html"]) ?? text(object["content_text"])
            item.contentIsPlainText = text(object["content_html"]) == nil
            item.published = text(object["date_published"]).flatMap(FeedDateParser.parse)
            item.updated = text(object["date_modified"]).flatMap(FeedDateParser.parse)
            let own = authors(object)
            item.authors = own.isEmpty ? feedAuthors : own
            item.categories = ((object["tags"] as? [Any]) ?? []).compactMap(text)
            item.enclosures = ((object["attachments"] as? [Any]) ?? []).compactMap { $0 as? [String: Any] }
                .compactMap { attachment in
                    link(attachment["url"], base: url).map {
                        PublisherFeedEnclosure(
                            url: $0, type: text(attachment["mime_type"])?.lowercased(),
                            length: (attachment["size_in_bytes"] as? NSNumber).map(\.intValue))
                    }
                }
            item.image =
                link(object["image"], base: url) ?? link(object["banner_image"], base: url)
                ?? item.enclosures.first(where: \.isImage)?.url
            return item
        }
        return feed
    }

    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        return XMLFeedNode.trimmed(string)
    }

    private static func link(_ value: Any?, base: URL) -> URL? {
        guard let string = text(value), let url = URL(string: string, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// 1.1's `authors`, else 1.0's `author`.
    private static func authors(_ object: [String: Any]) -> [String] {
        let list = (object["authors"] as? [Any]) ?? (object["author"].map { [$0] } ?? [])
        return list.compactMap { ($0 as? [String: Any]).flatMap { text($0["name"]) } }
    }
}
