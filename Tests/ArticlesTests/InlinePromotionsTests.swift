import Articles
import Foundation
import Testing

/// The page's promotions inside an article are not the article (issue 28, point 1): teasers of other stories
/// marked up as `<article>`s, paragraphs that are only a link to another story, lead-ins to one, gallery counters,
/// and the closing lines about the site or the writer. The article's own links, lists and last words stay.
@Suite struct InlinePromotionsTests {
    static let paragraph =
        "<p>The harbour board voted on Monday to rebuild the north quay, which storms damaged last winter, "
        + "and work will start in the spring once the ferries move to the south berth.</p>"
    static let closing =
        "<p>The ferries return to the north quay in the autumn of next year, when the new wall is finished.</p>"

    static func extract(_ article: String) throws -> String {
        let page = """
            <html><head><title>Board votes to rebuild the north quay</title></head><body>
            <nav class="menu"><a href="/">Home</a> <a href="/news">News</a></nav>
            <div class="story"><h1>Board votes to rebuild the north quay</h1>\(article)</div>
            </body></html>
            """
        return try ArticleExtractor().extract(Array(page.utf8), url: URL(string: "https://news.example/quay")).text
    }

    static func story(with inserted: String) -> String {
        String(repeating: paragraph, count: 3) + inserted + String(repeating: paragraph, count: 2) + closing
    }

    @Test(arguments: [
        "<p><a href=\"/business/founder\">CO-FOUNDER 'PROUD' OF EMPLOYEES LIVING THEIR DREAM</a></p>",
        "<p><strong><a href=\"/app\">CLICK HERE TO GET THE NEWS APP</a></strong></p>",
        "<p><a href=\"/space/europa\">NASA mission could spot signs of life on Europa</a></p>",
        "<p>[<a href=\"/bardo\">Museum houses amazing Roman treasures</a>]</p>",
    ])
    func aParagraphThatIsOnlyALinkToAnotherStoryGoes(promotion: String) throws {
        try Self.expectGone(promotion, ["PROUD", "NEWS APP", "Europa", "Roman treasures"])
    }

