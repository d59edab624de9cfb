import Foundation
import NewsModel
import Testing

@Suite struct ArticleURLTests {
    @Test func acceptsAbsoluteHTTPAndHTTPS() {
        #expect(
            ArticleURL.parse("https://www.example.com/a?b=c#d")?.absoluteString == "https://www.example.com/a?b=c#d")
        #expect(ArticleURL.parse(" http://Example.COM ")?.absoluteString == "http://example.com/")
        #expect(ArticleURL.parse("http://127.0.0.1:8080/x")?.absoluteString == "http://127.0.0.1:8080/x")
    }

    /// A link already written as newsfeed writes links is taken whole, with the same parts the full reading finds,
    /// on links put together at random from pieces the full reading changes (case, ports, user info, dots, a missing
    /// path, characters to encode, a second `#`, backslashes) and pieces it keeps.
    @Test func linksAlreadyCanonicalAreTakenWhole() {
        let schemes = ["https://", "http://", "HTTPS://", "Http://", "//", "ftp://"]
        let hosts = [
            "news.example", "a", "News.Example", "1.2.3.4", "a..b", ".a.example", "a-b.example.", "", "u@h.example",
            "h.example:8080", "h.example:", "h_x.example", "a.-b", "a.", "h.example:99999",
        ]
        let tails = [
            "", "/", "/a/b.html", "?q=1", "#f", "/a b", "/%41", "/%zz", "/p#a#b", "/p\\q", "/ü", "/a;b=c,d!$'()*+",
            "/~u/_x-y.z", "/@:/?", "/[x]", "/%7e%7E",
        ]
        var random = SystemRandomNumberGenerator()
        var taken = 0
        for _ in 0..<20_000 {
            let text = [schemes, hosts, tails, tails].map { $0.randomElement(using: &random)! }.joined()
            var copy = text
            copy.withUTF8 { bytes in
                guard let whole = ArticleURL.canonicalLink(text, bytes) else { return }
                taken += 1
                guard case .link(let read) = ArticleURL.asciiLink(bytes) else {
                    Issue.record("\(text): taken whole but the full reading refuses it")
                    return
                }
                #expect(whole.text == read.text && whole.text == text, "\(text)")
                #expect(whole.hostName == read.hostName, "\(text)")
                var cache: [String: StoryLink] = [:]
                #expect(whole.siteRoot(cache: &cache)?.text == read.siteRoot(cache: &cache)?.text, "\(text)")
                #expect(whole.imageMIMEType == read.imageMIMEType, "\(text)")
            }
        }
        #expect(taken > 500)
    }

    @Test func rejectsWhatIsNotAUsableWebURL() {
        for text in [
            "", "example.com/x", "/x", "mailto:a@example.com", "ftp://example.com/", "https://", "https://a b.com/",
            "https://user:pw@example.com/", "https://exämple.com/", "https://example.com:99999/", "javascript://x",
        ] {
            #expect(ArticleURL.parse(text) == nil, "\(text)")
        }
    }

    @Test func percentEncodesOnlyWhatNeedsIt() {
        #expect(ArticleURL.parse("https://x.example.com/a b|c")?.absoluteString == "https://x.example.com/a%20b%7Cc")
        #expect(
            ArticleURL.parse("https://x.example.com/%E2%82%AC/100%")?.absoluteString
                == "https://x.example.com/%E2%82%AC/100%25")
        #expect(ArticleURL.parse("https://x.example.com/a#b#c")?.absoluteString == "https://x.example.com/a#b%23c")
        #expect(
            ArticleURL.parse("https://x.example.com/ü?q=ö")?.absoluteString == "https://x.example.com/%C3%BC?q=%C3%B6")
    }

    @Test func protocolRelativeBecomesHTTPS() {
        #expect(ArticleURL.parse("//cdn.example.com/i.jpg")?.absoluteString == "https://cdn.example.com/i.jpg")
    }

    @Test func recognisesTheRemovedPlaceholder() throws {
        #expect(ArticleURL.isRemovedPlaceholder(try #require(ArticleURL.parse("https://removed.com"))))
        #expect(!ArticleURL.isRemovedPlaceholder(try #require(ArticleURL.parse("https://notremoved.com"))))
    }

    @Test func imageTypeComesFromTheExtension() throws {
        let cases = [
            "a.jpg": "image/jpeg", "a.JPEG": "image/jpeg", "a.png": "image/png", "a.gif": "image/gif",
            "a.webp": "image/webp", "a.avif": "image/avif", "a.svg": "image/svg+xml", "HY07-PLASMA": "image/jpeg",
            "a.php?src=x.png": "image/jpeg",
        ]
        for (path, type) in cases {
            #expect(ImageURL.image(from: "https://img.example.com/\(path)")?.mimeType == type, "\(path)")
        }
        #expect(ImageURL.image(from: "https://img.example.com/a.jpg")?.length == 0)
    }

    /// Surrounding whitespace of any kind and inner tabs or line breaks go; clean text is kept as is.
    @Test func dropsSurroundingWhitespaceAndInnerLineBreaks() {
        #expect(ArticleURL.parse("\u{3000}https://a.example.com/x\u{A0}")?.absoluteString == "https://a.example.com/x")
        #expect(ArticleURL.parse("https://a.example.com/x\r\n/y\t")?.absoluteString == "https://a.example.com/x/y")
        #expect(ArticleURL.parse("//A-1.example.com:8443/ü")?.absoluteString == "https://a-1.example.com:8443/%C3%BC")
        #expect(ArticleURL.parse("https://a_b.example.com/") == nil)
        #expect(ArticleURL.parse("https://example.com:8x/") == nil)
    }
}
