import Foundation

/// A NewsAPI article as the stub sends it; nil fields are sent as JSON `null`.
struct StubArticle: Sendable {
    var title: String
    var url: String
    var sourceName: String? = "Example Times"
    var author: String? = "Ann Lee"
    var description: String? = "A summary of the story."
    var urlToImage: String?
    var publishedAt: String?
    var content: String?

    /// The article `https://news.example.com/<slug>` titled after `slug`, published at `publishedAt`.
    static func story(_ slug: String, publishedAt: String? = "2024-05-02T10:00:00Z", image: String? = nil)
        -> StubArticle
    {
        StubArticle(
            title: "Story \(slug) - Example Times", url: "https://news.example.com/\(slug)",
            description: "What happened in story \(slug).", urlToImage: image, publishedAt: publishedAt)
    }

    var json: [String: Any] {
        let source: [String: Any] = ["id": NSNull(), "name": sourceName ?? NSNull()]
        return [
            "source": source, "author": author ?? NSNull(), "title": title, "description": description ?? NSNull(),
            "url": url, "urlToImage": urlToImage ?? NSNull(), "publishedAt": publishedAt ?? NSNull(),
            "content": content ?? NSNull(),
        ]
    }
}
