import Articles
import Foundation
import NewsModel

/// `extract --format json`'s lines: one object per page, keys in a fixed order
/// (`page, url, title, byline, published, language, image, text, html, words`), or
/// `{"page": …, "error": "<cause>"}`.
enum ArticleJSON {
    static func line(page: String, article: Article) -> String {
        let fields: [(String, String)] = [
            ("page", string(page)),
            ("url", optional(article.url?.absoluteString)),
            ("title", string(article.title)),
            ("byline", optional(article.byline)),
            ("published", optional(article.published.map(PublishedDate.rfc3339))),
            ("language", optional(article.language)),
            ("image", optional(article.image?.absoluteString)),
            ("text", string(article.text)),
            ("html", string(article.html)),
            ("words", String(article.words)),
        ]
        return "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func line(page: String, error: some CustomStringConvertible) -> String {
        "{\"page\":\(string(page)),\"error\":\(string(error.description))}"
    }

    private static func optional(_ value: String?) -> String {
        value.map(string) ?? "null"
    }

    /// A JSON string literal; `<`, `>` and `&` escaped too, so a line is safe to embed in a page.
    static func string(_ text: String) -> String { JSONText.quoted(text, escapingMarkup: true) }
}
