import Foundation
import NewsModel
import Testing

/// Canonical comparison of article addresses (issue 27, point 13): each variant below is the same page as its
/// plain form, and the addresses that name other pages stay apart.
@Suite struct CanonicalURLTests {
    static let plain = "https://news.example/world/ferry-collides"

    @Test(arguments: [
        "http://news.example/world/ferry-collides",
        "HTTPS://NEWS.Example/world/ferry-collides",
        "https://www.news.example/world/ferry-collides",
        "https://news.example./world/ferry-collides",
        "https://news.example:443/world/ferry-collides",
        "http://news.example:80/world/ferry-collides",
        "https://news.example/world/ferry-collides/",
        "https://news.example/world/ferry-collides#comments",
        "https://news.example/world/ferry-collides?utm_source=rss&utm_medium=feed&utm_campaign=x",
        "https://news.example/world/ferry-collides?fbclid=abc&gclid=def&mc_cid=1&mc_eid=2&igshid=3",
        "https://amp.news.example/world/ferry-collides",
        "https://news.example/world/ferry-collides/amp",
        "https://news.example/world/ferry-collides/amp/",
        "https://news.example/world/ferry-collides?amp=1",
        "https://news.example/world/ferry-collides?amp",
        "https://news.example/world/ferry-collides?outputType=amp",
        "https://news-example.cdn.ampproject.org/c/s/news.example/world/ferry-collides/amp",
    ])
    func aVariantIsTheSamePage(_ variant: String) {
        #expect(CanonicalURL.key(variant) == CanonicalURL.key(Self.plain), "\(variant)")
    }

    @Test(arguments: [
        "https://news.example/world/ferry-collides-again",
        "https://news.example/world/ferry-collides?page=2",
        "https://news.example:8443/world/ferry-collides",
        "https://other.example/world/ferry-collides",
        "https://news.example/World/ferry-collides",
    ])
    func anotherPageStaysApart(_ other: String) {
        #expect(CanonicalURL.key(other) != CanonicalURL.key(Self.plain), "\(other)")
    }

    @Test func queryParametersThatNameThePageAreKeptInAnyOrder() {
        #expect(
            CanonicalURL.same("https://a.example/story?id=7&lang=en", "https://a.example/story?lang=en&id=7&utm_x=y"))
        #expect(!CanonicalURL.same("https://a.example/story?id=7", "https://a.example/story?id=8"))
    }

    @Test func textThatIsNoWebAddressIsComparedAsItIs() {
        #expect(CanonicalURL.key(" urn:uuid:1 ") == "urn:uuid:1")
    }
}

/// The quick path for plain links gives the keys the full rules give.
@Suite struct CanonicalURLPlainKeyTests {
    @Test(arguments: [
        "https://news.example/world/ferry-collides", "http://www.news.example/world/ferry-collides/",
        "https://news.example", "https://news.example/", "https://news.example/a/b_c~d.html",
        "https://news.example/world//", "https://sub.news.example/2024/05/02/ferry",
    ])
    func aPlainLinkHasTheKeyOfTheFullRules(_ link: String) throws {
        let quick = try #require(CanonicalURL.plainKey(link))
        #expect(quick == CanonicalURL.fullKey(link))
    }

    @Test(arguments: [
        "https://news.example/ferry?id=1", "https://news.example/ferry#top", "https://News.example/ferry",
        "https://news.example:8080/ferry", "https://amp.news.example/ferry", "https://news.example/ferry/amp",
        "https://news.example/caf%C3%A9", "ftp://news.example/ferry", "https://user@news.example/",
    ])
    func anythingElseTakesTheFullRules(_ link: String) {
        #expect(CanonicalURL.plainKey(link) == nil)
    }
}
