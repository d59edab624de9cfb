import Foundation
import NewsModel
import Testing
import Upstreams

@Suite struct PublisherSuffixTests {
    @Test(arguments: [
        ("Pompidou Plans an Outpost - The New York Times", "New York Times", "Pompidou Plans an Outpost"),
        ("Covid cases fall - India Today", "Indiatoday.in", "Covid cases fall"),
        ("ICMR study - Republic World - Republic World", "Republic World", "ICMR study"),
        ("NASA picks Venus | Latest News | WION News - WION", "WION", "NASA picks Venus | Latest News"),
        ("Markets rally - THE WEEK", "The Week", "Markets rally"),
        ("Govt issues guidelines - THE WEEK", "Theweek.in", "Govt issues guidelines"),
        ("Oxford vaccine by spring - Sky News Australia", "Skynews.com.au", "Oxford vaccine by spring"),
        // Not the source: the tail stays part of the headline.
        ("Stocks fall - Yahoo Finance", "Yahoo Entertainment", "Stocks fall - Yahoo Finance"),
        ("Spider-Man - No Way Home review", "Variety", "Spider-Man - No Way Home review"),
        ("Only the publisher", "Only the publisher", "Only the publisher"),
    ])
    func removesLooselySpelledPublishers(title: String, source: String, expected: String) {
        #expect(PublisherSuffix.removing(from: title, sourceName: source) == expected)
    }

    @Test func aNameStartingWithTheSitesNameIsThePublisher() {
        #expect(
            PublisherSuffix.removing(
                from: "Stocks fall - Yahoo Finance", sourceName: "Yahoo Entertainment", host: "finance.yahoo.com")
                == "Stocks fall")
        #expect(PublisherSuffix.siteName("www.skynews.com.au") == "skynews")
        #expect(PublisherSuffix.siteName("news.bbc.co.uk") == "bbc")
    }

    @Test func aggregatorItemsNameTheirRealPublisher() throws {
        let article = NewsAPIArticle(
            sourceID: "google-news", sourceName: "Google News", author: nil,
            title: "Winners and Losers: Lakers vs. Suns | SportsNation - ESPN", description: nil,
            url: "https://news.google.com/rss/articles/CBMiQmh0dHBz?oc=5", urlToImage: nil, publishedAt: nil,
            content: nil)
        let story = try #require(NewsAPINormalizer().story(from: article, seenAt: Date(timeIntervalSince1970: 1.7e9)))
        #expect(story.title == "Winners and Losers: Lakers vs. Suns | SportsNation")
        #expect(story.sourceName == "ESPN")
    }

    @Test func aPublisherTitleOnAnOrdinarySiteIsNotSplit() throws {
        let article = NewsAPIArticle(
            sourceID: nil, sourceName: "Variety", author: nil, title: "Spider-Man - No Way Home review",
            description: "A review.", url: "https://variety.example.com/review", urlToImage: nil, publishedAt: nil,
            content: nil)
        let story = try #require(NewsAPINormalizer().story(from: article, seenAt: Date(timeIntervalSince1970: 1.7e9)))
        #expect(story.title == "Spider-Man - No Way Home review")
        #expect(story.sourceName == "Variety")
    }

    /// The key as it was made before the ASCII fast path: the reference for every name.
    private static func referenceKey(_ name: String) -> String {
        var text = name.lowercased().trimmingCharacters(in: .whitespaces)
        if !text.contains(" "), let dot = text.firstIndex(of: "."), dot > text.startIndex {
            text = String(text[..<dot])
        }
        var compact = String(
            text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                ($0.properties.isAlphabetic || $0.properties.numericType != nil)
                    && $0.properties.generalCategory != .nonspacingMark
            })
        if compact.hasPrefix("the"), compact.count > 6 { compact.removeFirst(3) }
        return compact
    }

    @Test(arguments: [
        "The New York Times", "  Indiatoday.in ", "\tTHE HILL\t", "the", "Theatre", "Thereport", "ABC.News Now",
        "a.b", ".com", "Yahoo!", "CNN", "", " ", "E! Online", "9to5Mac", "The Verge", "Fox   News", "news.google.com",
        "Theweek.in", "THE WEEK", "Sky-News", "A\r\nB", "x\u{7F}y", "Zoë Times", "The Økonom", "Le\u{00A0}Monde",
    ])
    func keysOnBytesMatchTheReference(_ name: String) {
        #expect(PublisherSuffix.key("Zoë Times") == "zoetimes")
        #expect(PublisherSuffix.key(name) == Self.referenceKey(name), "\(name.debugDescription)")
    }
}

/// The words of an all-ASCII name are read on bytes; they are the words the Unicode path gives.
@Suite struct PublisherSuffixASCIIWordsTests {
    /// The Unicode path, as ``PublisherSuffix/words(_:)`` takes it for any name.
    static func unicodeWords(_ name: String) -> [String] {
        var text = Substring(name)
        if !text.contains(" "), let dot = text.firstIndex(of: "."), dot > text.startIndex { text = text[..<dot] }
        let folded = text.lowercased().decomposedStringWithCanonicalMapping
        func isKept(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.properties.generalCategory != .nonspacingMark else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        return folded.unicodeScalars.split { !isKept($0) && $0.properties.generalCategory != .nonspacingMark }
            .map { String(String.UnicodeScalarView($0.filter(isKept))) }.filter { !$0.isEmpty }
    }

    @Test(arguments: [
        "The New York Times", "Livemint.com", "indiatoday.in", "CBS Los Angeles", "ABC-7 (KABC)", "A.B.C. News",
        "  Spaced   Out  ", "Yahoo Finance", "news.bbc.co.uk", ".hidden", "Fox 5 DC", "Reuters", "", "—", "9to5Mac",
        "Global Polio Eradication Initiative", "O'Reilly's Web_Site", "x.y z",
    ])
    func asciiNamesGiveTheWordsOfTheUnicodePath(name: String) {
        #expect(PublisherSuffix.words(name) == Self.unicodeWords(name), "\(name)")
    }
}
