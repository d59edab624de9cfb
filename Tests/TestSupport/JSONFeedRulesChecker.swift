import Foundation

/// Checks JSON Feed 1.1 bytes against the spec's rules (jsonfeed.org/version/1.1) and feed-rules.md:
/// no released reader in CI reads JSON Feed, so this checker is the proof.
///
/// Parses with Foundation's `JSONSerialization`, independent of the renderer. One line per
/// violation, `error [rule-id] where: what` or `warning [rule-id] …`.
package enum JSONFeedRulesChecker {
    package static let version = "https://jsonfeed.org/version/1.1"
    package static let feedKeys: Set<String> = [
        "version", "title", "home_page_url", "feed_url", "description", "user_comment", "next_url", "icon",
        "favicon", "authors", "language", "expired", "hubs", "items",
    ]
    package static let itemKeys: Set<String> = [
        "id", "url", "external_url", "title", "content_html", "content_text", "summary", "image", "banner_image",
        "date_published", "date_modified", "authors", "tags", "language", "attachments",
    ]

    /// Every error and warning found in `data`; `feedURL`, when given, must be `feed_url`.
    package static func violations(in data: Data, feedURL: URL? = nil, now: Date = Date()) -> [String] {
        var found: [String] = []
        func error(_ rule: String, _ place: String, _ message: String) {
            found.append("error [\(rule)] \(place): \(message)")
        }
        func warning(_ rule: String, _ place: String, _ message: String) {
            found.append("warning [\(rule)] \(place): \(message)")
        }
        guard String(data: data, encoding: .utf8) != nil else {
            error("utf-8", "document", "the bytes are not valid UTF-8")
            return found
        }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            error("json", "document", "not valid JSON")
            return found
        }
        guard let feed = object as? [String: Any] else {
            error("json-object", "document", "the top level is not an object")
            return found
        }
        checkNoNull(feed, place: "feed", error: error)
        for key in feed.keys where !feedKeys.contains(key) && !key.hasPrefix("_") {
            error("unknown-key", "feed", "\"\(key)\" is not a JSON Feed key and does not start with _")
        }
        if feed["version"] as? String != version {
            error("version", "feed", "version must be \"\(version)\"")
        }
        if ((feed["title"] as? String) ?? "").isEmpty { error("feed-title", "feed", "title is required") }
        for key in ["home_page_url", "feed_url", "icon", "favicon", "next_url"] {
            guard let value = feed[key] else { continue }
            if !isAbsolute(value as? String) { error("url", "feed", "\(key) is not an absolute URL") }
        }
        if feed["home_page_url"] == nil { warning("home-page-url", "feed", "no home_page_url") }
        if feed["feed_url"] == nil { warning("feed-url", "feed", "no feed_url") }
        if let feedURL, let value = feed["feed_url"] as? String, value != feedURL.absoluteString {
            warning("feed-url", "feed", "feed_url \(value) is not where the feed is served (\(feedURL))")
        }
        if let hubs = feed["hubs"] {
            // JSON Feed 1.1: an array of objects, each with a type and a url.
            let objects = hubs as? [[String: Any]] ?? []
            if objects.isEmpty { error("hubs", "feed", "hubs is not a non-empty array of objects") }
            for hub in objects where ((hub["type"] as? String) ?? "").isEmpty || !isAbsolute(hub["url"] as? String) {
                error("hubs", "feed", "a hub needs a type and an absolute url")
            }
        }
        if let language = feed["language"], !(language is String) {
            error("language", "feed", "language is not a string")
        }
        guard let items = feed["items"] as? [Any] else {
            error("items", "feed", "items must be an array")
            return found
        }
        var ids: [String: Int] = [:]
        for (index, value) in items.enumerated() {
            let place = "item \(index + 1)"
            guard let item = value as? [String: Any] else {
                error("item-object", place, "not an object")
                continue
            }
            for key in item.keys where !itemKeys.contains(key) && !key.hasPrefix("_") {
                error("unknown-key", place, "\"\(key)\" is not a JSON Feed key and does not start with _")
            }
            guard let id = item["id"] as? String, !id.isEmpty else {
                error("item-id", place, "id must be a non-empty string")
                continue
            }
            if let earlier = ids[id] { error("duplicate-id", place, "id \(id) repeats item \(earlier)") }
            ids[id] = index + 1
            let html = item["content_html"]
            let text = item["content_text"]
            if html == nil, text == nil { error("item-content", place, "needs content_html or content_text") }
            if let html, !(html is String) { error("item-content", place, "content_html is not a string") }
            if let text, !(text is String) { error("item-content", place, "content_text is not a string") }
            for key in ["url", "external_url", "image", "banner_image"] {
                guard let value = item[key] else { continue }
                if !isAbsolute(value as? String) { error("url", place, "\(key) is not an absolute URL") }
            }
            for key in ["title", "summary"] {
                guard let value = item[key] else { continue }
                guard let string = value as? String else {
                    error("item-\(key)", place, "\(key) is not a string")
                    continue
                }
                if let tag = HTMLTag.all(in: string).first {
                    warning("text-markup", place, "\(key) is plain text but contains <\(tag.name)>")
                }
            }
            if let html = html as? String {
                for tag in HTMLTag.all(in: html) where ["script", "object", "embed", "iframe"].contains(tag.name) {
                    warning("html-unsafe-tag", place, "content_html contains <\(tag.name)>")
                }
            }
            for key in ["date_published", "date_modified"] {
                guard let value = item[key] else { continue }
                guard let string = value as? String, let date = rfc3339(string) else {
                    error("rfc3339", place, "\(key) is not an RFC 3339 date-time")
                    continue
                }
                if date > now.addingTimeInterval(86_400) || date < Date(timeIntervalSince1970: 631_152_000) {
                    warning("implausible-date", place, "\(key) \(string) is implausible")
                }
            }
            if let authors = item["authors"] {
                let list = authors as? [[String: Any]]
                if list == nil || list?.isEmpty == true
                    || list?.contains(where: { ($0["name"] ?? $0["url"] ?? $0["avatar"]) == nil }) == true
                {
                    error("authors", place, "authors must be objects with a name, url or avatar")
                }
            }
            if let attachments = item["attachments"] {
                guard let list = attachments as? [[String: Any]] else {
                    error("attachments", place, "attachments must be an array of objects")
                    continue
                }
                for attachment in list {
                    if !isAbsolute(attachment["url"] as? String) {
                        error("attachment-url", place, "an attachment needs an absolute url")
                    }
                    if ((attachment["mime_type"] as? String) ?? "").isEmpty {
                        error("attachment-mime-type", place, "an attachment needs a mime_type")
                    }
                    if let size = attachment["size_in_bytes"], (size as? Int).map({ $0 >= 0 }) != true {
                        error("attachment-size", place, "size_in_bytes is not a whole number")
                    }
                }
            }
        }
        return found
    }

    private static func checkNoNull(_ value: Any, place: String, error: (String, String, String) -> Void) {
        if value is NSNull {
            error("null", place, "null values are not written: leave the key out")
        } else if let object = value as? [String: Any] {
            for (key, child) in object { checkNoNull(child, place: "\(place).\(key)", error: error) }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() { checkNoNull(child, place: "\(place)[\(index)]", error: error) }
        }
    }

    private static func isAbsolute(_ text: String?) -> Bool {
        guard let text, let components = URLComponents(string: text), let scheme = components.scheme?.lowercased()
        else { return false }
        return (scheme == "http" || scheme == "https") && !(components.host ?? "").isEmpty
    }

    private static func rfc3339(_ text: String) -> Date? {
        AtomRulesChecker.Check.rfc3339(text)
    }
}
