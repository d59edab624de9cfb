import Articles
import Foundation
import Testing

/// Readers' comments are never article text, even inside the article's container and ten times longer than it
/// (issue 28, point 2).
@Suite struct ReaderCommentsTests {
    static let article = String(
        repeating: "<p>The harbour board voted on Monday to rebuild the north quay, which storms damaged last winter, "
            + "and work will start in the spring once the ferries move to the south berth.</p>",
        count: 5)

    static func comment(_ number: Int) -> String {
        "<p>Reader \(number) thinks the board should have rebuilt the quay years ago, and asks who will pay for the "
            + "ferries' longer route while the work goes on, since the fares went up twice already this year.</p>"
    }

    static func page(_ comments: String) -> String {
        """
        <html><head><title>Board votes to rebuild the north quay</title></head><body>
        <article class="post"><h1>Board votes to rebuild the north quay</h1>
        <div class="post-text">\(article)</div>
        \(comments)
        </article></body></html>
        """
    }

    @Test(arguments: [
        (
            "<section class=\"article-comments\"><h2>Comments</h2>", "</section>", "<div class=\"comment-body\">",
            "</div>"
        ),
        ("<div id=\"kommentare\" class=\"main-block\">", "</div>", "<div>", "</div>"),
        ("<div class=\"discussion\">", "</div>", "<div itemscope itemtype=\"https://schema.org/Comment\">", "</div>"),
        ("<ol class=\"commentlist body\">", "</ol>", "<li>", "</li>"),
    ])
    func commentsInsideTheArticleAreDropped(open: String, close: String, itemOpen: String, itemClose: String) throws {
        let comments = open + (1...40).map { itemOpen + Self.comment($0) + itemClose }.joined() + close
        let extracted = try ArticleExtractor().extract(
            Array(Self.page(comments).utf8), url: URL(string: "https://news.example/quay"))
        #expect(extracted.text.contains("rebuild the north quay"))
        #expect(!extracted.text.contains("Reader 7 thinks"), "\(open)")
    }
}
