import Articles
import Foundation
import Testing

/// Pages whose article has no `<p>` (issue 28, point 3): text in a table cell beside a cell of headlines, in spans
/// or bare divs separated by `<br>`, and a near-empty box beside it (point 4): the article is found whole, not the
/// headline list, and not "no article found".
@Suite struct PagesWithoutParagraphsTests {
    static let sentence =
        "The harbour board voted on Monday to rebuild the north quay, which storms damaged last winter, and work will "
        + "start in the spring once the ferries move to the south berth"
    static let headlines = (1...12).map { "<li><a href=\"/n/\($0)\">Headline number \($0) of the day in town</a></li>" }
        .joined()

    static func sentences(_ count: Int) -> [String] { (1...count).map { "\(sentence) (\($0))." } }

    static let tableCell: String = {
        let text: String = sentences(6).joined(separator: "<br><br>")
        return "<table><tr><td class=\"nav\"><ul>" + headlines + "</ul></td><td>" + text + "</td></tr></table>"
    }()
    static let spans: String = {
        let text: String = sentences(6).joined(separator: "</span><br><span>")
        return "<div class=\"menu\"><ul>" + headlines + "</ul></div><div class=\"txt\"><span>" + text + "</span></div>"
    }()
    static let divs: String = {
        let text: String = sentences(6).map { "<div>" + $0 + "</div>" }.joined()
        return "<div class=\"menu\"><ul>" + headlines + "</ul></div><div class=\"story\">" + text + "</div>"
    }()
    static let nearEmptyBox: String = {
        let text: String = sentences(4).map { "<font>" + $0 + "</font>" }.joined(separator: "<br>")
        return "<div class=\"side\"><p>Me.</p></div><div class=\"x\">" + text + "</div>"
    }()

    @Test(arguments: [tableCell, spans, divs, nearEmptyBox])
    func theArticleIsFoundWhole(body: String) throws {
        let page = "<html><head><title>Quay vote</title></head><body>\(body)</body></html>"
        let article = try ArticleExtractor().extract(Array(page.utf8), url: URL(string: "https://news.example/quay"))
        for number in [1, 4] { #expect(article.text.contains("south berth (\(number))."), "\(body.prefix(30))") }
        #expect(!article.text.contains("Headline number"))
    }
}
