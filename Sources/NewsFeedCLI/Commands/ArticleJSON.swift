import Articles
import Foundation
import NewsModel

/// `extract --format json`'s lines: one object per page, keys in a fixed order
/// (`page, url, title, byline, published, language, image, text, html, words`), or
/// `{"page": …, "error": "<cause>"}`; `<`, `>` and `&` escaped too, so a line is safe to embed in a page.
enum ArticleJSON {
    static func line(page: String, article: Article) -> String {
        let object: JSONOutput = [
            "page": .string(page),
            "url": JSONOutput(article.url?.absoluteString),
            "title": .string(article.title),
            "byline": JSONOutput(article.byline),
            "published": JSONOutput(article.published.map(PublishedDate.rfc3339)),
            "language": JSONOutput(article.language),
            "image": JSONOutput(article.image?.absoluteString),
            "text": .string(article.text),
            "html": .string(article.html),
            "words": .int(article.words),
        ]
        return object.text(.compact, escapingMarkup: true)
    }

    static func line(page: String, error: some CustomStringConvertible) -> String {
        let object: JSONOutput = ["page": .string(page), "error": .string(error.description)]
        return object.text(.compact, escapingMarkup: true)
    }
}
