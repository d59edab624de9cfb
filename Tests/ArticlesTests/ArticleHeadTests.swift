import Articles
import Foundation
import Testing

/// What sites put above the article's first paragraph inside its container is not the article (issue 28, point 1):
/// a breadcrumb trail, a share bar left as words, a date line, a line of labels, an affiliate disclosure, and a
/// paragraph that repeats the title. The story's own first lines stay, dates and all.
@Suite struct ArticleHeadTests {
    static let paragraph =
        "<p>The harbour board voted on Monday to rebuild the north quay, which storms damaged last winter, "
        + "and work will start in the spring once the ferries move to the south berth.</p>"

    static func extract(_ opening: String, title: String = "Board votes to rebuild the north quay") throws -> String {
        let page = """
            <html><head><title>\(title)</title></head><body><div class="story">
            \(opening)\(String(repeating: paragraph, count: 5))</div></body></html>
            """
        return try ArticleExtractor().extract(Array(page.utf8), url: URL(string: "https://news.example/quay")).text
    }

    @Test(arguments: [
        "<p><a href=\"/\">Home</a> » <a href=\"/news\">News</a> » <strong>Board votes</strong></p>",
        "<p><a href=\"/\">福娘童話集</a> &gt; <a href=\"/a\">きょうの童話</a> &gt; 欲張りなイヌ</p>",
        "<p>Whatsapp <a href=\"https://facebook.example/share\">Facebook</a> Pint Baixar</p>",
        "<p>Share on Facebook Twitter Email</p>",
        "<p><em>This post may contain affiliate and/or referral links. Please see my disclosure page.</em></p>",
        "<p><small><b>05/10/2018</b> - Publicado por: Clara Borba - Categoria: <a href=\"/c\">Saúde</a> - Tags: "
            + "<a href=\"/t\">obras</a></small></p>",
        "<p>segunda-feira, 22 de janeiro de 2018 às 0:13</p>", "<p>2/26/2015 7:11 AM PST BY HARBOUR STAFF</p>",
        "<p>Updated: March 3, 2019 at 9:02 am</p>", "<p>Donnerstag, 5. Dezember 2019, 14:30 Uhr</p>",
        "<p>Posted by: Ann Writer | Filed under: Harbour, Ferries | Tags: quay</p>",
    ])
    func openingFurnitureGoes(opening: String) throws {
        let text = try Self.extract("<h1>Board votes to rebuild the north quay</h1>" + opening)
        #expect(text.hasPrefix("The harbour board voted"), "\(opening)")
    }

    /// The story's first lines: a sentence that starts with a date, a short line with a year and no date, a
    /// sentence with an arrow in it, a line about sharing that is a sentence.
    @Test(arguments: [
        "<p>On March 3, 2019, the board first voted on the quay.</p>", "<p>Election 2020</p>",
        "<p>Prices went 3 » 5 » 8 pounds a tonne in a year</p>",
        "<p>Share your views on the plan with the board by email before Friday.</p>",
        "<p>Tags: none of the councillors wore one at the vote, against the rules.</p>",
    ])
    func theStorysFirstLinesStay(opening: String) throws {
        let text = try Self.extract(opening)
        let first = opening.replacingOccurrences(of: "<p>", with: "").replacingOccurrences(of: "</p>", with: "")
        #expect(text.hasPrefix(first), "\(opening)")
    }

    /// A paragraph standing in for the title heading (`<p class="titulo">`), before any other text, goes as the
    /// heading would.
    @Test func aParagraphRepeatingTheTitleGoes() throws {
        let text = try Self.extract("<p class=\"titulo\">Board votes to rebuild the north quay</p>")
        #expect(text.hasPrefix("The harbour board voted"))
    }

    /// A lead picture's caption does not end the walk: the date line under it still goes.
    @Test func theWalkPassesOverALeadFigure() throws {
        let text = try Self.extract(
            "<figure><img src=\"/quay.jpg\" alt=\"\"><figcaption>The quay in March</figcaption></figure>"
                + "<p>segunda-feira, 22 de janeiro de 2018 às 0:13</p>")
        #expect(text.hasPrefix("The harbour board voted"), "\(text.prefix(80))")
    }

    @Test func aShortPageKeepsItsFirstLine() throws {
        let page =
            "<html><body><div class=\"story\"><p>segunda-feira, 22 de janeiro de 2018 às 0:13</p>\(Self.paragraph)"
            + "</div></body></html>"
        let text = try ArticleExtractor().extract(Array(page.utf8), url: URL(string: "https://news.example/q")).text
        #expect(text.contains("22 de janeiro"))
    }
}
