import NewsModel

/// Where a page says its article is (issue 28, point 5): `itemprop="articleBody"` (schema.org microdata), else the
/// body classes of the common blog and news engines (`entry-content` of WordPress, `post-body` of Blogger,
/// `post-content`, `article-body`, `story-body`, …). The scorer's winner gives way to it when it leaves most of the
/// marked text out: a short post inside its marker beats an "about me" sidebar.
package enum PageMarkers {
    /// Class names (whole, lowercased) that mark an article's body.
    static let bodyClasses: Set<String> = [
        "entry-content", "post-body", "post-content", "article-body", "articlebody", "article__body",
        "article-content", "story-body", "story-content", "post-entry", "blog-post-body", "entry-body",
        "post__content", "c-entry-content", "article-text",
    ]

    /// The marked article body under `root`: the one element with `itemprop="articleBody"`, else the one element
    /// with a body class (elements inside a marked one do not count); nil when the page marks none, or marks
    /// several apart (a page split into marked blocks is left to the scorer).
    static func articleBody(in tree: PageTree, under root: Int) -> Int? {
        var itemprops: [Int] = []
        var classed: [Int] = []
        for index in tree.elements(under: root) {
            let node = tree[index]
            if node.attribute("itemprop")?.lowercasedCheaply().split(separator: " ").contains("articlebody") == true {
                itemprops.append(index)
            } else if let classes = node.attribute("class")?.lowercasedCheaply(),
                classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains(where: {
                    bodyClasses.contains(String($0))
                })
            {
                classed.append(index)
            }
        }
        for marked in [itemprops, classed] where !marked.isEmpty {
            let outermost = marked.filter { index in
                !marked.contains { $0 != index && isAncestor($0, of: index, in: tree) }
            }
            return outermost.count == 1 ? outermost[0] : nil
        }
        return nil
    }

    /// The lowercased words of `text`.
    package static func words(_ text: String) -> Set<Substring> {
        let lowered = text.lowercased()
        return wordsOfPlainText(lowered) ?? wordsByCharacters(lowered)
    }

    /// ``words(_:)`` by `Character`s: what it always was, for any text.
    package static func wordsByCharacters(_ lowered: String) -> Set<Substring> {
        Set(lowered.split { !$0.isLetter && !$0.isNumber })
    }

    /// ``words(_:)`` on the bytes when every character of `lowered` is ASCII or one of the punctuation marks and
    /// spaces of ``isPlainPunctuation(_:)`` (curly quotes, dashes, a no-break space, …): then a word is a run of
    /// ASCII letters and digits, each character one scalar, as the `Character` code finds it. Nil otherwise. Splitting
    /// by `Character`, with a property lookup for each, was a ninth of all extraction.
    package static func wordsOfPlainText(_ lowered: String) -> Set<Substring>? {
        var copy = lowered
        let ranges: [Range<Int>]? = copy.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            var start: Int?
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    let isWordByte = (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
                    if isWordByte {
                        if start == nil { start = index }
                    } else if let open = start {
                        ranges.append(open..<index)
                        start = nil
                    }
                    index += 1
                    continue
                }
                let (scalar, length) = UTF8Text.scalar(at: index, in: bytes)
                guard isPlainPunctuation(scalar) else { return nil }
                if let open = start {
                    ranges.append(open..<index)
                    start = nil
                }
                index += length
            }
            if let open = start { ranges.append(open..<bytes.count) }
            return ranges
        }
        guard let ranges else { return nil }
        let utf8 = lowered.utf8
        var words = Set<Substring>(minimumCapacity: ranges.count / 2)
        for range in ranges {
            let from = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let to = utf8.index(from, offsetBy: range.count)
            words.insert(lowered[from..<to])
        }
        return words
    }

    /// Punctuation and spaces that are neither letters nor numbers, are their own lowercase, and neither join the
    /// character before them nor take the one after into theirs.
    private static func isPlainPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0, 0xAB, 0xBB, 0x2010...0x2015, 0x2018...0x201F, 0x2022, 0x2026, 0x2032, 0x2033: true
        default: false
        }
    }

    /// Whether `text` holds at least 60 % of the distinct words of `marked`.
    static func covers(_ text: String, _ marked: String) -> Bool {
        let wanted = words(marked)
        guard !wanted.isEmpty else { return true }
        let found = words(text)
        return Double(wanted.filter(found.contains).count) >= 0.6 * Double(wanted.count)
    }

    /// Whether `ancestor` is above `index` in `tree`.
    static func isAncestor(_ ancestor: Int, of index: Int, in tree: PageTree) -> Bool {
        var current = tree[index].parent
        while current >= 0 {
            if current == ancestor { return true }
            current = tree[current].parent
        }
        return false
    }
}
