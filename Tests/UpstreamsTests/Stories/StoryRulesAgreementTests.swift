import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

/// The byte-level mapping rules must give exactly what the `Character`- and Foundation-based
/// reference gives, including for text where they fall back to it.
@Suite struct StoryRulesAgreementTests {
    /// Seeded pseudo-random picks, so every run checks the same corpus.
    struct Picker {
        var state: UInt64

        mutating func pick<T>(_ items: [T]) -> T {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return items[Int((state >> 33) % UInt64(items.count))]
        }
    }

    static let names = [
        "CNN", "cnn", "Livemint.com", "BBC News", "bbc news", "Yahoo!", "Ars Technica", "Süddeutsche Zeitung", "K",
        "ss", "STRASSE", ".com", "a.b.c", "X", "New York Times", "Gizmodo.com", "news", "[Removed]", "ﬃx",
    ]

    static let titleParts = [
        "Headline", "headline words", " ", "  ", " - ", "- ", " -", "-", "\u{A0}", "\t", "CNN", "cnn", "Cnn",
        "Livemint",
        "LIVEMINT", "BBC News", "bbc NEWS", "Yahoo!", "Ars Technica", "Süddeutsche Zeitung", "\u{212A}", "Stra\u{DF}e",
        "straße", "ﬃx", "İ", "é", "e\u{301}", "\u{301}", "…", "’", "😀", "مرحبا", "\u{600}", "\u{600} ", "x\u{600}",
        "Gizmodo", "gizmodo.com", "news", "New York Times", "a.b", ".com", "STRASSE", "ss", "K",
    ]

