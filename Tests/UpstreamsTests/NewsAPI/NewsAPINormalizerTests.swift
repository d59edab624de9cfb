import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

@Suite struct NewsAPINormalizerTests {
    let normalizer = NewsAPINormalizer()

    func article(
        source: String? = "Example Times", author: String? = nil, title: String? = "A headline - Example Times",
        description: String? = "A summary.", url: String? = "https://news.example.com/story",
        image: String? = nil, publishedAt: String? = "2024-05-01T10:00:00Z", content: String? = nil
    ) -> NewsAPIArticle {
        NewsAPIArticle(
            sourceName: source, author: author, title: title, description: description, url: url, urlToImage: image,
            publishedAt: publishedAt, content: content)
    }

    func story(_ article: NewsAPIArticle) throws -> Story {
        try #require(normalizer.story(from: article, seenAt: testNow))
    }

    // MARK: Real samples

    @Test(.needsSharedData) func theRealUSSampleGives38Stories() throws {
        let response = try NewsAPIFixtures.response(.usTopHeadlines)
        let stories = normalizer.stories(from: response.articles, seenAt: testNow)
        #expect(stories.count == 38)
        #expect(stories[0].title == "NBA champions LA Lakers knocked out of playoffs by Phoenix Suns")
        #expect(stories[1].title == "House Democrats finally get to interview former White House counsel McGahn")
        #expect(stories.allSatisfy { !$0.title.isEmpty && !$0.summary.isEmpty && !$0.sourceName.isEmpty })
    }

    @Test(.needsSharedData) func theRealIndiaHealthSampleGives20Stories() throws {
        let response = try NewsAPIFixtures.response(.inHealthHeadlines)
        let stories = normalizer.stories(from: response.articles, seenAt: testNow)
        #expect(stories.count == 20)
        #expect(stories[0].title == "NASA steps in to help develop COVID-19 solutions")  // source "Livemint.com"
    }

    // MARK: Dropping

    @Test func dropsAStoryWithoutAUsableAbsoluteHTTPURL() {
        for url in [nil, "", "/relative/path", "ftp://files.example.com/x", "javascript:alert(1)", "https://"] {
            #expect(normalizer.story(from: article(url: url), seenAt: testNow) == nil, "\(url ?? "nil")")
        }
    }

    @Test func percentEncodesAURLThatOnlyNeedsIt() throws {
        let story = try story(article(url: "https://news.example.com/a story/café?q=a b"))
        #expect(story.url.absoluteString == "https://news.example.com/a%20story/caf%C3%A9?q=a%20b")
    }

    @Test func dropsRemovedPlaceholders() throws {
        let response = try NewsAPIFixtures.response("removed-placeholders.json")
        let stories = normalizer.stories(from: response.articles, seenAt: testNow)
        #expect(stories.map(\.title) == ["Tide pools reopen to visitors"])
    }

    @Test func collapsesDuplicateURLsFirstWins() throws {
        let response = try NewsAPIFixtures.response("duplicate-urls.json")
        let stories = normalizer.stories(from: response.articles, seenAt: testNow)
        #expect(stories.map(\.title) == ["Trail closure extended", "Snowpack above average"])
        #expect(stories[0].summary == "First copy wins.")
    }

    // MARK: Title

    @Test func removesNewsAPIsTrailingSourceName() throws {
        #expect(try story(article(title: "Big news - Example Times")).title == "Big news")
        #expect(try story(article(title: "Big news - Example Times ")).title == "Big news")
        #expect(try story(article(title: "Big news - EXAMPLE TIMES")).title == "Big news")
    }