    /// The story with `inserted` in its middle keeps its own paragraphs and none of `words`.
    static func expectGone(_ inserted: String, _ words: [String]) throws {
        let text = try extract(story(with: inserted))
        #expect(text.contains("rebuild the north quay"))
        #expect(text.contains("when the new wall is finished"))
        for word in words { #expect(!text.contains(word), "\(inserted)") }
    }

    @Test(arguments: [
        "<p>Related: <a href=\"/chicago\">Chicago is the most segregated city</a></p>",
        "<p>READ MORE: <a href=\"/plague\">Plague outbreak confirmed in the capital</a></p>",
        "<p>Lire aussi : <a href=\"/cnil\">Les critiques de la CNIL contre le projet de loi</a></p>",
        "<p><strong>Leggi anche</strong> <a href=\"/attori\">Ecco gli attori che interpreteranno Pegasus</a></p>",
        "<p><b>More:</b> <a href=\"/talks\">China invites officials for two-day talks</a></p>",
        "<p>SEE MORE | <a href=\"/siege\">Students under siege in the university</a></p>",
        "<h3>Related post: <a href=\"/pickles\">Pickled Brussels Sprouts Recipe</a></h3>",
    ])
    func aLeadInToAnotherStoryGoes(promotion: String) throws {
        try Self.expectGone(
            promotion,
            [
                "segregated", "Plague", "CNIL", "Pegasus", "two-day talks", "under siege", "Pickled",
            ])
    }

    @Test(arguments: ["Image 1 of 8", "Photo 3 / 12", "1 of 5", "Image 1 of / 8", "Foto 2 von 9", "Slide 4 of 10"])
    func aGalleryCounterGoes(counter: String) throws {
        try Self.expectGone("<p>\(counter)</p>", [counter])
    }

    /// What the rules above must not take: prose with a link in it, a sentence that starts with a number, a
    /// heading or list item that is a link (the article's own sources), a lead-in without a link.
    @Test func theArticlesOwnLinksAndNumbersStay() throws {
        let own = [
            "<p>The board said <a href=\"/statement\">in a statement</a> that the work will cost four million.</p>",
            "<p>1 of 5 voters in the town said the quay mattered more than the new road.</p>", "<p>2019 2020</p>",
            "<h2><a href=\"#costs\">What the quay will cost</a></h2>",
            "<ul><li><a href=\"/report\">The engineers' report on the north quay</a></li>"
                + "<li><a href=\"/minutes\">Minutes of Monday's board meeting</a></li></ul>",
            "<p>Related: the south berth will also get new bollards before the ferries move.</p>",
            "<p><a href=\"/reader\">Read the board's whole decision here</a>, with its annexes.</p>",
        ]
        let text = try Self.extract(Self.story(with: own.joined()))
        for phrase in [
            "in a statement", "1 of 5 voters", "2019 2020", "What the quay will cost", "The engineers' report",
            "Minutes of Monday's", "Related: the south berth", "with its annexes",
        ] {
            #expect(text.contains(phrase), "\(phrase)")
        }
    }

    static func teaser(_ number: Int, shape: String) -> String {
        switch shape {
        case "excerpt":
            return "<article class=\"post\"><p>Other story \(number) about the council's budget and what it "
                + "means for the town's schools and\u{2026}</p></article>"
        case "picture":
            return "<article class=\"post\"><a href=\"/story-\(number)\"><img src=\"/\(number).jpg\" alt=\"\"></a>"
                + "<p>Other story \(number) about the council's budget and the schools.</p></article>"
        default:
            return "<article class=\"card\"><h3><a href=\"/story-\(number)\">Other story \(number) about the "
                + "council</a></h3><p>What the budget means for the town's schools, its harbour, its roads and the ferries "
                + "that serve the islands, in the words of the council's treasurer.</p></article>"
        }
    }

    @Test(arguments: ["excerpt", "picture", "headline"])
    func teasersOfOtherStoriesInsideTheArticleGo(shape: String) throws {
        let teasers = (1...6).map { Self.teaser($0, shape: shape) }.joined()
        let article =
            "<article class=\"post\"><div class=\"entry\">\(String(repeating: Self.paragraph, count: 4))</div>"
            + "\(teasers)</article>"
        let text = try Self.extract(article)
        #expect(text.contains("rebuild the north quay"))
        #expect(!text.contains("Other story 3"), "\(shape)")
    }

    @Test func aLiveBlogsEntriesAndASectionFrontStayWhole() throws {
        let entries = (1...8).map { number in
            "<article class=\"entry\"><h3>\(number):00</h3><p>Update \(number): the board is still debating the "
                + "north quay, and the harbour master has asked to speak before the vote, said our reporter.</p>"
                + "</article>"
        }.joined()
        #expect(try Self.extract(entries).contains("Update 7"))
        let front = (1...8).map { Self.teaser($0, shape: "headline") }.joined()
        #expect(try Self.extract(front).contains("Other story 7"))
    }

    @Test(arguments: [
        "<p>Have a tip? Ann Example may be reached at ann@news.example. Follow her on Twitter @annexample.</p>",
        "<p>Email the reporter at reporter@news.example.</p>",
        "<p>Get the latest updates right in your inbox. Sign up for our newsletters.</p>",
        "<p>This post may contain affiliate links. Please see my disclosure page.</p>",
        "<p>Join our forums to keep talking about the harbour, and tell us what you think.</p>",
        "<p>Citation: Board votes to rebuild the quay (2019, November 18) retrieved 20 November 2019.</p>",
        "<p>Tell us what YOU think...</p><p>comments</p>",
        "<p>Get Harbour Monthly delivered every month. Click here for more information.</p><p>Advert</p>",
        "<p>Follow @harbournews on Twitter for the latest deals.</p>",
        "<p>ATENÇÃO: Comentários ofensivos não serão aprovados pelo moderador.</p>",
        "<p>Tags: harbour, north quay, ferries</p>",
        "<p>Tags</p><p><a href=\"/t/harbour\">harbour</a>, <a href=\"/t/quay\">north quay</a>, "
            + "<a href=\"/t/ferries\">ferries</a></p>",
        "<h3>You may also like</h3><p>Sign up to our newsletter for exclusive updates</p>",
    ])
    func closingLinesAboutTheSiteOrTheWriterGo(line: String) throws {
        let text = try Self.extract(String(repeating: Self.paragraph, count: 4) + Self.closing + line)
        #expect(text.contains("when the new wall is finished"), "\(line)")
        for word in [
            "Have a tip", "Email the reporter", "newsletter", "affiliate", "Join our", "Citation", "YOU think",
            "comments", "Click here", "Advert", "@harbournews", "moderador", "Tags", "ferries,", "may also like",
        ] {
            #expect(!text.contains(word), "\(line)")
        }
    }

    /// A sentence in Japanese is one "word" between spaces: as the last block it is the story's, not a leftover.
    @Test func aLastSentenceWithoutSpacesStays() throws {
        let sentence = "<p>これでようやく元の操作性を取り戻せました</p>"
        let text = try Self.extract(String(repeating: Self.paragraph, count: 4) + sentence)
        #expect(text.contains("これでようやく元の操作性を取り戻せました"))
    }

    /// A page of a few words has no furniture: its last word and its last heading stay.
    @Test func aShortPageKeepsItsLastWords() throws {
        let page = """
            <html><body><div><p>abc</p><p>def</p><h2>Secondary header</h2><p>ghi</p></div></body></html>
            """
        let text = try ArticleExtractor().extract(Array(page.utf8), url: URL(string: "https://news.example/"))
            .text
        #expect(text.contains("abc") && text.contains("ghi") && text.contains("Secondary header"))
    }

    @Test(arguments: [
        "<p>This slideshow requires JavaScript.</p>", "<p>Please enable JavaScript to view the gallery.</p>",
        "<p>Your browser does not support the video tag.</p>",
    ])
    func whatAPageSaysToABrowserWithoutScriptsGoes(notice: String) throws {
        try Self.expectGone(notice, ["JavaScript", "does not support"])
    }

    @Test func proseAboutJavaScriptStays() throws {
        let prose =
            "<p>The harbour's new booking site requires JavaScript, which the board's older computers cannot run, "
            + "so the office will keep taking bookings by telephone until the spring.</p>"
        let text = try Self.extract(Self.story(with: prose))
        #expect(text.contains("booking site requires JavaScript"))
    }

    /// A card shown when a name is hovered (`tooltip`, `popover`, `hovercard`, a rollover block) is hidden in the
    /// page: its teasers are not the sentence's. The name stays.
    @Test(arguments: ["tooltip", "popover", "hovercard", "rollover-block"])
    func aHoverCardInsideASentenceGoes(name: String) throws {
        let sentence =
            "<p>The plan was put to the board by <span class=\"person\"><a href=\"/people/ann\">Ann Example</a>"
            + "<span class=\"\(name)\"><a href=\"/story-9\">Other story nine about the council's budget</a></span>"
            + "</span>, who chairs the harbour committee and has argued for the north quay since the storm.</p>"
        let text = try Self.extract(Self.story(with: sentence))
        #expect(text.contains("Ann Example"), "\(name)")
        #expect(!text.contains("Other story nine"), "\(name)")
    }

    @Test func theStorysOwnLastWordsStay() throws {
        // A last paragraph that mentions Twitter or a newsletter in its story, a long one with an address, and a
        // closing line before the story's end.
        let story = [
            "<p>The mayor announced the vote on Twitter on Monday night.</p>",
            "<p>Follow us on Twitter for the harbour's news.</p>",
            "<p>The board's newsletter, sent to every household, will carry the plans; residents can write to "
                + "quay@harbour.example with questions until the end of the month, and the board promised to answer "
                + "every letter in public at its next meeting, which is open to everyone and will be held in the "
                + "town hall on the first Monday of March, as every year since the harbour board was founded.</p>",
        ]
        let text = try Self.extract(String(repeating: Self.paragraph, count: 4) + story.joined())
        #expect(text.contains("announced the vote on Twitter"))
        #expect(text.contains("Follow us on Twitter"))
        #expect(text.contains("quay@harbour.example"))
    }

    /// A gallery's captions are marked as such outside any `<figure>`: however long, they are not the article's
    /// prose. A caption in a figure stays with its picture.
    @Test func captionsOutsideFiguresGoWhateverTheirLength() throws {
        let caption =
            "U.S. and Vietnamese defence ministers shake hands in Hanoi on Wednesday, Nov. 20, 2019. The secretary is "
            + "on a visit to strengthen the military relations with the Southeast Asian nation, his third this year, "
            + "and will travel on to the Philippines on Thursday."
        let gallery =
            "<div class=\"gallery\"><ul><li><img src=\"/1.jpg\" alt=\"\"><div class=\"caption-full\">\(caption)"
            + "</div></li></ul></div>"
        let figure =
            "<figure><img src=\"/2.jpg\" alt=\"\"><figcaption>The north quay after the storm.</figcaption></figure>"
        let text = try Self.extract(gallery + figure + Self.story(with: ""))
        #expect(!text.contains("military relations"))
        #expect(text.contains("rebuild the north quay"))
        let html = try ArticleExtractor().extract(
            Array(("<html><body><div class=\"story\">" + figure + Self.story(with: "") + "</div></body></html>").utf8),
            url: URL(string: "https://news.example/quay")
        ).html
        #expect(html.contains("The north quay after the storm."))
    }

    /// A blog engine's shortcode left unrendered as a whole paragraph is markup, not prose.
    @Test(arguments: [
        "<p>[button link=\u{201D}https://bikes.example/review\u{201D} type=\u{201D}big\u{201D}] Send us YOUR kit review[/button]</p>",
        "<p>[gallery ids=\"12,13,14\" columns=\"3\"]</p>", "<p>[/caption]</p>",
        "<p>[vc_row][vc_column width=\"1/2\"]Tickets on sale now[/vc_row]</p>",
    ])
    func anUnrenderedShortcodeGoes(shortcode: String) throws {
        try Self.expectGone(shortcode, ["kit review", "gallery", "caption", "Tickets"])
    }

    /// Brackets that are text: a photo credit in another script, a note's number, an editor's insertion.
    @Test func bracketsThatAreTextStay() throws {
        let own = ["[사진=JTBC, 이매진아시아]", "[1]", "[The harbour master declined to comment on the plan before the vote.]"]
        let text = try Self.extract(Self.story(with: own.map { "<p>\($0)</p>" }.joined()))
        for line in own { #expect(text.contains(line), "\(line)") }
    }

    /// A site's copyright and address box that ended up inside the article's container goes; a copyright sentence
    /// in the story's own paragraph stays.
    @Test func theSitesCopyrightBoxGoes() throws {
        let box =
            "<div class=\"region region-copyright\"><p>The Harbour Times 12 Quay Street, Suite 9 | 555-0100 tel</p>"
            + "<p>The contents of this site are \u{00A9}2019 Harbour Publishing Corp.</p></div>"
        let own =
            "<p>The board holds the copyright of the plans, which it will publish once the vote has been held.</p>"
        let text = try Self.extract(Self.story(with: own) + box)
        #expect(!text.contains("Harbour Publishing Corp"))
        #expect(text.contains("holds the copyright of the plans"))
    }
}
