import Foundation
import Testing

@testable import Articles

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

    /// A class that says the article has comments, is commentary or is by a correspondent names no comment section:
    /// the article is kept in the first pass, and the comments beside it still go.
    @Test(arguments: [
        "post hentry commented", "story commentary", "entry comments-open", "piece correspondent",
        "post has-comments", "opinion commentaries",
    ])
    func anArticleMarkedOnlyAsHavingCommentsIsKept(classes: String) throws {
        let comments =
            "<section class=\"comments\">" + (1...40).map { "<div>" + Self.comment($0) + "</div>" }.joined()
            + "</section>"
        let page = """
            <html><head><title>Board votes to rebuild the north quay</title></head><body>
            <nav class="menu"><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
            <article class="\(classes)"><h1>Board votes to rebuild the north quay</h1>
            <div class="text">\(Self.article)</div></article>
            \(comments)
            <aside class="about"><p>About this site: a small newsroom, since 1998.</p></aside>
            </body></html>
            """
        var report = ExtractionReport()
        let extracted = try ArticleExtractor().extract(
            Array(page.utf8), url: URL(string: "https://news.example/quay"), contentType: nil, report: &report)
        #expect(extracted.text.contains("rebuild the north quay, which storms damaged"), "\(classes)")
        #expect(!extracted.text.contains("Reader 7 thinks"), "\(classes)")
        #expect(report.automaticPath == "automatic: scored candidates", "\(classes)")
    }

    @Test func commentStatesAreNotCommentSections() {
        let comments = BoilerplatePatterns.commentWords
        #expect(!BoilerplateWords(in: "post hentry commented js_amazon_module ").containsAny(of: comments))
        #expect(BoilerplateWords(in: "post commented comment-list ").containsAny(of: comments))
        #expect(BoilerplateWords(in: "comments ").containsAny(of: comments))
        #expect(BoilerplatePatterns.withoutCommentStates("post body ") == nil)
    }
}