    @Test func aTitleThatIsOnlyTheSourceNameIsReplacedByADerivedOne() throws {
        for title in ["Example Times", " - Example Times", "- example times"] {
            #expect(
                try story(article(title: title, description: "Ferries run again after the storm. More soon.")).title
                    == "Ferries run again after the storm")
        }
    }

    @Test func removesADomainStyleSourceNamesBrand() throws {
        #expect(try story(article(source: "Livemint.com", title: "Rates rise - Livemint")).title == "Rates rise")
    }

    @Test func keepsADashSuffixThatIsNotTheSourceName() throws {
        #expect(try story(article(title: "Markets rally - analysts")).title == "Markets rally - analysts")
    }

    @Test func blankTitleIsDerivedFromTheDescriptionsFirstSentence() throws {
        let derived = try story(
            article(title: "  ", description: "Rangers reopened the tide pools on Saturday. Crowds are expected."))
        #expect(derived.title == "Rangers reopened the tide pools on Saturday")
        let long = String(repeating: "word ", count: 60)
        let cut = try story(article(title: nil, description: long)).title
        #expect(cut.count <= NewsAPINormalizer.derivedTitleLimit)
        #expect(cut.hasSuffix("word…"))
    }

    @Test func titleFallsBackToTheDefault() throws {
        let story = try story(article(title: nil, description: nil, content: nil))
        #expect(story.title == "Untitled story")
        let custom = NewsAPINormalizer(defaults: StoryDefaults(title: "No headline"))
        let other = try #require(custom.story(from: article(title: "", description: ""), seenAt: testNow))
        #expect(other.title == "No headline")
    }

    @Test func titlesCarryNoMarkup() throws {
        let story = try story(article(title: "<b>Breaking:</b> &lt;script&gt;alert(1)&lt;/script&gt; rates rise"))
        #expect(story.title == "Breaking: rates rise")
    }

    // MARK: Source

    @Test func sourceIsTheNameElseTheHostElseTheDefault() throws {
        #expect(try story(article(source: "Metro Ledger")).sourceName == "Metro Ledger")
        #expect(
            try story(article(source: nil, url: "https://www.metroledger.example.com/x")).sourceName
                == "metroledger.example.com")
        #expect(
            try story(article(source: "  ", url: "https://metroledger.example.com/x")).sourceName
                == "metroledger.example.com")
    }

    @Test func sourceURLIsTheArticlesSiteRoot() throws {
        let story = try story(article(url: "https://www.metroledger.example.com:8443/news/x?y=1"))
        #expect(story.sourceURL.absoluteString == "https://www.metroledger.example.com:8443/")
    }

    // MARK: Summary and content

    @Test func summaryIsThePlainTextDescription() throws {
        let story = try story(
            article(
                description: "<p>Doctors&nbsp;say   the <a href=\"x\">new</a>\r\n test works &#8212; mostly&#x2026;</p>"
            ))
        #expect(story.summary == "Doctors say the new test works — mostly…")
    }

    @Test func summaryFallsBackToContentWithoutTheCharsMarker() throws {
        let story = try story(
            article(description: nil, content: "The council voted 7-2 on Tuesday to add lanes… [+1520 chars]"))
        #expect(story.summary == "The council voted 7-2 on Tuesday to add lanes…")
        #expect(story.content == nil)
    }

    @Test func summaryFallsBackToTheDefault() throws {
        #expect(try story(article(description: "", content: nil)).summary == "No description")
    }

    @Test func aNumberDescriptionCostsOnlyTheDescription() throws {
        let response = try NewsAPIFixtures.response("article-with-number-description.json")
        let stories = normalizer.stories(from: response.articles, seenAt: testNow)
        let story = try #require(stories.first)
        #expect(story.title == "City council approves new bike lanes")
        #expect(story.summary.hasPrefix("The council voted 7-2"))
    }

    @Test func contentIsKeptOnlyWhenItSaysMore() throws {
        let more = try story(
            article(
                description: "Ferries run again.", content: "Ferries run again. The first left at 6 a.m.… [+900 chars]")
        )
        #expect(more.content == "Ferries run again. The first left at 6 a.m.…")
        let same = try story(article(description: "Ferries run again.", content: "Ferries run again."))
        #expect(same.content == nil)
        let prefix = try story(
            article(description: "Ferries run again after the storm.", content: "Ferries run again… [+12 chars]"))
        #expect(prefix.content == nil)
    }

    @Test func contentIsCleanedOfHTML() throws {
        let story = try story(
            article(
                description: "Short.", content: "<ul><li>First point</li><li>Second point</li></ul><script>x()</script>"
            ))
        #expect(story.content == "First point\nSecond point")
    }

    // MARK: Author

    @Test func authorIsCleanedOrDropped() throws {
        #expect(try story(article(author: " Jon Porter ")).author == "Jon Porter")
        #expect(try story(article(author: "<a href=\"/x\">Ann Lee</a>")).author == "Ann Lee")
        #expect(try story(article(author: "")).author == nil)
        #expect(try story(article(author: nil)).author == nil)
        #expect(try story(article(author: "https://www.engadget.com/about/editors/mariella-moon")).author == nil)
        #expect(try story(article(author: "- Mendoza Today")).author == nil)
        #expect(try story(article(author: "(Staff)")).author == nil)
    }

    // MARK: Image

    @Test func imageComesFromURLToImageWithTypeAndUnknownLength() throws {
        let story = try story(article(image: "https://img.example.com/photos/pool.PNG"))
        let image = try #require(story.image)
        #expect(
            image
                == StoryImage(
                    url: try #require(URL(string: "https://img.example.com/photos/pool.PNG")), mimeType: "image/png",
                    length: 0))
        #expect(story.originalImageURL == image.url)
    }

    @Test func protocolRelativeImageBecomesHTTPS() throws {
        let story = try story(article(image: "//cdn.example.com/a.webp"))
        #expect(story.image?.url.absoluteString == "https://cdn.example.com/a.webp")
        #expect(story.image?.mimeType == "image/webp")
    }

    @Test func unusableImageMeansNoImageAndNoDefaultHere() throws {
        for image in [nil, "", "/relative.jpg", "data:image/png;base64,AAAA", "ftp://x.example.com/a.jpg"] {
            let story = try story(article(image: image))
            #expect(story.image == nil && story.originalImageURL == nil, "\(image ?? "nil")")
        }
    }

    // MARK: Dates

    @Test func publishedAtParsesNewsAPIForms() throws {
        #expect(
            try story(article(publishedAt: "2021-06-04T12:22:00Z")).publishedAt
                == Date(timeIntervalSince1970: 1_622_809_320))
        #expect(
            try story(article(publishedAt: "2021-06-04T12:22:00+00:00")).publishedAt
                == Date(timeIntervalSince1970: 1_622_809_320))
        let fractional = try #require(try story(article(publishedAt: "2023-10-12T15:37:18.5821493Z")).publishedAt)
        #expect(abs(fractional.timeIntervalSince1970 - 1_697_125_038.5821493) < 0.001)
    }

    @Test func implausibleDatesFallBackToFirstSeen() throws {
        for date in [nil, "yesterday", "1970-01-01T00:00:00Z", "1989-12-31T23:59:59Z", "2024-05-02T13:00:00Z"] {
            let story = try story(article(publishedAt: date))
            #expect(story.publishedAt == nil, "\(date ?? "nil")")
            #expect(story.displayDate == testNow)
        }
        // A few minutes ahead is clock skew, not the future.
        #expect(try story(article(publishedAt: "2024-05-02T12:03:00Z")).publishedAt != nil)
    }

    @Test func firstSeenIsNow() throws {
        #expect(try story(article()).firstSeen == testNow)
    }

    // MARK: XML safety

    @Test func everyTextIsFreeOfXMLForbiddenCharacters() throws {
        let dirty = "Bad\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{FFFE}\u{FFFF} text&#1;"
        let story = try story(
            article(
                source: "Src\u{7}", author: "Ann\u{1B} Lee", title: dirty, description: dirty, content: dirty + " more")
        )
        let texts = [story.title, story.summary, story.sourceName, story.author ?? "", story.content ?? ""]
        for text in texts {
            #expect(
                !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0xFFFE || $0.value == 0xFFFF }, "\(text)"
            )
            #expect(!text.contains("<") && !text.contains(">"))
        }
        #expect(story.title == "Bad text")
    }

    /// Case is ignored the way `lowercased()` ignores it, beyond ASCII too (İ lowercases to two scalars).
    @Test func contentComparisonIgnoresCaseBeyondASCII() {
        #expect(!NewsAPINormalizer.saysMore("ÉTÉ À İSTANBUL…", than: "Été à İstanbul, ferries run again."))
        #expect(NewsAPINormalizer.saysMore("Été à Ankara", than: "Été à İstanbul"))
        #expect(
            NewsAPINormalizer.removingSourceSuffix(from: "Ferries run  - BBC News", sourceName: "bbc news")
                == "Ferries run")
        #expect(
            NewsAPINormalizer.removingSourceSuffix(from: "Ferries run\u{A0} - BBC", sourceName: "BBC") == "Ferries run")
    }
}
