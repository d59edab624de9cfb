import Foundation
import Testing

@testable import Articles

/// Source sets split the same way on the bytes (ASCII) as by characters, and resolved as HTML reads them.
@Suite struct LinkResolverTests {
    let resolver = LinkResolver(pageURL: URL(string: "https://news.example/a/story.html"), baseHref: nil)

    static let sourceSets = [
        "a.jpg 1x, b.jpg 2x", "  a.jpg,b.jpg 2x ,, c.jpg  3x,",
        "https://cdn.example/c_fill,w_640/p.jpg 640w, x.jpg 1280w",
        "a.jpg,,, b.jpg 2x", "a.jpg 1x 2x, b.jpg\t2x\n, c.jpg\r\n3x", ",,,", "", "   ", "a.jpg\u{0B}2x,b.jpg\u{0C}3x",
        "only.jpg", "a.jpg 640w,b.jpg 1x",
    ]

    @Test(arguments: sourceSets)
    func asciiSplitIsTheCharacterSplit(sourceSet: String) {
        let bytes = LinkResolver.asciiCandidates(sourceSet)
        let characters = LinkResolver.candidates(sourceSet)
        #expect(bytes.map(\.address) == characters.map(\.address))
        #expect(bytes.map(\.descriptors) == characters.map(\.descriptors))
    }

    @Test func candidatesAreResolvedDeduplicatedAndNotMixed() {
        #expect(
            resolver.resolveSourceSet("a.jpg, b.jpg 2x, c.jpg 2x, d.jpg 1.5x")
                == "https://news.example/a/a.jpg, https://news.example/a/b.jpg 2x, https://news.example/a/d.jpg 1.5x")
        #expect(
            resolver.resolveSourceSet("/s.jpg 320w,\u{A0}/m.jpg 640w, l.jpg 2x")
                == "https://news.example/s.jpg 320w, https://news.example/m.jpg 640w")
        #expect(resolver.resolveSourceSet("javascript:alert(1) 1x") == nil)
    }

    /// The shortcut for addresses that are already absolute gives exactly what parsing gives, on addresses put
    /// together at random from pieces that parse differently (case, ports, percent signs, characters URL encodes or
    /// refuses, a second `#`, spaces, other schemes), and the known plain ones do take it.
    @Test func plainAbsoluteAddressesAreTheirOwnResolution() {
        let schemes = ["http://", "https://", "HTTPS://", "hTTp://", "ftp://", "http:/", "https:", "javascript://"]
        let hosts = [
            "news.example", "a", "EXAMPLE.com", "1.2.3.4", "-bad.example", "a..b", "xn--bcher-kva.example", "",
            "ex_ample.com", "[::1]", "bücher.example", "user@host.example", "a.-b", "a.", "a-.b",
        ]
        // Ports out of range and odd host names are taken as they are because `URL` accepts them (it checks a port's
        // digits only): a `URL` that starts refusing them fails this test instead of changing output silently.
        let ports = ["", ":8080", ":", ":123456", ":0", ":65535", ":65536", ":99999"]
        let rests = [
            "", "/", "/a/b.html", "/a b", "/%41%zz", "/%4", "/a%20b", "?q=1&r=2", "#frag", "/p#a#b", "/p?x=|",
            "/{x}", "/p\\q", "/p\"q", "/ü", "/a;b=c,d!$'()*+", "/~user/_x-y.z", "/@:/", "\t", "/x ", "/[x]", "/^",
            "/%7e%7E", "?a=%2f",
        ]
        var random = SystemRandomNumberGenerator()
        var shortcut = 0
        for _ in 0..<20_000 {
            let address = [schemes, hosts, ports, rests, rests].map { $0.randomElement(using: &random)! }.joined()
            guard LinkResolver.isPlainAbsoluteAddress(address) else { continue }
            shortcut += 1
            #expect(resolver.resolveByParsing(address) == address, "\(address)")
        }
        #expect(shortcut > 200)
        for plain in ["https://news.example/a/b.html?x=1#top", "http://1.2.3.4:8080/", "HTTP://A.EXAMPLE"] {
            #expect(LinkResolver.isPlainAbsoluteAddress(plain))
            #expect(resolver.resolve(plain) == resolver.resolveByParsing(plain))
        }
        for other in [
            "https://a.example/p#a#b", "https://a.example/%zz", "https://a.example/a b", " https://a.example/",
            "https://:80/", "https://a.example/ü", "mailto:x@y.example", "/relative",
        ] {
            #expect(!LinkResolver.isPlainAbsoluteAddress(other), "\(other)")
        }
    }

    @Test func tabsAndNewlinesInsideAnAddressAreDropped() {
        #expect(resolver.resolve("java\nscript:alert(1)") == nil)
        #expect(resolver.resolve(" /pic\t.jpg ") == "https://news.example/pic.jpg")
    }
}
