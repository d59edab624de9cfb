import Foundation
import TestSupport
import Testing

@testable import Articles

/// Cutting script and style bodies before libxml2 reads them: only the bodies the tree drops go, found where
/// libxml2 finds them, and the tree parsed from the cut page is the tree of the whole page.
@Suite struct UnreadScriptTextTests {
    func cut(_ page: String) -> String {
        String(decoding: UnreadScriptText.removed(from: Array(page.utf8)), as: UTF8.self)
    }

    /// The tree as text: every element with its attributes, every text node, nested.
    func outline(_ tree: PageTree, _ index: Int = 0, depth: Int = 0) -> String {
        let node = tree[index]
        let indent = String(repeating: " ", count: depth)
        var line =
            node.isText
            ? "\(indent)\"\(node.text)\"\n"
            : "\(indent)<\(node.name)\(node.attributes.map { " \($0.name)=\($0.value)" }.joined())>\n"
        for child in node.children { line += outline(tree, child, depth: depth + 1) }
        return line
    }

    func expectSameTree(_ page: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = Array(page.utf8)
        let whole = try #require(PageParser.parse(bytes, cuttingUnreadText: false), sourceLocation: sourceLocation)
        let cut = try #require(PageParser.parse(bytes), sourceLocation: sourceLocation)
        #expect(outline(cut) == outline(whole), sourceLocation: sourceLocation)
    }

    @Test func scriptAndStyleBodiesGoAndTheirElementsStay() {
        #expect(
            cut("<p>a</p><script src=x.js>var a = 1 < 2;</script><style>p{}</style><p>b</p>")
                == "<p>a</p><script src=x.js></script><style></style><p>b</p>")
    }

    @Test func jsonLDIsKeptWhateverItsCase() {
        let page = #"<script type="Application/LD+JSON">{"headline": "</p>"}</script>"#
        #expect(cut(page) == page)
        // libxml2 decodes the reference, and the tree keeps this body: so does the cut.
        let referenced = #"<script type="ld&#43;json">{}</script>"#
        #expect(cut(referenced) == referenced)
        #expect(cut("<script type=ld\u{0B}json>{}</script>") == "<script type=ld\u{0B}json></script>")
    }

    @Test func aBodyEndsAtTheFirstCloseTagOfItsNameInAnyCase() {
        #expect(cut("<SCRIPT>a</div>b</p></ScRiPt><p>c</p>") == "<SCRIPT></ScRiPt><p>c</p>")
        // libxml2 ends the body at `</scripts` (it compares six bytes), then reads an end tag of another name, and
        // whether the body goes on depends on what is open: the scan stops there.
        let longerName = "<script>a</scripts><style>b</script>lost</style>"
        #expect(cut(longerName) == longerName)
        #expect(cut("<style>a</script>b</style>c") == "<style></style>c")
    }

    @Test func aScriptInsideACommentOrAnAttributeIsNoScript() {
        let comment = "<!-- <script> --><p>kept</p><script>x</script>"
        #expect(cut(comment) == "<!-- <script> --><p>kept</p><script></script>")
        let attribute = #"<div data-embed="<script>" title='<style>'><p>kept</p></div><script>x</script>"#
        #expect(cut(attribute) == #"<div data-embed="<script>" title='<style>'><p>kept</p></div><script></script>"#)
    }

    @Test func namesThatOnlyBeginWithScriptAreOtherElements() {
        let page = "<script-loader>a</script-loader><scripts>b</scripts><noscript><p>c</p></noscript>"
        #expect(cut(page) == page)
    }

    @Test func aSelfClosedScriptHasNoBody() {
        let page = #"<script src="a.js"/><p>kept</p><script>x</script>"#
        #expect(cut(page) == #"<script src="a.js"/><p>kept</p><script></script>"#)
        // Unquoted, the slash belongs to the value (as libxml2 reads it): the tag is open and its body runs on.
        #expect(cut("<script src=a.js/><p>x</p></script><p>kept</p>") == "<script src=a.js/></script><p>kept</p>")
    }

    /// Where the page stops making sense, the rest is left for libxml2 as it is.
    @Test(arguments: [
        "<p " + String(repeating: "a", count: 100) + "-=\"><script>\"><style>x</script>lost</style>",
        "<" + String(repeating: "n", count: 101) + "><script>x</script>",
        "<!-- never closed <script>x</script><p>a</p>",
        #"<div title="never closed><script>x</script><p>a</p>"#,
        "<p>a</p><script>never ended",
        "<p>a</p><script type=text/javascript",
    ])
    func whatNeverEndsIsLeftAlone(page: String) {
        #expect(cut(page) == page)
    }

    @Test(arguments: [
        "<html><head><title>t</title><script>if (a < b && c > d) document.write('<p>x</p>');</script></head>"
            + "<body><p>one</p><script>var s = '<!--';</script><p>two</p><style>p:after{content:'</p>'}</style></body>",
        "<p>a<script>x</script>b</p><p>c<!-- d --><script>y</script>e</p>",
        "<!DOCTYPE html><?php echo 1 ?><div <bogus a=1><script type=module>import x from 'y'</script></div>",
        "<div a=b/c><script>x</SCRIPT><p>kept</p><script/><p>after</p></div>",
        #"<script src="a.js"/><p>kept</p><script src=b.js/><p>x</p></script><p>after</p>"#,
        #"<table><tr><td>1<script>x</script></td></tr></table><ul><li>a<style media="x">y</style></ul>"#,
        "<p>a</p></ div><script>x</script><p>b</p><!----><script>y</script><!--->--><p>c</p>",
        "<script>a</scripts><style>b</script>lost</style>",
        "<p " + String(repeating: "a", count: 100) + "-=\"><script>\"><style>x</script>lost</style>",
        "<p " + String(repeating: "a", count: 100) + "1=\"><script>\"><style>x</script>lost</style>",
        "<\u{01}DOCTYPE <script><style>x</script>lost</style>",
        #"<script type="ld&#43;json">{}</script><p>after</p>"#,
    ])
    func theTreeIsTheTreeOfTheWholePage(page: String) throws {
        try expectSameTree(page)
    }

    @Test(.needsSharedData, arguments: GoldenPageTests.pages)
    func realPagesGiveTheSameTree(name: String) throws {
        let source = try SharedData.readabilitySource(name)
        let page = String(decoding: source, as: UTF8.self)
        #expect(cut(page).utf8.count < page.utf8.count || !page.lowercased().contains("<script>"))
        try expectSameTree(page)
    }
}

