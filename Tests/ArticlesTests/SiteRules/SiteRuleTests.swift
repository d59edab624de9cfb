import Foundation
import Testing

@testable import Articles

@Suite struct SiteRuleTests {
    @Test func directivesAccumulateAndCommentsAndUnknownOnesAreIgnored() {
        let text = """
            # rules written for the tests
            body: //div[@id='story']
            body: //div[@class='more-story']
            strip: //aside
            strip_id_or_class: share-bar
            strip_image_src: /pixel.gif
            title: //h1
            author: //span[@class='by']
            date: //time/@datetime
            next_page_link: //a[@rel='next']
            single_page_link: //a[@class='print']
            prune: no
            tidy: no
            test_url: http://example.com/a
            replace_string: ignored
            not a directive line
            """
        let rule = SiteRule(name: "example.com.txt", text: text)
        #expect(rule.body == ["//div[@id='story']", "//div[@class='more-story']"])
        #expect(rule.strip == ["//aside"])
        #expect(rule.stripIdOrClass == ["share-bar"])
        #expect(rule.stripImageSrc == ["/pixel.gif"])
        #expect(rule.title == ["//h1"])
        #expect(rule.author == ["//span[@class='by']"])
        #expect(rule.date == ["//time/@datetime"])
        #expect(rule.nextPageLink == ["//a[@rel='next']"])
        #expect(rule.singlePageLink == ["//a[@class='print']"])
        #expect(!rule.prune)
        #expect(!rule.tidy)
        #expect(rule.testURLs == ["http://example.com/a"])
    }

    @Test func hostLookupDropsPortAndLeadingWwwThenTriesParentDomains() {
        #expect(
            SiteRuleFolder.candidateNames(host: "www.news.example.com:8080")
                == ["news.example.com.txt", ".news.example.com.txt", ".example.com.txt"])
        #expect(SiteRuleFolder.candidateNames(host: "example.com") == ["example.com.txt", ".example.com.txt"])
    }

    @Test func anIPAddressIsLookedUpByItself() {
        #expect(SiteRuleFolder.candidateNames(host: "127.0.0.6") == ["127.0.0.6.txt"])
        #expect(SiteRuleFolder.candidateNames(host: "[::1]:8080") == ["::1.txt"])
    }

    @Test func theExactHostFileWinsOverTheDottedParentFile() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("site-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "body: //main".write(
            to: folder.appendingPathComponent(".example.com.txt"), atomically: true, encoding: .utf8)
        try "body: //article".write(
            to: folder.appendingPathComponent("blog.example.com.txt"), atomically: true, encoding: .utf8)
        let rules = SiteRuleFolder(folder: folder)
        #expect(rules.rule(for: URL(string: "https://www.blog.example.com/a")!)?.name == "blog.example.com.txt")
        #expect(rules.rule(for: URL(string: "https://news.example.com/a")!)?.name == ".example.com.txt")
        #expect(rules.rule(for: URL(string: "https://other.org/a")!) == nil)
    }
}
