import Articles
import Foundation

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
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    result +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
