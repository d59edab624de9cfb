import Foundation
import Testing

@testable import Articles

/// Site rules applied to pages (issue 28, point 11): XPath through libxml2, the rule before the automatic path.
@Suite struct SiteRuleExtractionTests {
    /// A page whose long "about me" sidebar wins the automatic extraction over its short story.
    static let page = """
        <html><head><title>The Daily | A headline</title>
        <meta property="article:published_time" content="2020-01-01T00:00:00Z"><meta name="author" content="Meta Name">
        </head><body>
        <div class="sidebar"><p>About me: I write a great many words about many things, and this sidebar is long
        enough to interest a scorer, with commas, and more commas, and words, and yet more words.</p>
        <p>More about me, with words, commas, and so on, so that it wins, as the scorer likes it.</p></div>
        <h1 class="headline">The bridge will be repaired</h1><span class="who">Ann Writer</span>
        <span class="who">Bo Editor</span><time datetime="2021-03-04T05:06:07Z">4 March</time>
        <div class="story-text"><p>The council agreed on Tuesday to repair the bridge.</p>
        <div class="promo box">Subscribe now for one euro!</div><img src="/tracker.gif?id=1"><img src="/photo.jpg">
        <p class="note">Related: the old ferry</p></div>
        <p>Between the parts.</p>
        <div class="story-more"><p>The work starts in May and costs four million.</p></div>
        <a class="pager-next" href="/story?page=2">Next</a> <a class="print" href="print/story">Print</a>
        </body></html>
        """

    func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    func extract(
        _ page: String = Self.page, rules: [String: String], url: String? = "https://www.example.com/story"
    ) throws -> (Article, ExtractionReport) {
        let rulesFolder = try folder(rules)
        defer { try? FileManager.default.removeItem(at: rulesFolder) }
        var extractor = ArticleExtractor()
        extractor.siteRules = SiteRuleFolder(folder: rulesFolder)
        var report = ExtractionReport()
        let article = try extractor.extract(
            Array(page.utf8), url: url.flatMap(URL.init(string:)), contentType: nil, report: &report)
        return (article, report)
    }

    @Test func withoutARuleTheSidebarWinsWhichIsWhyRulesExist() throws {
        let (article, report) = try extract(rules: [:])
        #expect(article.text.hasPrefix("About me"))
        #expect(report.rule == nil && report.missedRule == nil)
        #expect(report.explanation.hasPrefix("automatic: scored candidates"))
    }

    @Test func theFirstBodyLineThatSelectsAnythingWinsAndItsNodesAreJoined() throws {
        let rule = """
            body: //div[@id='not-on-this-page']
            body: //div[@class='story-text'] | //div[@class='story-more']
            body: //div[@class='sidebar']
            """
        let (article, report) = try extract(rules: ["example.com.txt": rule])
        #expect(report.rule == "example.com.txt")
        #expect(report.explanation == "site rule example.com.txt")
        #expect(article.text.hasPrefix("The council agreed on Tuesday to repair the bridge."))
        #expect(article.text.hasSuffix("The work starts in May and costs four million."))
        #expect(!article.text.contains("About me"))
        #expect(!article.text.contains("Between the parts"), "only the selected nodes")
    }

    @Test func titleAuthorsAndDateOfTheRuleWinOverTheMetadata() throws {
        let rule = """
            title: //h1[@class='headline']
            author: //span[@class='who']
            date: //time/@datetime
            body: //div[@class='story-text']
            """
        let (article, _) = try extract(rules: ["example.com.txt": rule])
        #expect(article.title == "The bridge will be repaired")
        #expect(article.byline == "Ann Writer, Bo Editor")
        #expect(article.published.map(PublishedDate.rfc3339) == "2021-03-04T05:06:07Z")
    }

    @Test func stripStripIdOrClassAndStripImageSrcRemoveTheirNodes() throws {
        let keep = "body: //div[@class='story-text']\nprune: no"
        let (before, _) = try extract(rules: ["example.com.txt": keep])
        #expect(before.text.contains("Subscribe now") && before.text.contains("Related: the old ferry"))
        #expect(before.html.contains("tracker.gif"))
        let rule = keep + "\nstrip: //p[@class='note']\nstrip_id_or_class: promo\nstrip_image_src: tracker.gif"
        let (article, _) = try extract(rules: ["example.com.txt": rule])
        #expect(!article.text.contains("Subscribe now"), "class promo among others")
        #expect(!article.text.contains("Related: the old ferry"))
        #expect(!article.html.contains("tracker.gif"))
        #expect(article.html.contains("https://www.example.com/photo.jpg"))
    }

