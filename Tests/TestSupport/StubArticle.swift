import Foundation
import NewsModel

/// A NewsAPI article as the stub sends it; nil fields are sent as JSON `null`.
package struct StubArticle: Sendable {
    package var title: String
    package var url: String
    package var sourceName: String? = "Example Times"
    package var author: String? = "Ann Lee"
    package var description: String? = "A summary of the story."
    package var urlToImage: String?
    package var publishedAt: String?
    package var content: String?

    package init(
        title: String, url: String, sourceName: String? = "Example Times", author: String? = "Ann Lee",
        description: String? = "A summary of the story.", urlToImage: String? = nil, publishedAt: String? = nil,
        content: String? = nil
    ) {
        self.title = title
        self.url = url
        self.sourceName = sourceName
        self.author = author
        self.description = description
        self.urlToImage = urlToImage
        self.publishedAt = publishedAt
        self.content = content
    }

    /// The article `https://news.example.com/<slug>` titled after `slug`, published at `publishedAt`.
    package static func story(_ slug: String, publishedAt: String? = "2024-05-02T10:00:00Z", image: String? = nil)
        -> StubArticle
    {
        StubArticle(
            title: "Story \(slug) - Example Times", url: "https://news.example.com/\(slug)",
            description: "What happened in story \(slug).", urlToImage: image, publishedAt: publishedAt)
    }

    package var json: [String: Any] {
        let source: [String: Any] = ["id": NSNull(), "name": sourceName ?? NSNull()]
        return [
            "source": source, "author": author ?? NSNull(), "title": title, "description": description ?? NSNull(),
            "url": url, "urlToImage": urlToImage ?? NSNull(), "publishedAt": publishedAt ?? NSNull(),
            "content": content ?? NSNull(),
        ]
    }
}
