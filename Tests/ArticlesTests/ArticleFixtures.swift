import Articles
import Foundation
import TestSupport

/// Real pages of Mozilla Readability's test corpus, read in place from the shared folder (``SharedData``), and small
/// pages made for one rule each.
enum ArticleFixtures {
    /// The address the made-up pages come from.
    static let pageURL = URL(string: "https://news.example/2020/04/bridge.html") ?? URL(fileURLWithPath: "/")

    /// A page of Readability's test corpus and the article Readability.js extracts from it (the test needs
    /// `.needsSharedData`).
    static func page(_ name: String) throws -> (source: [UInt8], expected: String) {
        let folder = try SharedData.readabilityPage(name)
        let source = try Data(contentsOf: folder.appendingPathComponent("source.html"))
        let expected = try String(contentsOf: folder.appendingPathComponent("expected.html"), encoding: .utf8)
        return ([UInt8](source), expected)
    }

    /// A page with `body` inside an `<article>` after a navigation bar, with enough real text
    /// around it to be an article.
    static func article(_ body: String, head: String = "") -> [UInt8] {
        let paragraphs = (1...4).map {
            "<p>Paragraph \($0) of the story, long enough to count: the council met on Tuesday, voted, "
                + "and agreed that the bridge will be repaired before winter, said the mayor.</p>"
        }.joined()
        return Array(
            """
            <!DOCTYPE html><html lang="en"><head><title>Bridge repairs approved | The Daily</title>\(head)</head>
            <body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <article><h1>Bridge repairs approved</h1>\(paragraphs)\(body)</article>
            <footer>Copyright The Daily</footer></body></html>
            """.utf8)
    }

    /// The words of `text` as the quality measure counts them (lowercased `\w+` runs).
    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The share of `reference`'s word 4-grams found in `text` (recall), and of `text`'s found in
    /// `reference` (precision).
    static func shingleScores(_ text: String, reference: String) -> (precision: Double, recall: Double) {
        func shingles(_ text: String) -> Set<[String]> {
            let words = tokens(text)
            guard words.count >= 4 else { return words.isEmpty ? [] : [words] }
            return Set((0...(words.count - 4)).map { Array(words[$0..<$0 + 4]) })
        }
        let got = shingles(text)
        let want = shingles(reference)
        let common = Double(got.intersection(want).count)
        return (got.isEmpty ? 0 : common / Double(got.count), want.isEmpty ? 1 : common / Double(want.count))
    }

    /// The text of an HTML fragment, tags dropped, entities for the few the fixtures use decoded.
    static func plainText(_ html: String) -> String {
        var result = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                result += " "
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                result.append(character)
            }
        }
        return result.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&nbsp;", with: " ")
    }
}
