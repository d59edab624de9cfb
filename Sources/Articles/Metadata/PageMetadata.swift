import Foundation

/// What a page says about its article outside the body: JSON-LD (`NewsArticle` and the other
/// schema.org article types), OpenGraph and other `<meta>` tags, `<html lang>`, `<title>`.
/// JSON-LD wins over OpenGraph, which wins over plain `<meta>`, as in Readability and trafilatura.
struct PageMetadata {
    var title: String?
    var byline: String?
    var published: Date?
    var language: String?
    var image: String?
    var siteName: String?
    /// `<link rel="canonical" href>`, as written: the page's own address for itself.
    var canonical: String?
    /// JSON-LD `articleBody`: the publisher's own text of the article, a fallback for extraction.
    var articleBody: String?
    /// The page declares its article not free (issue 28, point 10): schema.org `isAccessibleForFree` false in
    /// JSON-LD (the article, or one of its parts) or microdata, or `article:content_tier` `locked` or `metered`.
    var notFree = false

    static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    /// The metadata of `tree`, read before any element is removed.
    static func read(_ tree: PageTree) -> PageMetadata {
        var metadata = PageMetadata()
        var values: [String: String] = [:]
        for index in tree.elements(named: ["meta"]) {
            let node = tree[index]
            guard let content = node.attribute("content")?.trimmingSpaces(), !content.isEmpty else { continue }
            for key in [node.attribute("property"), node.attribute("name"), node.attribute("itemprop")] {
                guard let key else { continue }
                // `property` may list several names ("og:title twitter:title").
                for name in key.lowercased().split(separator: " ") where values[String(name)] == nil {
                    values[String(name)] = content
                }
            }
        }
        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { values[$0] }.first { !$0.isEmpty }
        }
        for script in tree.elements(named: ["script"]) {
            guard tree[script].attribute("type")?.lowercased().contains("ld+json") == true else { continue }
            readJSONLD(tree.text(script), into: &metadata)
        }
        if ["locked", "metered"].contains(values["article:content_tier"]?.lowercased())
            || isFalse(values["isaccessibleforfree"])
        {
            metadata.notFree = true
        }
        metadata.title = metadata.title ?? first(["og:title", "dc.title", "dcterm:title", "twitter:title", "title"])
        var author = first(["dc.creator", "dcterm:creator", "author", "parsely-author", "sailthru.author", "byl"])
        if author == nil, let articleAuthor = first(["article:author"]), !articleAuthor.hasPrefix("http") {
            author = articleAuthor
        }
        metadata.byline = metadata.byline ?? author.map(TextWhitespace.collapse)
        if metadata.published == nil {
            let dateText = first([
                "article:published_time", "datepublished", "parsely-pub-date", "sailthru.date", "og:published_time",
                "dc.date", "dc.date.issued", "dcterms.created", "date", "pubdate", "publishdate", "timestamp",
            ])
            metadata.published = dateText.flatMap(PublishedDate.parse)
        }
        if metadata.published == nil {
            for time in tree.elements(named: ["time"]) where tree[time].attribute("itemprop") == "datePublished" {
                if let date = (tree[time].attribute("datetime")).flatMap(PublishedDate.parse) {
                    metadata.published = date
                    break
                }
            }
        }
        metadata.image = metadata.image ?? first(["og:image", "og:image:url", "og:image:secure_url", "twitter:image"])
        metadata.siteName = metadata.siteName ?? first(["og:site_name", "application-name"])
        for index in tree.elements(named: ["link"]) where metadata.canonical == nil {
            let rel = tree[index].attribute("rel")?.lowercased().split(separator: " ") ?? []
            if rel.contains("canonical"), let href = tree[index].attribute("href")?.trimmingSpaces(), !href.isEmpty {
                metadata.canonical = href
            }
        }
        if metadata.language == nil {
            let html = tree.first("html")
            let lang = html.flatMap { tree[$0].attribute("lang") ?? tree[$0].attribute("xml:lang") }
            metadata.language =
                lang?.trimmingSpaces() ?? first(["og:locale", "content-language", "dc.language", "language"])
        }
        metadata.language = metadata.language.flatMap(LanguageTag.normalize)
        return metadata
    }

    /// The first schema.org article in a JSON-LD block (top level, a list or `@graph`).
    static func readJSONLD(_ text: String, into metadata: inout PageMetadata) {
        guard let data = text.trimmingSpaces().data(using: .utf8),
            let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return }
        if !metadata.notFree, declaresNotFree(json, depth: 0) { metadata.notFree = true }
        var queue: [Any] = [json]
        while !queue.isEmpty {
            let item = queue.removeFirst()
            if let list = item as? [Any] {
                queue.append(contentsOf: list)
                continue
            }
            guard let object = item as? [String: Any] else { continue }
            if let graph = object["@graph"] { queue.append(graph) }
            let types = (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [String]) ?? []
            guard types.contains(where: { articleTypes.contains($0) }) else { continue }
            if metadata.title == nil { metadata.title = string(object["headline"]) ?? string(object["name"]) }
            if metadata.byline == nil { metadata.byline = names(object["author"]) }
            if metadata.published == nil {
                metadata.published = string(object["datePublished"]).flatMap(PublishedDate.parse)
            }
            if metadata.image == nil { metadata.image = imageURL(object["image"]) }
            if metadata.language == nil { metadata.language = string(object["inLanguage"]) }
            if metadata.siteName == nil, let publisher = object["publisher"] as? [String: Any] {
                metadata.siteName = string(publisher["name"])
            }
            // The body keeps its line breaks: they are its paragraphs.
            if metadata.articleBody == nil, let body = object["articleBody"] as? String, !body.isEmpty {
                metadata.articleBody = body
            }
            return
        }
    }

    /// Whether `json` says `"isAccessibleForFree": false` (or `"False"`) anywhere within a few levels (the article,
    /// its `hasPart`, a `@graph`).
    static func declaresNotFree(_ json: Any, depth: Int) -> Bool {
        guard depth < 6 else { return false }
        if let list = json as? [Any] { return list.contains { declaresNotFree($0, depth: depth + 1) } }
        guard let object = json as? [String: Any] else { return false }
        if let value = object["isAccessibleForFree"] {
            if let flag = value as? Bool, !flag { return true }
            if isFalse(value as? String) { return true }
        }
        return object.values.contains { ($0 is [Any] || $0 is [String: Any]) && declaresNotFree($0, depth: depth + 1) }
    }

    /// `false`, `False`, `no` as a page writes them.
    private static func isFalse(_ text: String?) -> Bool {
        guard let text else { return false }
        return ["false", "no", "0"].contains(text.trimmingSpaces().lowercased())
    }

    private static func string(_ value: Any?) -> String? {
        if let text = value as? String {
            let trimmed = TextWhitespace.collapse(text)
            return trimmed.isEmpty ? nil : trimmed
        }
        if let list = value as? [Any] { return list.lazy.compactMap { string($0) }.first }
        return nil
    }

    /// `"author": "A"`, `{"name": "A"}` or a list of them, as "A, B".
    private static func names(_ value: Any?) -> String? {
        var result: [String] = []
        let items: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
        for item in items {
            if let name = string(item) {
                result.append(name)
            } else if let object = item as? [String: Any], let name = string(object["name"]) {
                result.append(name)
            }
        }
        return result.isEmpty ? nil : result.joined(separator: ", ")
    }

    private static func imageURL(_ value: Any?) -> String? {
        if let text = string(value) { return text }
        if let object = value as? [String: Any] { return string(object["url"]) ?? string(object["contentUrl"]) }
        if let list = value as? [Any] { return list.lazy.compactMap { imageURL($0) }.first }
        return nil
    }
}

/// Language tags as BCP 47 writes them (`en-US`, not `en_us`), or nil for something that is not one.
enum LanguageTag {
    static func normalize(_ text: String) -> String? {
        let parts = text.trimmingSpaces().replacingOccurrences(of: "_", with: "-").split(separator: "-")
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var result = first.lowercased()
        for part in parts.dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                break
            }
            result +=
                "-" + (part.count == 2 ? part.uppercased() : part.count == 4 ? part.capitalized : part.lowercased())
        }
        return result
    }
}