/// Markup made at random from the pieces that decide where a script's body begins and ends (tags, quotes, `=`,
/// comments, close tags, doctype, processing instructions): the tree parsed from the cut page must be the tree of
/// the whole page every time. Seeded, so a failure names the case that shows it.
@Suite struct UnreadScriptTextRandomMarkupTests {
    static let pieces = [
        "<script>", "</script>", "<SCRIPT type=text/javascript>", "<script type=\"application/ld+json\">",
        "<style>", "</style>", "</ScRiPt >", "<script src=a.js/>", "<script/>", "<!--", "-->", "--!>", "<!---->",
        "<div", "<p", "<a href=", "<img src='x.jpg'", " class=\"", " id='", "\"", "'", "=", " ", "\n", ">", "/>",
        "</div>", "</p>", "</", "<", "<!DOCTYPE html>", "<!doctype", "<?php ?>", "<!x>", "<![CDATA[", "]]>",
        "text", "a < b", "&amp;", "x=1;", "<b>", "</b>", "<noscript>", "</noscript>", "<textarea>", "</textarea>",
        "<title>", "</title>", "<scripts>", "<script-x>", "<svg><script>", "</svg>", "<body>", "<frameset>",
        "<noscript.x>", "</_x>", "</.x>", "</ a>", "<?", "<?x", "<!DOCTYPE html PUBLIC \"-//W3C//DTD\" \"x>\">",
        "<" + String(repeating: "n", count: 120) + "=\"<script>\">", "<script " + String(repeating: "a", count: 120),
        "</scripts>", "</styles>", "&#43;", "ld&#43;json", "\u{01}", "<p " + String(repeating: "a", count: 100) + "-=",
    ]

    /// A small linear congruential generator: the same pages on every machine.
    struct Generator {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// The first of the pages `make` gives (`count` of them) whose cut tree differs from its whole tree, as
    /// `case N: page`; nil when none does. Tens of thousands of pages are parsed on a thread of their own: on the
    /// test pool's two threads they would hold other suites' async work for seconds.
    static func firstDifference(count: Int, seed: UInt64, _ make: @escaping @Sendable (inout Generator) -> String)
        async throws -> String?
    {
        try await onOwnThread {
            let scorer = UnreadScriptTextTests()
            var generator = Generator(state: seed)
            for number in 0..<count {
                let page = make(&generator)
                let bytes = Array(page.utf8)
                let whole = PageParser.parse(bytes, cuttingUnreadText: false).map { scorer.outline($0) }
                let cut = PageParser.parse(bytes).map { scorer.outline($0) }
                if cut != whole { return "case \(number): \(page)" }
            }
            return nil
        }
    }

