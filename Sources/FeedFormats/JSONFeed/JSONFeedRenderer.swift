import Foundation
import NewsModel

/// Renders a ``FeedDocument`` as JSON Feed 1.1 (jsonfeed.org/version/1.1).
///
/// Written by hand rather than through `JSONEncoder`, so the keys come in one fixed, readable order
/// (unchanged feeds stay byte-identical) and a big feed streams out item by item. Absent fields are
/// left out, never `null`. The publisher goes in the `_newsfeed` extension object, as the spec asks
/// of extensions (a key starting with `_`).
public struct JSONFeedRenderer: FeedRenderer {
    public init() {}

    /// `json`.
    public var fileExtension: String { "json" }
    /// `application/feed+json`.
    public var mediaType: String { "application/feed+json" }

    package static let version = "https://jsonfeed.org/version/1.1"

    public func render<MoreStories: Sequence<Story>>(
        _ document: FeedDocument, followedBy moreStories: MoreStories, itemsPerPiece: Int = 100,
        emit: (Data) -> Void
    ) throws(FeedError) {
        var json = JSONText()
        json.raw("{\n")
        json.member("version", Self.version, indent: 1)
        json.member("title", document.title, indent: 1)
        json.member("home_page_url", document.link.absoluteString, indent: 1)
        json.member("feed_url", document.url(of: .json).absoluteString, indent: 1)
        json.member("description", document.description, indent: 1)
        if let language = document.language {
            json.member("language", language, indent: 1)
        }
        if let image = document.image {
            json.member("icon", image.absoluteString, indent: 1)
        }
        if !document.hubs.isEmpty {
            json.raw("  \"hubs\": [")
            for (index, hub) in document.hubs.enumerated() {
                json.raw(index == 0 ? "{\"type\": \"WebSub\", \"url\": " : ", {\"type\": \"WebSub\", \"url\": ")
                json.string(hub.absoluteString)
                json.raw("}")
            }
            json.raw("],\n")
        }
        json.raw("  \"items\": [")
        var isFirst = true
        var itemsInPiece = 0
        func write(_ story: Story) {
            json.raw(isFirst ? "\n" : ",\n")
            isFirst = false
            item(story, to: &json)
            itemsInPiece += 1
            if itemsInPiece >= itemsPerPiece {
                itemsInPiece = 0
                emit(json.take())
            }
        }
        for story in document.stories { write(story) }
        for story in moreStories { write(story) }
        json.raw(isFirst ? "]\n}\n" : "\n  ]\n}\n")
        emit(json.take())
    }

    private func item(_ story: Story, to json: inout JSONText) {
        let url = story.link.text
        json.raw("    {\n")
        // A publisher's item keeps its own id (its identity), as JSON Feed's `id` asks.
        json.member("id", story.guid ?? url, indent: 3)
        json.member("url", url, indent: 3)
        json.member("title", story.title, indent: 3)
        if !story.summary.isEmpty { json.member("summary", story.summary, indent: 3) }
        if let article = story.wholeArticle {
            json.member("content_html", article.html + FeedHTML.alsoAt(story), indent: 3)
            json.member("content_text", article.text + FeedHTML.alsoAtText(story), indent: 3)
        } else if let contentHTML = story.contentHTML {
            json.member("content_html", contentHTML + FeedHTML.alsoAt(story), indent: 3)
        } else if let content = story.content {
            json.member("content_html", FeedHTML.paragraphs(content) + FeedHTML.alsoAt(story), indent: 3)
        } else {
            json.member("content_text", story.summary, indent: 3)
        }
        if let image = story.image {
            json.member("image", image.link.text, indent: 3)
        }
        json.member("date_published", RFC3339Date.string(from: story.displayDate), indent: 3)
        // The language the publisher's page gave (full text).
        if story.article != nil, let language = story.language {
            json.member("language", language, indent: 3)
        }
        // The item's own category (a DuckDuckGo topic group), as RSS `<category>` carries it.
        // A paywall's teaser (issue 28, point 10) is tagged as RSS and Atom mark it.
        let tags = [story.category, story.isSubscriberArticle ? StoryArticle.subscriberLabel : nil]
            .compactMap { $0 }
        if !tags.isEmpty {
            json.raw("      \"tags\": [")
            for (index, tag) in tags.enumerated() {
                if index > 0 { json.raw(", ") }
                json.string(tag)
            }
            json.raw("],\n")
        }
        json.raw("      \"authors\": [{\"name\": ")
        json.string(story.author ?? story.sourceName)
        json.raw("}],\n")
        // Attachments: the files the story carries (a podcast's audio first), then its picture.
        let attachments =
            story.enclosures.map { ($0.link.text, $0.mimeType, $0.length) }
            + (story.image.map { [($0.link.text, $0.mimeType, $0.length)] } ?? [])
        if !attachments.isEmpty {
            json.raw("      \"attachments\": [")
            for (index, attachment) in attachments.enumerated() {
                json.raw(index == 0 ? "{\"url\": " : ", {\"url\": ")
                json.string(attachment.0)
                json.raw(", \"mime_type\": ")
                json.string(attachment.1)
                if attachment.2 > 0 {
                    json.raw(", \"size_in_bytes\": \(attachment.2)")
                }
                json.raw("}")
            }
            json.raw("],\n")
        }
        json.raw("      \"_newsfeed\": {\"source\": {\"name\": ")
        json.string(story.sourceName)
        json.raw(", \"url\": ")
        json.string(story.sourceLink.text)
        json.raw("}")
        if story.isSubscriberArticle { json.raw(", \"paywalled\": true") }
        // The story's other places (issue 27, point 13), beside the publisher in the extension object.
        if !story.alsoAt.isEmpty {
            json.raw(", \"alsoAt\": [")
            for (index, link) in story.alsoAt.enumerated() {
                if index > 0 { json.raw(", ") }
                json.string(link.text)
            }
            json.raw("]")
        }
        json.raw("}\n    }")
    }
}
