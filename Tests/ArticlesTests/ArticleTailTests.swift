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

    /// A bold line that announces other stories (`<p><strong>DON'T MISS</strong></p>`) is a heading in all but name:
    /// it goes with the paragraph of headline links after it (tagged `[VIDEO]`, split by `<br>`), in the middle too.
    @Test(arguments: [
        "<p><strong>DON'T MISS</strong></p>", "<p><b>Related articles</b></p>",
        "<p><strong><em>Read more"
            + "</em></strong></p>",
    ])
    func aBoldLineAnnouncingLinksTakesThemWithIt(line: String) throws {
        let links =
            "<p><a href=\"/news/1\">Council delays the vote on the new bridge</a>&nbsp;[<strong>INSIGHT]|<br></strong>"
            + "<a href=\"/news/2\">Ferry strike called off after late talks</a>&nbsp;[<strong>VIDEO]<br></strong>"
            + "<a href=\"/news/3\">Storm warning for the coast tonight</a><strong>&nbsp;[REACTION]</strong></p>"
        let text = try Self.extract(line + "<p></p>" + links + Self.article)
        #expect(text.contains("rebuild the north quay"))
        #expect(!text.contains("Ferry strike called off"), "\(line)")
        #expect(!text.contains("MISS") && !text.contains("Related articles") && !text.contains("Read more"))
    }

    @Test func aBoldLineOfTheStorysOwnKeepsWhatFollows() throws {
        let text = try Self.extract(
            "<p><strong>The plan</strong></p><p>The quay wall is rebuilt in steel, as <a href=\"/report\">the "
                + "engineers' report</a> advised, and the <a href=\"/ferries\">ferries</a> move south.</p>")
        #expect(text.contains("The plan"))
        #expect(text.contains("engineers' report"))
    }

    /// A carousel of other stories inside the article (each slide a picture, a kicker heading, a teaser line and a
    /// link over the card), with no heading announcing it, goes whole.
    @Test func aCarouselOfStoryCardsInTheMiddleGoes() throws {
        let slides = (1...4).map { number in
            "<div class=\"rail__item swiper-slide\"><div class=\"rail__item-image\"><a href=\"/news/\(number)/story\">"
                + "<img src=\"/img/\(number).jpg\" alt=\"\"></a></div><div class=\"rail__item-content\">"
                + "<h3>KICKER \(number)</h3><span>Teaser line of story \(number) about the town's other news</span></div>"
                + "<a href=\"/news/\(number)/story\" class=\"rail__item-anchor\"></a></div>"
        }.joined()
        let text = try Self.extract("<div class=\"rail\">\(slides)</div>" + Self.article)
        #expect(text.contains("rebuild the north quay"))
        #expect(!text.contains("Teaser line of story 2"))
        #expect(!text.contains("KICKER"))
    }

    /// What a run of cards is not: a gallery's slides (a picture and a caption, no headline), and boxes that all lead
    /// to the same page.
    @Test func aGalleryAndBoxesLeadingToOnePageStay() throws {
        let gallery = (1...4).map { number in
            "<div class=\"gallery-item\"><a href=\"/quay/attachment/\(number)\"><img src=\"/q\(number).jpg\" alt=\"\"></a>"
                + "<div class=\"gallery-caption\">The quay from the east in picture \(number)</div></div>"
        }.joined()
        let sameTarget = (1...3).map { number in
            "<div class=\"step\"><h3>Step \(number) of the works</h3><p>The contractor drains the berth and drives new "
                + "piles along the old wall.</p><a href=\"/plan\">The plan</a></div>"
        }.joined()
        let extracted = try ArticleExtractor().extract(
            Array(
                ("<html><body><div class=\"story\">" + Self.article + "<div class=\"gallery\">\(gallery)</div>"
                    + "<div class=\"steps\">\(sameTarget)</div>" + Self.article + "</div></body></html>").utf8),
            url: URL(string: "https://news.example/quay"))
        #expect(extracted.html.contains("/q3.jpg"))
        #expect(extracted.text.contains("Step 2 of the works"))
    }

    /// `More … Stories` announces other stories however the site words it, in a heading or a `div` styled as one; the
    /// list after it goes even when each item is half teaser, half link.
    @Test(arguments: [
        "<div class=\"heading-h3\">More Great Harbour Stories</div>", "<h3>More games news:</h3>",
        "<h2>More Science Headlines</h2>",
    ])
    func aMoreStoriesHeadingTakesItsListWithIt(heading: String) throws {
        let list =
            "<ul>"
            + (1...5).map { "<li>Other story \($0) about the town, <a href=\"/s/\($0)\">and what it means</a></li>" }
            .joined() + "</ul>"
        let text = try Self.extract("<hr>" + heading + list)
        #expect(text.contains("rebuild the north quay"))
        #expect(!text.contains("Other story 3"), "\(heading)")
        #expect(!text.contains("More"), "\(heading)")
    }

    /// An announced run of cards that are pictures only (their titles in `alt`, lazily loaded) goes with its heading;
    /// so does a box that holds nothing but its announcing heading (the stories a script was to fill in).
    @Test func anAnnouncedRunOfPictureCardsAndAnEmptyBoxGo() throws {
        let cards = (1...3).map { number in
            "<div><a href=\"/recipes/\(number)\"><img src=\"data:image/svg+xml,%3Csvg%3E%3C/svg%3E\" "
                + "data-lazy-src=\"/r\(number).jpg\" alt=\"Recipe \(number)\"></a></div>"
        }.joined()
        let text = try Self.extract(
            "<h3>You may also like:</h3>\(cards)<p>The ferries return to the north quay in the autumn of next year.</p>"
                + "<section><h2>Recommended for you</h2><div id=\"widget\"></div></section>"
        )
        #expect(text.contains("rebuild the north quay"))
        #expect(text.contains("The ferries return to the north quay"))
        #expect(!text.contains("You may also like"))
        #expect(!text.contains("Recommended for you"))
    }

    /// Under the article: a subscription box's heading, a widget's tab names and its loading notice; a writer's bio
    /// with where to follow him, before the magazine's advertisement in a figure; an affiliate disclosure.
    @Test func closingBoxesGoPastAFigure() throws {
        let closing =
            "<p><em>Ann Writer's book about harbours is out now. Follow her on Twitter @annwriter.</em></p>"
            + "<figure><a href=\"https://shop.example/magazine\"><img src=\"/ad.png\" alt=\"\"></a><p>(Image credit: "
            + "Harbour Magazine)</p></figure>"
            + "<div class=\"vl_note\">Harbour Media may earn an Affiliate Commission if you buy through links here.</div>"
            + "<h4> Subscribe </h4><p>Sign up to our newsletter for exclusive updates</p><ul><li>Latest</li>"
            + "<li>Popular</li></ul><p>Loading content ...</p>"
        let text = try Self.extract(closing)
        #expect(text.hasSuffix("once the ferries move to the south berth."), "\(text.suffix(200))")
    }
}
