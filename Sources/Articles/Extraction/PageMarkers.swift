/// Where a page says its article is (issue 28, point 5): `itemprop="articleBody"` (schema.org microdata), else the
/// body classes of the common blog and news engines (`entry-content` of WordPress, `post-body` of Blogger,
/// `post-content`, `article-body`, `story-body`, …). The scorer's winner gives way to it when it leaves most of the
/// marked text out: a short post inside its marker beats an "about me" sidebar.
enum PageMarkers {
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
    static func words(_ text: String) -> Set<Substring> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber })
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