    @Test func pruneCleansTheBodyAsTheAutomaticPathDoesAndPruneNoKeepsItWhole() throws {
        let page = """
            <html><body><div id="story"><p>The council agreed on Tuesday to repair the bridge over the river.</p>
            <div class="more"><a href="/a">Other story one</a> <a href="/b">Other story two</a>
            <a href="/c">Other story three</a> <a href="/d">Other story four</a></div>
            <p>The work starts in May and costs four million, the mayor said.</p></div></body></html>
            """
        let (pruned, _) = try extract(page, rules: ["example.com.txt": "body: //div[@id='story']"])
        #expect(!pruned.text.contains("Other story"))
        let (whole, _) = try extract(page, rules: ["example.com.txt": "body: //div[@id='story']\nprune: no"])
        #expect(whole.text.contains("Other story one"))
    }

    @Test func aRuleWhoseBodyMatchesNothingFallsBackToTheAutomaticPathAndSaysSo() throws {
        let (article, report) = try extract(rules: ["example.com.txt": "body: //article[@id='main']"])
        #expect(report.rule == nil)
        #expect(report.missedRule == "example.com.txt")
        #expect(article.text.hasPrefix("About me"))
        #expect(report.explanation.hasPrefix("automatic: scored candidates"))
        #expect(report.explanation.hasSuffix("; site rule example.com.txt matched nothing"))
    }

    @Test func aBodyOfNothingButWhitespaceYieldsNothing() throws {
        let page =
            "<html><body><div id='story'>  </div><article><p>The real text of the page.</p></article></body></html>"
        let (article, report) = try extract(page, rules: ["example.com.txt": "body: //div[@id='story']"])
        #expect(report.missedRule == "example.com.txt")
        #expect(article.text == "The real text of the page.")
    }

    @Test func aRuleWithoutBodyStripsBeforeTheAutomaticPath() throws {
        let (article, report) = try extract(rules: ["example.com.txt": "strip: //div[@class='sidebar']"])
        #expect(report.strippedBy == "example.com.txt" && report.missedRule == nil)
        #expect(!article.text.contains("About me"))
        #expect(article.text.contains("The council agreed"))
    }

    @Test func anXPathLibxml2CannotReadSelectsNothing() throws {
        let rule = "body: //div[@class='story-text'\nbody: ///\nbody: //div[@class='story-more']"
        let (article, report) = try extract(rules: ["example.com.txt": rule])
        #expect(report.rule == "example.com.txt")
        #expect(article.text == "The work starts in May and costs four million.")
    }

    @Test func nextAndSinglePageLinksAreMadeAbsolute() throws {
        let rule = """
            body: //div[@class='story-text']
            next_page_link: //a[@class='pager-next']
            single_page_link: //a[@class='print']/@href
            """
        let (_, report) = try extract(rules: ["example.com.txt": rule])
        #expect(report.nextPage?.absoluteString == "https://www.example.com/story?page=2")
        #expect(report.singlePage?.absoluteString == "https://www.example.com/print/story")
    }

    @Test func aStringXPathGivesTheTitle() throws {
        let rule = "title: concat('Now: ', string(//h1))\nbody: //div[@class='story-more']"
        let (article, _) = try extract(rules: ["example.com.txt": rule])
        #expect(article.title == "Now: The bridge will be repaired")
    }

    @Test func aSavedPageWithoutAnAddressHasNoRule() throws {
        let (article, report) = try extract(rules: ["example.com.txt": "body: //div[@class='story-more']"], url: nil)
        #expect(report.rule == nil && report.missedRule == nil)
        #expect(article.text.hasPrefix("About me"))
    }

    @Test func aDottedParentFileCoversSubdomains() throws {
        let (article, report) = try extract(
            rules: [".example.com.txt": "body: //div[@class='story-more']"], url: "https://news.example.com/a")
        #expect(report.rule == ".example.com.txt")
        #expect(article.text == "The work starts in May and costs four million.")
    }
}
