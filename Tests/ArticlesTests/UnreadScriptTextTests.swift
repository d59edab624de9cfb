import Foundation
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
    }

    @Test func aBodyEndsAtTheFirstCloseTagOfItsNameInAnyCase() {
        #expect(cut("<SCRIPT>a</div>b</p></ScRiPt><p>c</p>") == "<SCRIPT></ScRiPt><p>c</p>")
        // libxml2 compares the name as a prefix: `</scripts` ends it too.
        #expect(cut("<script>a</scripts>b") == "<script></scripts>b")
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
    ])
    func theTreeIsTheTreeOfTheWholePage(page: String) throws {
        try expectSameTree(page)
    }

    @Test(arguments: GoldenPageTests.pages)
    func realPagesGiveTheSameTree(name: String) throws {
        guard let resources = Bundle.module.resourceURL else { throw CocoaError(.fileNoSuchFile) }
        let source = try Data(contentsOf: resources.appending(path: "Fixtures/golden/\(name)/source.html"))
        let page = String(decoding: source, as: UTF8.self)
        #expect(cut(page).utf8.count < page.utf8.count || !page.lowercased().contains("<script>"))
        try expectSameTree(page)
    }
}
