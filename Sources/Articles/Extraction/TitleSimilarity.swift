import Foundation

/// How much of a heading is the page title, and the title itself cleaned of the site's name.
enum TitleSimilarity {
    /// 1 − the share of `b`'s words (by length) that are not in `a` (Readability's `_textSimilarity`).
    static func similarity(_ a: String, _ b: String) -> Double {
        let tokensA = tokens(a)
        let tokensB = tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let setA = Set(tokensA)
        let unique = tokensB.filter { !setA.contains($0) }
        let distance = Double(unique.joined(separator: " ").count) / Double(tokensB.joined(separator: " ").count)
        return 1 - distance
    }

    /// The article's first heading when all it says is the title, whatever its level and wrapping (Medium's
    /// `<h3>` under a lead picture, Tumblr's linked `<h3>`): a reader shows the title above the body already.
    /// Only a heading that comes before any other text counts (figures and their captions are looked past), and
    /// only one that matches the title both ways, so a section heading such as "Introduction" under the title
    /// "Introduction to Rust" stays.
    static func leadingTitleHeading(in tree: PageTree, content: Int, title: String) -> Int? {
        guard !tokens(title).isEmpty else { return nil }
        var stack = [content]
        while let index = stack.popLast() {
            let node = tree[index]
            if node.isText {
                if !TextWhitespace.isBlank(node.text) { return nil }
                continue
            }
            if ["figure", "picture", "figcaption"].contains(node.name) { continue }
            // A heading, or a paragraph standing in for one (`<p class="titulo">`), when it is the first text.
            if ["h1", "h2", "h3", "h4", "h5", "h6", "p"].contains(node.name) {
                let heading = tree.normalizedText(index)
                let matches = titleCandidates(title).contains {
                    similarity($0, heading) > 0.75 && similarity(heading, $0) > 0.75
                }
                return matches ? index : nil
            }
            stack.append(contentsOf: node.children.reversed())
        }
        return nil
    }

    /// `title`, and each part of it before a spaced separator (`Bridge repairs approved | The Daily` also as
    /// `Bridge repairs approved`): a short title keeps the site's name, which the heading does not repeat.
    static func titleCandidates(_ title: String) -> [String] {
        var candidates = [title]
        for position in positionsOfSpacedSeparators(title).reversed() {
            let part = TextWhitespace.collapse(String(title[..<position]))
            if !tokens(part).isEmpty { candidates.append(part) }
        }
        return candidates
    }

    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    static let hierarchical: Set<Character> = ["\\", "/", ">", "»"]

    /// The article title from the document `<title>`, after Readability's `_getArticleTitle`: the
    /// site's part after (or before) a separator is dropped unless that leaves too few words.
    static func articleTitle(documentTitle: String, headings: [String], firstH1s: [String]) -> String {
        let original = TextWhitespace.collapse(documentTitle)
        var title = original
        var hadHierarchical = false
        let separatorPositions = positionsOfSpacedSeparators(original)
        if let last = separatorPositions.last {
            hadHierarchical = separatorPositions.contains { hierarchical.contains(original[$0]) }
            title = String(original[..<original.index(before: last)])
            if wordCount(title) < 3, let first = original.firstIndex(where: { separators.contains($0) }) {
                title = String(original[original.index(after: first)...])
            }
        } else if title.contains(": ") {
            if !headings.contains(title), let lastColon = original.lastIndex(of: ":"),
                let colon = original.firstIndex(of: ":")
            {
                title = String(original[original.index(after: lastColon)...])
                if wordCount(title) < 3 {
                    title = String(original[original.index(after: colon)...])
                } else if wordCount(String(original[..<colon])) > 5 {
                    title = original
                }
            }
        } else if title.count > 150 || title.count < 15, firstH1s.count == 1 {
            title = firstH1s[0]
        }
        title = TextWhitespace.collapse(title)
        let count = wordCount(title)
        if count <= 4 {
            let withoutSeparators = wordCount(removingSpacedSeparators(original))
            if !hadHierarchical || count != withoutSeparators - 1 { title = original }
        }
        return title
    }

    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }

    /// Where a separator stands between spaces (`" | "`).
    private static func positionsOfSpacedSeparators(_ text: String) -> [String.Index] {
        var result: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if separators.contains(text[index]), index > text.startIndex, next < text.endIndex,
                text[text.index(before: index)].isWhitespace, text[next].isWhitespace
            {
                result.append(index)
            }
            index = next
        }
        return result
    }

    private static func removingSpacedSeparators(_ text: String) -> String {
        let positions = Set(positionsOfSpacedSeparators(text))
        var result = ""
        for index in text.indices where !positions.contains(index) { result.append(text[index]) }
        return result
    }

    /// `title` without a trailing ` - Sportsnet.ca` or ` | The Harbour Gazette` that names the site (its
    /// `og:site_name`, or its host with or without `www.` and its top-level domain), as the feed titles drop a
    /// publisher's suffix (issue 28, point 7); unchanged when the rest would be shorter than three words.
    static func withoutSiteName(_ title: String, siteName: String?, host: String?) -> String {
        func key(_ text: String) -> String {
            String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
        }
        var names: Set<String> = []
        if let siteName, !key(siteName).isEmpty { names.insert(key(siteName)) }
        if let host = host?.lowercased() {
            let bare = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
            names.insert(key(bare))
            if let label = bare.split(separator: ".").first, label.count >= 3 { names.insert(key(String(label))) }
        }
        guard !names.isEmpty else { return title }
        for separator in [" - ", " | ", " – ", " — ", " :: ", " · ", " » ", " / "] {
            guard let range = title.range(of: separator, options: .backwards) else { continue }
            let suffix = key(String(title[range.upperBound...]))
            let rest = String(title[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            guard !suffix.isEmpty, names.contains(suffix) || names.contains(where: { suffix == "the" + $0 }),
                wordCount(rest) >= 3
            else { continue }
            return rest
        }
        return title
    }
}
