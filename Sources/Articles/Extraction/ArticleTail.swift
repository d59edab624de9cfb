/// What follows an article inside its container and is not of it (issue 28, point 1): a "Related", "More news",
/// "Trending now" or "Most popular" block (a heading that says so, or letter-spaced as `R E L A T E D`, with the
/// links after it), and runs of headline links with or without one-line teasers at the article's end.
///
/// Trimmed from the end only: walking back from the last block, each block that is such a list (or its heading) is
/// removed, and the walk stops at the first block of the article's own text. A heading that announces such a block
/// anywhere goes with the link-dense block right after it.
enum ArticleTail {
    /// Words of headings that announce other stories (lowercased, letters only).
    static let announcements = [
        "related", "relatedstories", "relatedarticles", "relatedcontent", "morenews", "morestories", "morefrom",
        "trending", "trendingnow", "mostpopular", "mostread", "popular", "readmore", "readnext", "recommended",
        "recommendedforyou", "youmayalsolike", "youmightalsolike", "alsoread", "seealso", "moreonthis",
        "moreonthisstory", "topstories", "latestnews", "latest", "editorspicks", "dontmiss", "whattoreadnext",
        "morelikethis", "inothernews", "elsewhere",
    ]

    static let headingNames: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Elements that hold a list of stories.
    static let listContainers: Set<String> = ["ul", "ol", "dl", "div", "section", "aside", "nav", "table", "tbody"]

    /// Removes the trailing non-article blocks of `content`, and announced blocks anywhere in it.
    static func trim(_ tree: inout PageTree, content: Int) {
        removeAnnounced(&tree, under: content)
        var container = content
        // A single wrapper (a div around everything) is looked into.
        while blockChildren(tree, of: container).count == 1, let only = blockChildren(tree, of: container).first,
            !tree[only].isText, tree[only].name != "p"
        {
            container = only
        }
        while let last = blockChildren(tree, of: container).last, isOtherStories(tree, last) {
            tree.remove(last)
        }
    }

    /// The children of `index` that are elements or hold text.
    private static func blockChildren(_ tree: PageTree, of index: Int) -> [Int] {
        tree[index].children.filter { !tree[$0].isText || !TextWhitespace.isBlank(tree[$0].text) }
    }

    /// A heading (or a short block) whose words announce other stories.
    static func isAnnouncement(_ tree: PageTree, _ index: Int) -> Bool {
        guard !tree[index].isText else { return false }
        let text = tree.normalizedText(index)
        guard !text.isEmpty, text.count <= 40 else { return false }
        let squeezed = String(text.lowercased().filter(\.isLetter))
        guard headingNames.contains(tree[index].name) || tree.elements(named: ["a"], under: index).isEmpty
        else { return false }
        return announcements.contains(squeezed)
    }

    /// A list of at least three links whose text is most of its text: headlines, with or without teasers.
    static func isLinkList(_ tree: PageTree, _ index: Int) -> Bool {
        // A list or a box of blocks: a paragraph of prose with links in it is the article's.
        guard !tree[index].isText, listContainers.contains(tree[index].name) else { return false }
        let links = tree.elements(named: ["a"], under: index).filter { !tree.normalizedText($0).isEmpty }
        guard links.count >= 3 else { return false }
        return tree.linkDensity(index) >= 0.5
    }

    private static func isOtherStories(_ tree: PageTree, _ index: Int) -> Bool {
        if tree[index].isText { return false }
        if isAnnouncement(tree, index) || isLinkList(tree, index) { return true }
        // A block that starts with an announcing heading (a "Related" box).
        if let first = blockChildren(tree, of: index).first, isAnnouncement(tree, first) {
            return tree.linkDensity(index) >= 0.3
        }
        return false
    }

    /// A heading announcing other stories, with the link-dense block after it, wherever they are.
    private static func removeAnnounced(_ tree: inout PageTree, under content: Int) {
        for heading in tree.elements(named: TagSet(headingNames), under: content) where isAnnouncement(tree, heading) {
            let parent = tree[heading].parent
            guard parent >= 0 else { continue }
            let siblings = blockChildren(tree, of: parent)
            guard let position = siblings.firstIndex(of: heading), position + 1 < siblings.count else { continue }
            let next = siblings[position + 1]
            guard isLinkList(tree, next) || tree.linkDensity(next) >= 0.5 else { continue }
            tree.remove(next)
            tree.remove(heading)
        }
    }
}
