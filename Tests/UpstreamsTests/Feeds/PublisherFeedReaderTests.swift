import Foundation
import NewsModel
import Testing
import Upstreams

@Suite struct PublisherFeedReaderTests {
    let feedURL = URL(string: "https://gazette.example/rss.xml") ?? URL(filePath: "/")
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func read(_ text: String, url: URL? = nil) throws -> PublisherFeed {
        try PublisherFeedReader.read(Data(text.utf8), url: url ?? feedURL)
    }

    @Test func readsRSS20ChannelAndItemFields() throws {
        let feed = try read(FeedFixtures.rss20WithPodcastAndMedia)
        #expect(feed.format == .rss)
        #expect(feed.title == "The Harbour Gazette")
        #expect(feed.link?.absoluteString == "https://gazette.example/")
        #expect(feed.language == "en-gb")
        #expect(feed.image?.absoluteString == "https://gazette.example/logo.png")
        #expect(feed.items.count == 6)
        let first = feed.items[0]
        #expect(first.title == "Ferry & tug collide\u{A0}in fog")
        #expect(first.link?.absoluteString == "https://gazette.example/news/ferry")
        #expect(first.id == "gazette-1")
        #expect(first.authors == ["Ann Writer"])
        #expect(first.categories == ["Harbour"])
        #expect(first.published?.timeIntervalSince1970 == 1_622_809_320)
        #expect(first.image?.absoluteString == "https://gazette.example/img/ferry.jpg")
        #expect(
            first.enclosures == [
                PublisherFeedEnclosure(
                    url: URL(string: "https://gazette.example/audio/ferry.mp3")!, type: "audio/mpeg", length: 12345)
            ])
        #expect(feed.items[5].image?.absoluteString == "https://gazette.example/ep1.jpg")
    }

    @Test func readsRSS10AndRSS090() throws {
        let rdf = try read(FeedFixtures.rss10RDF)
        #expect(rdf.format == .rdf)
        #expect(rdf.title == "RDF Times")
        #expect(rdf.items.map(\.title) == ["First RDF item"])
        #expect(rdf.items.first?.id == "https://rdf.example/a")
        #expect(rdf.items.first?.authors == ["Rita"])
        #expect(rdf.items.first?.published?.timeIntervalSince1970 == 1_622_809_320)
        let old = try read(FeedFixtures.rss090)
        #expect(old.items.map(\.link?.absoluteString) == ["https://old.example/1"])
    }

    @Test func readsAtom10ResolvingXMLBase() throws {
        let feed = try read(FeedFixtures.atom10WithXMLBase, url: URL(string: "https://atom.example/feed.atom")!)
        #expect(feed.format == .atom)
        #expect(feed.title == "Atom Blog")
        #expect(feed.link?.absoluteString == "https://atom.example/")
        #expect(feed.language == "de")
        let entry = try #require(feed.items.first)
        #expect(entry.link?.absoluteString == "https://atom.example/blog/posts/hello.html")
        #expect(entry.enclosures.first?.url.absoluteString == "https://atom.example/v/hello.mp4")
        #expect(entry.enclosures.first?.type == "video/mp4")
        #expect(entry.title == "Hello <em>world</em>")
        #expect(entry.authors == ["Bea"])
        #expect(entry.categories == ["Life"])
        #expect(entry.published?.timeIntervalSince1970 == 1_622_793_600)
        // xhtml content is its markup, links resolved against xml:base.
        #expect(
            entry.content?.contains("A longer <a href=\"https://atom.example/blog/posts/more.html\">text</a>") == true)
    }

    @Test func readsAtom03() throws {
        let feed = try read(FeedFixtures.atom03)
        #expect(feed.description == "0.3 it is")
        #expect(feed.items.first?.link?.absoluteString == "https://atom03.example/1")
        #expect(feed.items.first?.published?.timeIntervalSince1970 == 1_072_915_200)
    }

    @Test func readsJSONFeed11() throws {
        let feed = try read(FeedFixtures.jsonFeed11, url: URL(string: "https://json.example/feed.json")!)
        #expect(feed.format == .jsonFeed)
        #expect(feed.language == "fr")
        #expect(feed.items.count == 2)
        #expect(feed.items[0].image?.absoluteString == "https://json.example/img/1.jpg")
        #expect(feed.items[0].enclosures.first?.length == 42)
        #expect(feed.items[0].authors == ["Feed Author"])
        #expect(feed.items[1].id == "2")
        #expect(feed.items[1].content == "Only text, no title")
    }

    @Test func jsonFeedWithWronglyTypedFieldsKeepsWhatIsRight() throws {
        let feed = try read(FeedFixtures.jsonFeedWronglyTyped)
        #expect(feed.title == nil)
        #expect(feed.link == nil)
        #expect(feed.items.count == 2)
        #expect(feed.items[0].link == nil && feed.items[0].id == nil && feed.items[0].title == nil)
        #expect(feed.items[1].title == "Typed right")
        #expect(feed.items[1].categories == ["news"])
        #expect(feed.items[1].published == nil)
    }

    @Test func jsonFeedIdsGivenAsNumbersAndSizesWithExponentsAreRead() throws {
        let feed = try read(
            """
            {"version": "https://jsonfeed.org/version/1.1", "items": [
              {"id": 42, "url": "https://json.example/42", "attachments": [
                {"url": "https://json.example/a.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 1.5e6}]},
              {"id": 4.5, "url": "https://json.example/45"},
              {"id": true, "url": "https://json.example/yes"}]}
            """)
        #expect(feed.items.map(\.id) == ["42", "4.5", nil])
        #expect(feed.items[0].enclosures.first?.length == 1_500_000)
    }

    @Test func jsonFeedBytesThatAreNotUTF8ReadAsReplacementCharacters() throws {
        var bytes = Data(#"{"items": [{"id": "1", "url": "https://json.example/1", "title": "bad "#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Data(#" here"}]}"#.utf8)
        let feed = try PublisherFeedReader.read(bytes, url: feedURL)
        #expect(feed.items.first?.title == "bad \u{FFFD}\u{FFFD} here")
    }

    @Test func jsonFeedWithATrailingCommaIsStillRead() throws {
        let feed = try read(
            #"{"version": "https://jsonfeed.org/version/1", "items": [{"id": "1", "url": "https://json.example/1"},]}"#)
        #expect(feed.items.map(\.id) == ["1"])
    }

    @Test func jsonThatIsNoFeedIsRefusedWithItsCause() {
        for text in [#"[1, 2, 3]"#, #"{"items": {"id": 1}}"#, #"{"items": [1,"#] {
            #expect(throws: PublisherFeedError.notAFeed("JSON that is no JSON Feed (no \"items\" array)")) {
                try read(text)
            }
        }
    }

    @Test func anHTMLPageIsNotAFeedAndNamesTheFeedItLinks() {
        #expect(throws: PublisherFeedError.notAFeed("an HTML page; it links the feed https://gazette.example/rss.xml"))
        {
            try read(FeedFixtures.htmlPageWithFeedLink, url: URL(string: "https://gazette.example/")!)
        }
        let message = PublisherFeedError.notAFeed("an HTML page; it links the feed https://gazette.example/rss.xml")
            .description
        #expect(message == "not a feed: an HTML page; it links the feed https://gazette.example/rss.xml")
    }

    @Test func otherBodiesThatAreNoFeedSayWhy() {
        #expect(throws: PublisherFeedError.notAFeed("the body is empty")) { try read("  \n") }
        #expect(throws: PublisherFeedError.self) { try read("<opml version=\"2.0\"><body/></opml>") }
        #expect(throws: PublisherFeedError.self) { try read("{\"hello\": 1}") }
    }

    @Test func anExternalEntityIsNeverLoaded() throws {
        let feed = try read(FeedFixtures.externalEntityToPasswd)
        let item = try #require(feed.items.first)
        #expect(item.title?.contains("root:") == false)
        #expect(item.summary?.contains("root:") != true)
        #expect(item.link?.absoluteString == "https://xxe.example/1")
    }

    @Test func aBillionLaughsDTDIsNeverExpanded() throws {
        let feed = try read(FeedFixtures.billionLaughs)
        let item = try #require(feed.items.first)
        #expect((item.title ?? "").count < 100)
        #expect(item.link?.absoluteString == "https://lol.example/1")
    }

    @Test func brokenMarkupIsRecovered() throws {
        let feed = try read(FeedFixtures.brokenMarkupStrayAmpersandUnclosed)
        #expect(feed.title == "Tom & Jerry")
        let item = try #require(feed.items.first)
        #expect(item.title == "Cats & dogs © 2021")
        #expect(item.link?.absoluteString == "https://broken.example/1?a=1&b=2")
    }

    @Test func windows1251DeclaredAsUTF8SurvivesTheWrongDeclaration() throws {
        let feed = try PublisherFeedReader.read(FeedFixtures.windows1251DeclaredUTF8, url: feedURL)
        #expect(feed.items.count == 1)
        #expect(feed.items.first?.link?.absoluteString == "https://cp1251.example/1")
        #expect(feed.title?.isEmpty == false)
    }

    @Test func theHTTPCharsetWinsOverTheDeclaration() throws {
        let feed = try PublisherFeedReader.read(
            FeedFixtures.windows1251ByHTTPCharset, url: feedURL, httpCharset: "windows-1251")
        #expect(feed.title == "Новости")
    }

    @Test func utf16WithAByteOrderMarkIsRead() throws {
        let feed = try PublisherFeedReader.read(FeedFixtures.utf16WithBOM, url: feedURL)
        #expect(feed.title == "Zwölf Brücken")
        #expect(feed.items.first?.title == "Grüße")
    }
}

@Suite struct PublisherFeedNormalizerTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func itemsBecomePlainStoriesAndUnlinkedOnesAreDroppedAndCounted() throws {
        let url = URL(string: "https://gazette.example/rss.xml")!
        let feed = try PublisherFeedReader.read(Data(FeedFixtures.rss20WithPodcastAndMedia.utf8), url: url)
        let result = PublisherFeedNormalizer().stories(from: feed, feedURL: url, seenAt: now)
        #expect(result.dropped == 1)
        #expect(result.repeated == 1)
        #expect(
            result.stories.map(\.url.absoluteString) == [
                "https://gazette.example/news/ferry", "https://gazette.example/news/guid-link",
                "https://gazette.example/news/repeat", "https://gazette.example/ep/1",
            ])
        let first = result.stories[0]
        #expect(first.title == "Ferry & tug collide in fog")
        #expect(first.summary == "Nobody was hurt.")
        #expect(first.content?.contains("<") == false)
        #expect(first.content?.contains("alert") == false)
        #expect(first.sourceName == "The Harbour Gazette")
        #expect(first.author == "Ann Writer")
        #expect(first.category == "Harbour")
        #expect(first.image?.url.absoluteString == "https://gazette.example/img/ferry.jpg")
        #expect(first.publishedAt?.timeIntervalSince1970 == 1_622_809_320)
        #expect(first.language == "en-gb")
        #expect(result.stories.allSatisfy { $0.firstSeen == now })
    }

    @Test func anUntitledItemTakesItsTextsOpening() throws {
        let url = URL(string: "https://json.example/feed.json")!
        let feed = try PublisherFeedReader.read(Data(FeedFixtures.jsonFeed11.utf8), url: url)
        let stories = PublisherFeedNormalizer().stories(from: feed, feedURL: url, seenAt: now).stories
        #expect(stories.map(\.title) == ["Premier", "Only text, no title"])
        #expect(stories[0].content == "Bonjour monde")
    }
}