    @Test func randomMarkupGivesTheSameTree() async throws {
        let difference = try await Self.firstDifference(count: 20_000, seed: 2026_12_02) { generator in
            var page = "<html><body><p>start</p>"
            for _ in 0..<(4 + generator.next(below: 60)) {
                page += Self.pieces[generator.next(below: Self.pieces.count)]
            }
            return page + "<p>end</p></body></html>"
        }
        #expect(difference == nil, "\(difference ?? "")")
    }

    // Whole elements this time: start tags with attributes, end tags, text, and scripts and style sheets whose bodies
    // hold markup of their own, so most pages are cut somewhere.
    static let names = [
        "p", "div", "b", "script", "style", "SCRIPT", "Style", "noscript", "body", "head", "html", "title", "textarea",
        "select", "option", "table", "tr", "td", "li", "ul", "frameset", "frame", "noframes", "iframe", "xmp", "a",
        "img",
        "br", "meta", "link", "object", "form", "input", "dl", "dd", "h1", "pre", "span", "x-y", "a.b", "_q", "svg",
    ]
    static let values = [
        "x", "\"a b\"", "'c>d'", "\"<script>\"", "'</style>'", "\"ld+json\"", "\"application/ld+json\"",
        "text/javascript", "a/", "\"\"", "''", "&quot;", "\"&#34;\"", "'\"'", "\"'\"", "=", "<", ">x",
    ]
    static let texts = [
        "text", "a < b", "&amp;", "&lt;", "&#60;", " ", "\n", "é", "\u{01}", "x=1;", "<", "</", "</ a>", "<!x>",
        "<![CDATA[x]]>", "-->", "'", "\"", "=", ">", "<_x>", "<:x>", "&", "<?x y?>", "<!-- c -->", "<!---->",
        "<!--->-->", "<!-- --!>", "<!DOCTYPE html>", "<!doctype x PUBLIC \"a\" 'b'>", "< p>", "<é",
    ]

    static func pick(_ choices: [String], _ generator: inout Generator) -> String {
        choices[generator.next(below: choices.count)]
    }

    static func startTag(_ generator: inout Generator) -> String {
        var tag = "<" + pick(names, &generator)
        for _ in 0..<generator.next(below: 3) {
            tag += pick([" ", "\n", "\t", "  "], &generator)
            tag += pick(
                ["type", "src", "class", "id", "data-x", "TYPE", "a", "_b", ".c", ":d", "\"", "'", "=", "/", "<"],
                &generator)
            if generator.next(below: 3) > 0 { tag += pick(["=", " = ", "= "], &generator) + pick(values, &generator) }
        }
        return tag + pick([">", ">", ">", "/>", " />", " >"], &generator)
    }

    static func item(_ generator: inout Generator, depth: Int) -> String {
        switch generator.next(below: 10) {
        case 0, 1, 2:
            return startTag(&generator)
        case 3:
            return "</" + pick(names + ["scripts", "style-x", "script.y"], &generator)
                + pick([">", " >", " x>", "\n>"], &generator)
        case 4, 5:
            return pick(texts, &generator)
        default:
            let opening = pick(
                [
                    "script", "style", "SCRIPT", "script type=\"application/ld+json\"", "script type=module",
                    "style media=x",
                ], &generator)
            var body = ""
            for _ in 0..<generator.next(below: 5) {
                body += depth < 2 ? item(&generator, depth: depth + 1) : pick(texts, &generator)
            }
            let name = opening.hasPrefix("style") ? "style" : "script"
            return "<" + opening + ">" + body
                + pick(["</" + name + ">", "</" + name.uppercased() + ">", "</" + name + " >"], &generator)
        }
    }

    @Test func randomElementsGiveTheSameTree() async throws {
        let difference = try await Self.firstDifference(count: 5000, seed: 2_026_120_217) { generator in
            var page = generator.next(below: 3) == 0 ? "" : "<html><body><p>start</p>"
            for _ in 0..<(2 + generator.next(below: 25)) { page += Self.item(&generator, depth: 0) }
            return page + "<p>end</p></body></html>"
        }
        #expect(difference == nil, "\(difference ?? "")")
    }
}
