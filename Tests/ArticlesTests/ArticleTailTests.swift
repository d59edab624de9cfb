import Articles
import Foundation
import Testing

/// Blocks after the article's end that are other stories are not the article (issue 28, point 1): "Related",
/// "More news", "Trending now" boxes, headline lists with or without teasers, letter-spaced headings; the
/// article's own closing list stays.
@Suite struct ArticleTailTests {
    static let article = String(
        repeating: "<p>The harbour board voted on Monday to rebuild the north quay, which storms damaged last winter, "
            + "and work will start in the spring once the ferries move to the south berth.</p>",
        count: 5)

    static func headlines(_ count: Int, teasers: Bool) -> String {
        (1...count).map { number in
            "<li><a href=\"/news/\(number)\">Other story number \(number) about the town council</a>"
                + (teasers ? "<span>A line of teaser.</span>" : "") + "</li>"
        }.joined()
    }

    static func extract(_ tail: String) throws -> String {
        let page = """
            <html><head><title>Board votes to rebuild the north quay</title></head><body><div class="story">
            <h1>Board votes to rebuild the north quay</h1>\(article)\(tail)</div></body></html>
            """
        return try ArticleExtractor().extract(Array(page.utf8), url: URL(string: "https://news.example/quay")).text
    }

    @Test(arguments: [
        "<h2>Related</h2><ul>\(headlines(5, teasers: false))</ul>",
        "<h3>More news</h3><ul>\(headlines(6, teasers: true))</ul>",
        "<div><h4>Trending now</h4><ol>\(headlines(4, teasers: false))</ol></div>",
        "<h2>M O S T &nbsp; P O P U L A R</h2><ul>\(headlines(5, teasers: false))</ul>",
        "<ul>\(headlines(8, teasers: true))</ul>",
    ])
    func otherStoriesAfterTheArticleAreLeftOut(tail: String) throws {
        let text = try Self.extract(tail)
        #expect(text.contains("rebuild the north quay"))
        #expect(!text.contains("Other story number 2"), "\(tail.prefix(40))")
    }

    @Test func theArticlesOwnClosingListStays() throws {
        let text = try Self.extract(
            "<p>What the plan includes:</p><ul><li>A new quay wall of steel and concrete</li>"
                + "<li>Two berths for the island ferries</li><li>A shelter for passengers</li></ul>")
        #expect(text.contains("Two berths for the island ferries"))
    }

    static func cards(_ count: Int) -> String {
        (1...count).map { number in
            "<div class=\"tumb\"><div class=\"r\"><a href=\"/diet-\(number)\"><img src=\"/\(number).jpg\" alt=\"\"></a>"
                + "</div><div class=\"title\"><a href=\"/diet-\(number)\">Card \(number)</a></div><div class=\"body\">"
                + "A popular plan for a busy life, with results in fourteen days and two menus to choose from.</div></div>"
        }.joined()
    }

    /// A heading that announces other stories, in any of the usual languages or as the start of a longer heading,
    /// takes the story cards after it (a picture, a linked title, a line of teaser), even in the article's middle.
    @Test(arguments: [
        "<h2>Самые популярные диеты</h2>", "<h4>More:</h4>", "<h3>Leggi anche</h3>", "<h2>Most popular in Sport</h2>",
        "<h3>Related posts</h3>",
    ])
    func anAnnouncedRunOfStoryCardsGoes(heading: String) throws {
        let text = try Self.extract(heading + Self.cards(4) + Self.article)
        #expect(text.contains("rebuild the north quay"))
        #expect(!text.contains("Card 3"), "\(heading)")
        #expect(!text.contains("popular plan"), "\(heading)")
    }

    @Test func aHeadingThatOnlySoundsLikeOneKeepsTheProseAfterIt() throws {
        let text = try Self.extract(
            "<h3>More</h3><p>More ferries will use the south berth while the work goes on, the board said, and the "
                + "timetable will change from March.</p>" + "<h3>Related</h3><div class=\"note\">The works are "
                + "related to last year's storm, which also damaged <a href=\"/pier\">the pier</a>.</div>")
        #expect(text.contains("More ferries will use the south berth"))
        #expect(text.contains("related to last year's storm"))
    }
}
