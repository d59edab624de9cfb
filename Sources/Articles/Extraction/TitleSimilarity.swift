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
}
