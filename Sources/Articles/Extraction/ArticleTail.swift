import Foundation
import NewsModel

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
        "morelikethis", "inothernews", "elsewhere", "more", "relatedposts", "relatedpost", "youmayalsobeinterestedin",
        // The same in the languages of the corpora and the judge's sites.
        "leggianche", "potrebbeinteressarti", "lireaussi", "àlireaussi", "surlemêmesujet", "lesensieauch",
        "mehrzumthema", "dasinteressiertsieauch", "leatambién", "teinteresa", "relacionados", "relacionadas",
        "notíciasrelacionadas", "leiatambém", "vejatambém", "maislidas", "maisvistos", "читайтетакже",
        "смотритетакже", "похожиестатьи", "популярное", "самоепопулярное", "самыепопулярные", "関連記事", "相关文章",
        "相关阅读", "推荐阅读",
    ]
    /// Beginnings of headings that announce other stories whatever follows (`Most popular diets`, `Related posts
    /// from the archive`).
    static let announcementPrefixes = [
        "mostpopular", "mostread", "relatedstories", "relatedarticles", "relatedposts", "morestories", "morenews",
        "morefrom", "youmayalsolike", "youmightalsolike", "recommendedfor", "самыепопулярные", "популярные",
        "похожие", "читайтетакже", "leggianche", "lireaussi", "lesensieauch", "mehrzum",
    ]

    /// How a heading of the form `More … Stories` ends (lowercased letters).
    static let moreSuffixes = ["stories", "news", "articles", "reads", "posts", "videos", "headlines"]

    static let headingNames: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Elements that hold a list of stories.
    static let listContainers: Set<String> = ["ul", "ol", "dl", "div", "section", "aside", "nav", "table", "tbody"]

    /// Removes the trailing non-article blocks of `content`, and announced blocks anywhere in it.
    static func trim(_ tree: inout PageTree, content: Int) {
        removeAnnounced(&tree, under: content)
        removeCardRuns(&tree, under: content)
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

    /// What sites put under every article's last paragraph: how to reach the writer or follow the site, a
    /// newsletter or app to sign up for, an affiliate disclosure, a citation line, a call for comments. (A
    /// publisher's copyright line stays: it is often part of a syndicated story's text.) Walking back from the last
    /// paragraph, each short one that says so goes; the walk stops at the first paragraph of the story. Run after
    /// the paywall's prompts were looked for: a prompt is a finding, not furniture.
    static func trimClosingFurniture(_ tree: inout PageTree, content: Int) {
        // A page of a few words (a test page, a note: under 600 characters, about 100 words) has no furniture.
        guard tree.textLength(content) >= 600 else { return }
        for _ in 0..<12 {
            guard let last = lastBlock(tree, under: content), isClosing(tree, last) else { return }
            tree.remove(last)
        }
    }

    /// The last block under `root` that holds text and no other block, found walking back from the end (a long
    /// article's beginning is never visited).
    static func lastBlock(_ tree: PageTree, under root: Int) -> Int? {
        textBlocks(tree, under: root, fromEnd: true, limit: 1).first
    }

    /// Up to `limit` blocks under `root` that hold text and no other block, from the start or from the end, figures
    /// passed over (their captions and credits are not the article's text): what the opening and closing walks read.
    static func textBlocks(_ tree: PageTree, under root: Int, fromEnd: Bool, limit: Int) -> [Int] {
        var blocks: [Int] = []
        // A stack: children pushed in reverse come out in document order.
        var stack = fromEnd ? tree[root].children : tree[root].children.reversed()
        while blocks.count < limit, let index = stack.popLast() {
            if tree.clock.spend() { break }
            guard !tree[index].isText, tree[index].name != "figure" else { continue }
            if InlinePromotions.blockTags.contains(tree[index].tag),
                !tree.hasDescendant(named: InlinePromotions.blockTags, under: index)
            {
                if !tree.isBlank(index) { blocks.append(index) }
                continue
            }
            stack.append(contentsOf: fromEnd ? tree[index].children : tree[index].children.reversed())
        }
        return blocks
    }

    /// A closing block that is not the story's: furniture (``isClosingFurniture(_:)``), a heading that announces
    /// other stories, a line of tags (three links or more and little else), or a word or two left over from the
    /// page (`Advert`, `comments`, `Tags`: at most 20 characters, not a heading, and not in Chinese or Japanese,
    /// where a whole sentence is one "word").
    static func isClosing(_ tree: PageTree, _ block: Int) -> Bool {
        let text = tree.normalizedText(block)
        if isClosingFurniture(text) || isAnnouncement(tree, block) { return true }
        let squeezed = String(text.lowercased().filter(\.isLetter))
        if headingNames.contains(tree[block].name), closingHeadings.contains(squeezed) { return true }
        // `Loading content ...`: a leftover's trailing dots are not a sentence's.
        let leftover = text.trimmingCharacters(in: CharacterSet(charactersIn: ".… "))
        if Article.wordCount(text) <= 2, text.count <= 20, !leftover.contains(where: { ".!?".contains($0) }),
            text.unicodeScalars.allSatisfy({ $0.value < 0x2E80 }),
            !headingNames.contains(tree[block].name), tree.first("img", under: block) == nil
        {
            return true
        }
        return tree.elements(named: ["a"], under: block).count >= 3 && tree.linkDensity(block) >= 0.8
    }

    /// Headings of the boxes sites put under an article (lowercased letters).
    static let closingHeadings: Set<String> = [
        "subscribe", "newsletter", "signup", "share", "sharethis", "sharethisarticle", "sharethisstory", "comments",
        "advertisement", "followus", "getthenewsletter",
    ]

    /// Phrases of a closing line that is about the site or the writer rather than the story (lowercased).
    static let closingPhrases = [
        "follow us", "follow him", "follow her", "follow them", "follow me", "have a tip", "news tip",
        "may be reached at", "can be reached at", "reach the reporter", "contact the reporter", "email the reporter",
        "sign up for", "sign up to", "subscribe to", "delivered to your inbox", "in your inbox",
        "this document is subject to copyright", "affiliate link", "affiliate and/or", "affiliate commission",
        "may contain affiliate", "tell us what you think", "join our", "join the conversation", "citation:",
        "get the app", "download the app", "our newsletter", "newsletters.", "follow @", "click here",
        "moderator", "moderador", "moderated", "tags:", "etiquetas:", "schlagwörter:",
    ]

    /// A short paragraph (at most 60 words) that only sends the reader elsewhere: an email address, or one of
    /// ``closingPhrases``.
    static func isClosingFurniture(_ text: String) -> Bool {
        guard Article.wordCount(text) <= 60 else { return false }
        let lowered = text.lowercased()
        if closingPhrases.contains(where: { UTF8Text.containsBytes(lowered, $0) }) { return true }
        // An email address: letters, `@`, a host with a dot.
        return lowered.split(separator: " ").contains { word in
            guard let at = word.firstIndex(of: "@"), at != word.startIndex else { return false }
            let host = word[word.index(after: at)...].trimmingCharacters(in: .punctuationCharacters)
            return host.contains(".") && host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
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
            || headingNames.contains(tree[index].name) && announcementPrefixes.contains(where: squeezed.hasPrefix)
            // `More Great WIRED Stories`, `More Science News`: more of the site's stories.
            || squeezed.hasPrefix("more") && moreSuffixes.contains(where: squeezed.hasSuffix)
    }

    /// A story's card: a box (not a paragraph) of at most 50 words with a link to another page, its headline or
    /// picture.
    static func isTeaserCard(_ tree: PageTree, _ index: Int) -> Bool {
        guard !tree[index].isText, tree[index].name != "p", !headingNames.contains(tree[index].name) else {
            return false
        }
        guard Article.wordCount(tree.normalizedText(index)) <= 50 else { return false }
        return tree.elements(named: ["a"], under: index).contains { link in
            let href = tree[link].attribute("href") ?? ""
            return !href.isEmpty && !href.hasPrefix("#")
        }
    }

    /// A list of at least three links whose text is most of its text: headlines, with or without teasers.
    static func isLinkList(_ tree: PageTree, _ index: Int) -> Bool {
        // A list or a box of blocks: a paragraph of prose with links in it is the article's.
        guard !tree[index].isText, listContainers.contains(tree[index].name) else { return false }
        let links = tree.elements(named: ["a"], under: index).filter { !tree.normalizedText($0).isEmpty }
        guard links.count >= 3 else { return false }
        return tree.linkDensity(index) >= 0.5
    }

    /// A list (three items or more) with a link in every item: after a heading that announces other stories, those
    /// stories, however much teaser is around their links.
    static func isListOfLinks(_ tree: PageTree, _ index: Int) -> Bool {
        guard ["ul", "ol"].contains(tree[index].name) else { return false }
        let items = tree[index].children.filter { !tree[$0].isText && tree[$0].name == "li" }
        return items.count >= 3 && items.allSatisfy { tree.first("a", under: $0) != nil }
    }

    static let headingTags = TagSet(headingNames)
    private static let headingAndParagraphTags = TagSet(headingNames.union(["p"]))

    /// A paragraph whose text is all in one bold element (`<p><strong>Related</strong></p>`): a heading in all but
    /// name.
    static func isBoldLine(_ tree: PageTree, _ paragraph: Int) -> Bool {
        var only = paragraph
        while true {
            let children = blockChildren(tree, of: only)
            guard children.count == 1, let child = children.first, !tree[child].isText else { break }
            only = child
            if ["strong", "b"].contains(tree[only].name) { return true }
        }
        return false
    }

    /// Story cards side by side anywhere in the article (a carousel of other stories, a row of product boxes): three
    /// blocks or more, every one a ``isStoryCard(_:_:)`` leading to a page of its own, together less than half the
    /// article's text.
    static func removeCardRuns(_ tree: inout PageTree, under content: Int) {
        let total = tree.textLength(content)
        for box in tree.elements(named: TagSet(listContainers), under: content) where box != content {
            guard tree.isAttached(box, to: content) else { continue }
            let children = blockChildren(tree, of: box)
            guard children.count >= 3, children.allSatisfy({ isStoryCard(tree, $0) }) else { continue }
            let targets = Set(children.compactMap { cardTarget(tree, $0) })
            guard targets.count == children.count, tree.textLength(box) * 2 < total else { continue }
            tree.remove(box)
        }
    }

    /// A teaser card with a headline: a box (not a paragraph or a list item of prose) of at most 50 words with a link
    /// to another page that is not a picture file, and a heading or a link of three words or more. (A gallery's slides
    /// have a picture and a caption, not a headline: they are not cards.)
    static func isStoryCard(_ tree: PageTree, _ index: Int) -> Bool {
        guard !tree[index].isText, !["p", "li", "a"].contains(tree[index].name), isTeaserCard(tree, index),
            cardTarget(tree, index) != nil
        else { return false }
        if tree.hasDescendant(named: headingTags, under: index) { return true }
        return tree.elements(named: ["a"], under: index).contains { Article.wordCount(tree.normalizedText($0)) >= 3 }
    }

    /// Where a card leads: its first link to another page that is not a picture file.
    private static func cardTarget(_ tree: PageTree, _ index: Int) -> String? {
        tree.elements(named: ["a"], under: index).lazy.compactMap { tree[$0].attribute("href") }.first { href in
            guard !href.isEmpty, !href.hasPrefix("#") else { return false }
            let path = href.lowercased().split(separator: "?").first.map(String.init) ?? ""
            return !(PagePreparation.imageExtensions + [".svg"]).contains { path.hasSuffix($0) }
        }
    }

    private static func isOtherStories(_ tree: PageTree, _ index: Int) -> Bool {
        if tree[index].isText { return false }
        if isAnnouncement(tree, index) || isLinkList(tree, index) { return true }
        // A block that starts with an announcing heading (a "Related" box).
        let children = blockChildren(tree, of: index)
        if let first = children.first, isAnnouncement(tree, first) {
            // Or nothing but the heading: a box whose stories a script was to fill in.
            return tree.linkDensity(index) >= 0.3 || children.dropFirst().allSatisfy { tree.isBlank($0) }
        }
        return false
    }

    /// A heading announcing other stories, with the link-dense blocks or story cards after it, wherever they are.
    /// A paragraph that is one bold line (`<p><strong>DON'T MISS</strong></p>`) is such a heading too.
    private static func removeAnnounced(_ tree: inout PageTree, under content: Int) {
        let headings = tree.elements(named: headingAndParagraphTags, under: content).filter {
            (tree[$0].name != "p" || isBoldLine(tree, $0) || UTF8Text.containsBytes(tree.classAndID($0), "heading"))
                && isAnnouncement(tree, $0)
        }
        for heading in headings where tree.isAttached(heading, to: content) {
            let parent = tree[heading].parent
            guard parent >= 0 else { continue }
            let siblings = blockChildren(tree, of: parent)
            guard let position = siblings.firstIndex(of: heading), position + 1 < siblings.count else { continue }
            // The link-dense blocks after it, or the run of story cards (two at least); empty blocks between them
            // are passed over.
            var run: [Int] = []
            var cards = 0
            for next in siblings[(position + 1)...] {
                if tree.isBlank(next) {
                    // A card of pictures only (their titles in `alt`) leading to other stories, or an empty block.
                    if tree.first("img", under: next) == nil { continue }
                    guard cardTarget(tree, next) != nil else { break }
                    run.append(next)
                    cards += 1
                    continue
                }
                if isLinkList(tree, next) || tree.linkDensity(next) >= 0.5 || isListOfLinks(tree, next) {
                    run.append(next)
                } else if isTeaserCard(tree, next) {
                    run.append(next)
                    cards += 1
                } else {
                    break
                }
            }
            guard !run.isEmpty, cards == 0 || run.count >= 2 else { continue }
            for next in run { tree.remove(next) }
            tree.remove(heading)
        }
    }
}
