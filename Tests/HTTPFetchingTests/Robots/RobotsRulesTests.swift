import Foundation
import HTTPFetching
import Testing

/// RFC 9309's matching rules, with the RFC's own examples (§2.2.2, §2.2.3, §5.1, §5.2).
@Suite struct RobotsRulesTests {
    private func rules(_ text: String) -> RobotsRules { RobotsRules(parsing: text, userAgent: "newsfeed") }

    @Test func theLongestMatchWins() {
        let robots = rules(
            """
            User-agent: *
            Disallow: /example/
            Allow: /example/page/
            Disallow: /example/page/disallowed.gif
            """)
        #expect(!robots.allows(path: "/example/"))
        #expect(!robots.allows(path: "/example/other"))
        #expect(robots.allows(path: "/example/page/"))
        #expect(robots.allows(path: "/example/page/index.html"))
        #expect(!robots.allows(path: "/example/page/disallowed.gif"))
        #expect(robots.allows(path: "/elsewhere"))
    }

    @Test func anAllowAndADisallowOfEqualLengthAllow() {
        let robots = rules("User-agent: *\nAllow: /folder\nDisallow: /folder\n")
        #expect(robots.allows(path: "/folder/page"))
    }

    /// RFC 9309 §2.2.3's table of `*` and `$`.
    @Test(arguments: [
        ("/*", "/", true), ("/*", "/anything", true),
        ("/*.php", "/index.php", true), ("/*.php", "/filename.php", true), ("/*.php", "/folder/filename.php", true),
        ("/*.php", "/folder/filename.php?parameters", true), ("/*.php", "/folder/any.php.file.html", true),
        ("/*.php", "/", false), ("/*.php", "/windows.PHP", false),
        ("/*.php$", "/filename.php", true), ("/*.php$", "/folder/filename.php", true),
        ("/*.php$", "/filename.php?parameters", false), ("/*.php$", "/filename.php/", false),
        ("/*.php$", "/filename.php5", false), ("/*.php$", "/windows.PHP", false),
        ("/fish*.php", "/fish.php", true), ("/fish*.php", "/fishheads/catfish.php?parameters", true),
        ("/fish*.php", "/Fish.PHP", false),
        ("/fish", "/fish", true), ("/fish", "/fish.html", true), ("/fish", "/fish/salmon.html", true),
        ("/fish", "/fishheads", true), ("/fish", "/Fish.asp", false), ("/fish", "/catfish", false),
    ])
    func wildcardsAndEndAnchors(pattern: String, path: String, matches: Bool) {
        let robots = rules("User-agent: *\nDisallow: \(pattern)\n")
        #expect(robots.allows(path: path) == !matches, "\(pattern) against \(path)")
    }

    @Test func ourGroupIsChosenCaseInsensitivelyOverTheStarGroupAndGroupsMerge() {
        let robots = rules(
            """
            User-agent: *
            Disallow: /

            User-agent: NewsFeed
            Disallow: /private

            User-agent: other-bot
            Disallow: /public

            user-agent: newsfeed
            disallow: /drafts
            """)
        #expect(robots.allows(path: "/news/today"))
        #expect(!robots.allows(path: "/private/x"))
        #expect(!robots.allows(path: "/drafts/1"))
        #expect(robots.allows(path: "/public"))
    }

    @Test func agentsListedTogetherShareTheirRules() {
        let robots = rules("User-agent: a-bot\nUser-agent: newsfeed\nDisallow: /shared\n")
        #expect(!robots.allows(path: "/shared/x"))
    }

    @Test func withoutOurGroupOrAStarGroupEverythingIsAllowed() {
        #expect(rules("User-agent: other\nDisallow: /\n").allows(path: "/x"))
        #expect(rules("").allows(path: "/x"))
        #expect(rules("garbage without colons\n<html>").allows(path: "/x"))
    }

    @Test func anEmptyDisallowAllowsEverythingAndCommentsAreIgnored() {
        let robots = rules("User-agent: * # everyone\nDisallow:\nDisallow: /tmp # scratch\nSitemap: /s.xml\n")
        #expect(robots.allows(path: "/x"))
        #expect(!robots.allows(path: "/tmp/file"))
    }

    @Test func robotsTxtItselfIsAlwaysAllowed() {
        #expect(rules("User-agent: *\nDisallow: /\n").allows(path: "/robots.txt"))
        #expect(RobotsRules.allowAll.allows(path: "/index.html"))
    }

    /// RFC 9309 §2.5: a file longer than the 512 KiB read is parsed up to there, not refused; its last line, cut
    /// in the middle, is dropped rather than read as a shorter rule.
    @Test func aLongFileIsParsedUpToItsLastCompleteLineWithinTheFirst512KiB() {
        var text = "User-agent: newsfeed\nDisallow: /early\n"
        while text.utf8.count < 500 * 1024 { text += "# padding padding padding padding padding padding\n" }
        text += "Disallow: /late\n"
        let cut = RobotsRules.maximumBytes - text.utf8.count - "Disallow: /pri".utf8.count
        text += String(repeating: "#", count: cut - 1) + "\n" + "Disallow: /private\nDisallow: /beyond\n"
        let robots = RobotsRules(
            parsingPrefix: Array(text.utf8.prefix(RobotsRules.maximumBytes)), userAgent: "newsfeed")
        #expect(!robots.allows(path: "/early"))
        #expect(!robots.allows(path: "/late"))
        #expect(robots.allows(path: "/pri"))
        #expect(robots.allows(path: "/private"))
        #expect(robots.allows(path: "/beyond"))
        #expect(robots.rules.count == 2)
        // A body shorter than the read is whole: its last line counts without a line break.
        #expect(
            !RobotsRules(parsingPrefix: Array("User-agent: *\nDisallow: /x".utf8), userAgent: "newsfeed").allows(
                path: "/x"))
    }

    @Test func percentEncodingAndNonASCIIMatchTheURLsForm() throws {
        let robots = rules("User-agent: *\nDisallow: /ä\nDisallow: /a%3cd\n")
        #expect(!robots.allows(path: "/%C3%A4rger"))
        #expect(!robots.allows(path: "/a%3Cd"))
        let url = try #require(URL(string: "https://news.example/%C3%A4/x?q=1"))
        #expect(!robots.allows(url))
    }

    @Test func theQueryIsPartOfThePath() throws {
        let robots = rules("User-agent: *\nDisallow: /search?q=\n")
        #expect(!robots.allows(try #require(URL(string: "https://news.example/search?q=x"))))
        #expect(robots.allows(try #require(URL(string: "https://news.example/search"))))
    }
}
