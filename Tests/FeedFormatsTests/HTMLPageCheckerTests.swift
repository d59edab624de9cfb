import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// The HTML checker passes a good page and catches every rule it claims, one broken page per rule.
@Suite struct HTMLPageCheckerTests {
    static var good: String {
        var document = FeedDocumentSamples.small
        document.formats = FeedFormat.defaultList
        return String(decoding: (try? FeedPageRenderer().render(document)) ?? Data(), as: UTF8.self)
    }

    @Test func aRenderedPageHasNothingToReport() {
        #expect(HTMLPageChecker.violations(in: Self.good) == [])
    }

    @Test(arguments: [
        ("<!DOCTYPE html>\n", "", "doctype"),
        (#"<html lang="en-us">"#, "<html>", "html-lang"),
        ("<meta charset=\"utf-8\">\n", "", "meta-charset"),
        (#"<meta name="viewport""#, #"<meta name="x-viewport""#, "meta-viewport"),
        (#"<meta name="generator""#, #"<meta name="x-generator""#, "meta-generator"),
        (#"<meta http-equiv="Content-Security-Policy""#, #"<meta http-equiv="X-Policy""#, "csp"),
        ("<title>Health — United States · Top headlines</title>", "<title> </title>", "title"),
        ("</main>", "</div></main>", "end-tag"),
        ("</ol>", "", "end-tag"),
        (#" alt="""#, "", "img-alt"),
        (#" width="160""#, "", "img-width"),
        (#"<script src="../assets/newsfeed.js"></script>"#, "<script>alert(1)</script>", "inline-script"),
        (#"<script src="../assets/newsfeed.js">"#, #"<script src="https://cdn.example/x.js">"#, "external-resource"),
        (#"href="../assets/newsfeed.css""#, #"href="https://fonts.example/x.css""#, "external-resource"),
        (#"<p class="description" dir="auto">"#, #"<p class="description" onclick="x()">"#, "inline-handler"),
        (#"<p class="description" dir="auto">"#, #"<p class="description" style="color:red">"#, "inline-style"),
        (#" rel="noopener">Short item"#, ">Short item", "noopener"),
        (#"<h2 dir="auto"><a"#, "<marquee></marquee><h2><a", "unknown-element"),
        (#"class="story-image""#, #"class=story-image"#, "attribute-quotes"),
        (#"class="story-image""#, #"class="story-image" class="x""#, "duplicate-attribute"),
        (#"id="theme-choice""#, #"id="theme-choice"><span id="theme-choice"></span"#, "duplicate-id"),
        ("&amp; hospitals", "& hospitals", "character-reference"),
        ("Short item</a>", "Short <b>item</a>", "end-tag"),
        ("<li><a href=\"health.rss\"", "<li><div></div></li><p><li><a href=\"health.rss\"", "li-parent"),
        ("</body>", "<div/></body>", "self-closing"),
        ("Short item", "Short > item", "raw-gt"),
        ("Short item", "Short \u{7} item", "control-character"),
    ])
    func eachRuleCatchesItsBrokenPage(old: String, new: String, rule: String) {
        let good = Self.good
        #expect(good.contains(old), "the fixture changed: \(old)")
        var broken = good
        if let range = broken.range(of: old) { broken.replaceSubrange(range, with: new) }
        let found = HTMLPageChecker.violations(in: broken)
        #expect(found.contains { $0.contains("[\(rule)]") }, "\(rule): \(found)")
    }
}
