import Articles
import Foundation
import NewsModel

/// `extract --format json`'s lines: one object per page, keys in a fixed order
/// (`page, url, title, byline, published, language, image, text, html, words`), or
/// `{"page": …, "error": "<cause>"}`; `<`, `>` and `&` escaped too, so a line is safe to embed in a page.
enum ArticleJSON {
    /// Writes the line of `article` to `output`, in pieces: the article's text and HTML are each
    /// escaped and written on their own, so a big page's line is never held whole (nor copied
    /// again on its way out) beside the article it is made of.
    static func write(page: String, article: Article, to output: TextOutput) {
        var json = JSONText()
        json.raw("{\"page\":")
        json.string(page, escapingMarkup: true)
        json.raw(",\"url\":")
        optional(article.url?.absoluteString, into: &json)
        json.raw(",\"title\":")
        json.string(article.title, escapingMarkup: true)
        json.raw(",\"byline\":")
        optional(article.byline, into: &json)
        json.raw(",\"published\":")
        optional(article.published.map(PublishedDate.rfc3339), into: &json)
        json.raw(",\"language\":")
        optional(article.language, into: &json)
        json.raw(",\"image\":")
        optional(article.image?.absoluteString, into: &json)
        json.raw(",\"text\":")
        json.string(article.text, escapingMarkup: true)
        output.write(utf8: json.take())
        json = JSONText()
        json.raw(",\"html\":")
        json.string(article.html, escapingMarkup: true)
        output.write(utf8: json.take())
        json = JSONText()
        json.raw(",\"words\":")
        json.raw(String(article.words))
        json.raw("}\n")
        output.write(utf8: json.take())
    }

    private static func optional(_ value: String?, into json: inout JSONText) {
        if let value { json.string(value, escapingMarkup: true) } else { json.raw("null") }
    }

    static func line(page: String, error: some CustomStringConvertible) -> String {
        let object: JSONOutput = ["page": .string(page), "error": .string(error.description)]
        return object.text(.compact, escapingMarkup: true)
    }
}
