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

    @Test func tabsAndNewlinesInsideAnAddressAreDropped() {
        #expect(resolver.resolve("java\nscript:alert(1)") == nil)
        #expect(resolver.resolve(" /pic\t.jpg ") == "https://news.example/pic.jpg")
    }
}