    @Test func removingTheSourceSuffixAgrees() {
        var picker = Picker(state: 42)
        var cases: [(String, String?)] = [
            ("Ferries run  - BBC News", "bbc news"), ("Ferries run\u{A0} - BBC", "BBC"), ("CNN", "cnn"),
            ("- CNN", "CNN"), ("x - Livemint", "Livemint.com"), ("Title - Stra\u{DF}e", "STRASSE"),
            ("Title - \u{212A}", "K"), ("\u{212A}", "k"), ("Title\u{600} - CNN", "CNN"), ("Title \u{600}- CNN", "CNN"),
            ("A title - CNN", nil), ("A title - CNN", ""), ("A title - Süddeutsche Zeitung", "Süddeutsche Zeitung"),
        ]
        let separators = [" - ", "- ", " -", "-", "  - ", "\u{A0}- ", "\u{600} - ", " \u{600}- ", "x- ", " – "]
        let endings = ["", "", " ", "\u{A0}", "\u{301}", "…", "s"]
        for _ in 0..<8000 {
            let name = picker.pick(Self.names)
            let head = (0..<picker.pick([0, 1, 2, 3])).map { _ in picker.pick(Self.titleParts) }.joined()
            let spelling = picker.pick([
                name, name.uppercased(), name.lowercased(), String(name.split(separator: ".").first ?? ""),
                picker.pick(Self.titleParts),
            ])
            cases.append((head + picker.pick(separators) + spelling + picker.pick(endings), name))
            cases.append((spelling + picker.pick(endings), name))
        }
        for (title, name) in cases {
            #expect(
                NewsAPINormalizer.removingSourceSuffix(from: title, sourceName: name)
                    == ReferenceStoryRules.removingSourceSuffix(from: title, sourceName: name),
                "\(Array(title.unicodeScalars)) / \(name ?? "nil")")
        }
    }

    /// The `Character` code crashed on a match inside the title's first `Character`; such a title stays.
    @Test func aPrependGluedToTheDashKeepsTheTitleInsteadOfCrashing() {
        #expect(NewsAPINormalizer.removingSourceSuffix(from: "\u{600}- CNN", sourceName: "CNN") == "\u{600}- CNN")
        #expect(NewsAPINormalizer.removingSourceSuffix(from: "\u{600}- Süd", sourceName: "Süd") == "\u{600}- Süd")
    }

    static let sentenceParts = [
        "Words here", "words HERE", "words", " ", ".", "...", "…", " …", ". ", "More", "more text", "İstanbul",
        "istanbul", "i̇stanbul", "É", "é", "e\u{301}", "\u{301}", "\u{600}", "\u{600}.", "ß", "SS", "😀", "’", "x",
    ]

    @Test func sayingMoreAgrees() {
        var picker = Picker(state: 7)
        var pairs: [(String, String)] = [
            ("ÉTÉ À İSTANBUL…", "Été à İstanbul, ferries run again."), ("Été à Ankara", "Été à İstanbul"),
            ("Short", "Short and longer"), ("Short and longer", "Short"), ("", "x"), ("…", "x"), ("Same.", "same…"),
            // Texts whose first characters decide it (the shortcut), and those where they must not.
            ("Москва", "МОСКВА и область"), ("Москва", "Берлин"), ("A\u{301}b", "áb c"), ("A\u{301}b", "ab"),
            ("İx", "i\u{307}x y"), ("ΣΟΦΙΑ", "σοφια και"), ("ΟΔΟΣ", "οδος"), ("\u{FB00}x", "ffx"), ("ẞ", "ß"),
            (".x", ".x y"), (" x", "x"), ("x", ""), ("x", "…"), ("e\u{301}", "é"), ("東京", "東京都"), ("東京", "大阪"),
        ]
        for _ in 0..<8000 {
            let content = (0..<picker.pick([1, 2, 3, 4])).map { _ in picker.pick(Self.sentenceParts) }.joined()
            // Mostly the content again (in another case) and more, sometimes unrelated text.
            let again = picker.pick([content, content.uppercased(), content.lowercased(), content.capitalized])
            let summary = picker.pick([
                again, again + picker.pick(Self.sentenceParts), again + picker.pick(Self.sentenceParts) + "…",
                picker.pick(Self.sentenceParts) + again,
            ])
            pairs.append((content, summary))
        }
        for (content, summary) in pairs {
            #expect(
                NewsAPINormalizer.saysMore(content, than: summary)
                    == ReferenceStoryRules.saysMore(content, than: summary),
                "\(Array(content.unicodeScalars)) / \(Array(summary.unicodeScalars))")
        }
    }

    static let authorParts = [
        "Ann Lee", "ann", "www.", "WWW.", "Www.", "://", "http", "https://x.example.com/by/ann", "\u{301}", "\u{600}",
        "- ", "(", "©", " ", "é", "Zoë", "<b>", "&amp;", "…", ":/", "/", "w",
    ]

    @Test func authorsAndContentAgree() {
        var picker = Picker(state: 99)
        let normalizer = NewsAPINormalizer()
        for _ in 0..<6000 {
            let text = (0..<picker.pick([1, 2, 3, 4])).map { _ in picker.pick(Self.authorParts) }.joined()
            #expect(normalizer.author(text) == ReferenceStoryRules.author(text), "\(Array(text.unicodeScalars))")
        }
        // Text with markup or line breaks keeps its lines now (ContentTextTests); the rest must agree.
        for text in TextCleanerCorpus.texts
        where !text.unicodeScalars.contains(where: { "<\n\r".unicodeScalars.contains($0) }) {
            #expect(
                normalizer.cleanedContent(text) == ReferenceStoryRules.cleanedContent(text),
                "\(Array(text.unicodeScalars))")
        }
    }

    static let urls = [
        "https://www.example.com/a?b=c#d", " http://Example.COM ", "http://127.0.0.1:8080/x", "//cdn.example.com/i.jpg",
        "https://x.example.com/a b|c", "https://x.example.com/%E2%82%AC/100%", "https://x.example.com/a#b#c",
        "https://x.example.com/ü?q=ö", "\u{3000}https://a.example.com/x\u{A0}", "https://a.example.com/x\r\n/y\t",
        "//A-1.example.com:8443/ü", "https://a_b.example.com/", "https://example.com:8x/", "https://example.com:080/",
        "https://example.com:/x", "HTTPS://WWW.EXAMPLE.COM", "https://www.", "https://www.x", "http://[::1]:8080/a",
        "http://[::1]/", "http://[fe80::1%25en0]/", "http://[::1", "https://removed.com", "https://REMOVED.com/x",
        "https://a..b/", "https://.a/", "https://a./", "https://-a/", "https://1.2.3.999/", "https://user@a.com/",
        "https://a.com\\b\\c", "https://a.com?q", "https://a.com#f", "https://a.com:65536/", "https://a.com:0/",
        "ftp://a.com/", "javascript://x", "https://", "//", "/x", "", "https://exämple.com/", "https://a.com/ä.jpg",
        "https://a.com/x.JPG?w=1", "https://a.com/x.jpeg#f", "https://a.com/.png", "https://a.com/..png",
        "https://a.com/x.", "https://a.com/x.png/", "https://a.com/x%2Epng", "https://a.com/img", "https://a.com/",
        "https://a.com/a.b.webp", "https://a.com/a-b_c.avif", "https://a.com/x.svg;v=1", "https://a.com/x.gif?",
        "https://news.google.com/rss/articles/CBMi?oc=5", "http://a.com:8080", "https://a.com/p\u{301}",
        "http://\u{301}x://y", "https:// a.com/",
    ]

    @Test func urlsAgreeWithTheReferenceAndWithFoundation() throws {
        for text in Self.urls {
            let link = ArticleURL.link(from: text)
            let reference = ReferenceArticleURL.parse(text)
            #expect(link?.url == reference, "\(text)")
            guard let link, let reference else { continue }
            #expect(link.text == reference.absoluteString, "\(text)")
            #expect(link.isRemovedPlaceholder == ReferenceArticleURL.isRemovedPlaceholder(reference), "\(text)")
            #expect(link.publisherHost == ReferenceArticleURL.publisherHost(of: reference), "\(text)")
            var cache: [String: StoryLink] = [:]
            #expect(link.siteRoot(cache: &cache)?.url == ReferenceArticleURL.siteRoot(of: reference), "\(text)")
            #expect(link.imageMIMEType == ImageURL.mimeType(for: reference), "\(text)")
        }
    }

    /// Links of ASCII URLs keep their text only and make no `URL` (see `StoryLink`): every text
    /// they keep must be one `URL(string:)` accepts, with the same text back, and they must refuse
    /// exactly what the reference (which asks `URL`) refuses. Seeded random URLs built from the
    /// pieces that matter: schemes, host characters, ports, escapes, characters to encode.
    @Test func asciiLinksAreTextsFoundationAccepts() throws {
        var picker = Picker(state: 20_261_201)
        let schemes = ["http://", "https://", "HTTPS://", "//", "http:/", "ftp://", ""]
        let hostParts = [
            "a", "example", ".", "-", "B", "1", "999", "_", "xn--a", ":", ":80", ":0", ":65535", ":65536", ":x", "@",
            "[::1]", "%41", " ",
        ]
        let tailParts = [
            "/", "/a", "?", "?q=1", "&", "=", "#", "#f", "%", "%2", "%41", "%zz", "[", "]", "{", "}", "|", "\\", " ",
            "'", "\"", "<", ">", "^", "`", "~", "!", "$", "*", "(", ")", "+", ",", ";", ":", "@", ".", "..", "é",
            "\u{7F}", "\u{1}",
        ]
        for _ in 0..<20_000 {
            var text = picker.pick(schemes)
            for _ in 0..<picker.pick([1, 2, 3, 4]) { text += picker.pick(hostParts) }
            for _ in 0..<picker.pick([0, 1, 2, 3, 5, 8]) { text += picker.pick(tailParts) }
            let link = ArticleURL.link(from: text)
            let reference = ReferenceArticleURL.parse(text)
            #expect((link == nil) == (reference == nil), "\(text.debugDescription)")
            guard let link else { continue }
            #expect(URL(string: link.text)?.absoluteString == link.text, "\(text.debugDescription)")
            #expect(link.text == reference?.absoluteString, "\(text.debugDescription)")
        }
    }

    /// The story a benchmark-like article makes is the one the reference rules make.
    @Test(.needsSharedData) func wholeStoriesMatchTheReferenceRules() throws {
        let response = try NewsAPIFixtures.response(.usTopHeadlines)
        let normalizer = NewsAPINormalizer()
        for article in response.articles {
            let story = try #require(normalizer.story(from: article, seenAt: testNow))
            var title = ReferenceTextCleaner.plainText(article.title ?? "")
            var sourceName = article.sourceName.map(ReferenceTextCleaner.plainText)
            #expect(story.url == ReferenceArticleURL.parse(article.url ?? ""))
            #expect(story.author == ReferenceStoryRules.author(article.author))
            // The loose publisher rules (aggregators, other spellings) come on top of the exact one.
            if story.url.host == "news.google.com", let (head, publisher) = PublisherSuffix.split(title, dashOnly: true)
            {
                (title, sourceName) = (head, publisher)
            }
            let stripped = ReferenceStoryRules.removingSourceSuffix(from: title, sourceName: sourceName)
            if !stripped.isEmpty {
                #expect(
                    story.title
                        == PublisherSuffix.removing(
                            from: stripped, sourceName: sourceName,
                            host: story.url.host == "news.google.com" ? nil : story.url.host))
            }
        }
    }
}
