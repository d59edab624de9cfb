import NewsModel

/// Blocks inside an article that are the page's, not the story's (issue 28, point 1): a teaser of another story
/// marked up as an `<article>` of its own, a paragraph that is only a link to another story (`CLICK HERE TO GET
/// THE APP`, a headline between two paragraphs), a paragraph that leads into one (`Related: …`, `READ MORE: …`,
/// `Leggi anche …`), and a gallery's counter (`Image 1 of 8`).
///
/// An article's own paragraphs are never only one link or a counter; a paragraph with a link in its prose, a list
/// of links and a linked heading are the article's, and stay.
enum InlinePromotions {
    /// The blocks looked at: paragraphs, captions, list items and headings (a `div` of text became a `p`).
    static let blockTags: TagSet = ["p", "figcaption", "li", "h2", "h3", "h4", "h5", "h6", "dd", "blockquote"]

    /// Words that lead into a link to another story, lowercased letters only, before a colon or the link.
    static let leadIns: Set<String> = [
        "related", "readmore", "seemore", "more", "alsoread", "readalso", "seealso", "read", "recommended",
        "mustread", "dontmiss", "watch", "listen", "previously", "relatedarticle", "relatedstory",
        "relatedarticles", "relatedstories", "leggianche", "lesensieauch", "lireaussi", "voiraussi", "léaseademás",
        "leatambién", "veatambién", "leiatambém", "vejatambém", "читайтетакже", "смотритетакже", "lesenauch",
        "meerlezen", "leesook", "relatedpost", "relatedposts", "relatedlink", "relatedlinks",
    ]

    /// Removes the promotions under `content`.
    static func remove(_ tree: inout PageTree, content: Int) {
        removeOtherArticles(&tree, content: content)
        for block in tree.elements(named: blockTags, under: content) where tree.isAttached(block, to: content) {
            // A block holding other blocks is judged by them.
            if tree.hasDescendant(named: blockTags, under: block) { continue }
            // Every rule wants a short block or a link: a long paragraph without one is prose, and its text is
            // not built.
            let length = tree.textLength(block)
            guard length > 0, length <= 200 || tree.first("a", under: block) != nil else { continue }
            let text = tree.normalizedText(block)
            if isGalleryCounter(text) || isScriptNotice(text) || isShortcode(text)
                || isLinkOnly(tree, block, text: text) || isLeadIn(tree, block, text: text)
            {
                tree.remove(block)
            }
        }
    }

    /// An `<article>` inside the article that is a teaser of another story: most of the text is elsewhere, and it
    /// is short (at most 150 words) with an excerpt cut off (`…`, `[...]`), a linked headline or picture, a permalink
    /// to another page, or many links.
    /// (A live blog's entries are `<article>`s too, but whole: they stay.)
    static func removeOtherArticles(_ tree: inout PageTree, content: Int) {
        // One `<article>` is the article itself (or its wrapper): teasers come beside or inside it.
        let articles = tree.elements(named: ["article"], under: content).filter { $0 != content }
        guard articles.count >= 2 else { return }
        let total = tree.textLength(content)
        var teasers: [Int] = []
        var teaserLength = 0
        for other in articles where !teasers.contains(where: { tree.isAttached(other, to: $0) }) {
            let length = tree.textLength(other)
            guard length * 2 < total else { continue }
            let text = tree.normalizedText(other)
            guard Article.wordCount(text) <= 150 else { continue }
            let cut = tree.elements(named: blockTags, under: other).contains { isCutOff(tree.normalizedText($0)) }
            let linkedHeadline = tree.elements(named: ["h1", "h2", "h3", "h4", "h5", "h6"], under: other).contains {
                tree.first("a", under: $0) != nil || tree[tree[$0].parent].name == "a"
            }
            // A picture or a permalink (`rel="bookmark"`) that leads to another page: a card's.
            let linkedAway = tree.elements(named: ["a"], under: other).contains { link in
                let href = tree[link].attribute("href") ?? ""
                guard !href.isEmpty, !href.hasPrefix("#") else { return false }
                return tree.first("img", under: link) != nil
                    || (tree[link].attribute("rel") ?? "").split(separator: " ").contains("bookmark")
            }
            if cut || linkedHeadline || linkedAway || tree.linkDensity(other) >= 0.25 {
                teasers.append(other)
                teaserLength += length
            }
        }
        // A page of teasers only (a section's front) is left whole: the article is what stays, a fifth of the
        // text at least and more than a teaser's worth (500 characters).
        let rest = total - teaserLength
        guard rest >= 500, rest * 5 >= total else { return }
        for teaser in teasers { tree.remove(teaser) }
    }

    /// Whether a paragraph ends as an excerpt does: `…`, `...`, `[…]`, `[...]`, `(...)`.
    static func isCutOff(_ text: String) -> Bool {
        var trimmed = Substring(text)
        while let last = trimmed.last, last == "]" || last == ")" || last == " " { trimmed = trimmed.dropLast() }
        return trimmed.hasSuffix("…") || trimmed.hasSuffix("...")
    }

    /// `This slideshow requires JavaScript.`, `Please enable JavaScript to view the comments`, `Your browser does not
    /// support the video tag.`: what a page says to a browser without scripts, at most 15 words.
    static func isScriptNotice(_ text: String) -> Bool {
        guard text.utf8.count <= 200, Article.wordCount(text) <= 15 else { return false }
        let lowered = text.lowercased()
        if UTF8Text.containsBytes(lowered, "your browser does not support") { return true }
        guard UTF8Text.containsBytes(lowered, "javascript") else { return false }
        return ["requires", "require", "enable", "turn on", "needs", "must be", "is disabled", "not available"]
            .contains { UTF8Text.containsBytes(lowered, $0) }
    }

    /// A blog engine's shortcode left unrendered as the whole block: `[button link="…"]Send us your review[/button]`,
    /// `[gallery ids="1,2"]`, `[/caption]`: an opening tag with attributes or a closing tag of the same name.
    static func isShortcode(_ text: String) -> Bool {
        guard text.first == "[", text.last == "]", text.utf8.count <= 300 else { return false }
        let inside = text.dropFirst().prefix { $0 != "]" }
        // Shortcode names are ASCII words (`[사진=JTBC]` is a photo credit, `[1]` a note).
        let name = inside.drop { $0 == "/" }.prefix {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-")
        }
        guard !name.isEmpty, name.first?.isLetter == true else { return false }
        if inside.hasPrefix("/") { return inside.count == name.count + 1 }
        let attributes = inside.dropFirst(name.count)
        return text.hasSuffix("[/" + name + "]")
            || attributes.first == " " && attributes.contains("=") && inside.count + 2 == text.count
    }

    /// `Image 1 of 8`, `Photo 3 / 12`, `1 of 5`, `Image 1 of / 8`: a slide's number among the slides.
    static func isGalleryCounter(_ text: String) -> Bool {
        // The longest counter is a few words: a paragraph of prose is not split to find out.
        guard text.utf8.count <= 40 else { return false }
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "/" })
        guard (2...5).contains(words.count), let last = words.last, last.allSatisfy(\.isNumber) else { return false }
        var rest = words.dropLast()
        if let first = rest.first,
            ["image", "photo", "picture", "slide", "foto", "bild", "imagen", "фото"].contains(first)
        {
            rest = rest.dropFirst()
        }
        guard let number = rest.first, number.allSatisfy(\.isNumber) else { return false }
        rest = rest.dropFirst()
        // Two numbers alone are a counter only with a slash between them (`3 / 12`, not `2019 2020`).
        guard let word = rest.first else { return text.contains("/") }
        return rest.count == 1 && ["of", "von", "de", "di", "sur", "из", "van"].contains(word)
    }

    /// A paragraph whose words (three or more) are all one link's: a headline or a call to action. Brackets, bars and
    /// bullets beside the link (`[VIDEO]`, `|`) count as the link's.
    static func isLinkOnly(_ tree: PageTree, _ block: Int, text: String) -> Bool {
        guard tree[block].name == "p" else { return false }
        let links = tree.elements(named: ["a"], under: block)
        guard links.count == 1, Article.wordCount(text) >= 3 else { return false }
        let linked = TextWhitespace.characterCount(tree.normalizedText(links[0]))
        let total = TextWhitespace.characterCount(text)
        return Double(linked) >= Double(total) * 0.9 || total - linked <= 3
    }

    /// `Related: <a>…</a>`, `READ MORE: <a>…</a>`, `<strong>Leggi anche</strong> <a>…</a>`: a lead-in (before a
    /// colon or dash in the first 30 characters, or an element of its own), then mostly a link.
    static func isLeadIn(_ tree: PageTree, _ block: Int, text: String) -> Bool {
        guard tree.first("a", under: block) != nil else { return false }
        let start = text.prefix(31)
        let head = start.prefix(while: { !leadInEnds.contains($0) })
        let leadIn: String
        if head.count < start.count {
            leadIn = String(head)
        } else if let first = tree[block].children.first(where: { !tree.isBlank($0) }), !tree[first].isText,
            tree[first].name != "a"
        {
            leadIn = tree.normalizedText(first)
        } else {
            return false
        }
        return leadIns.contains(letters(leadIn)) && tree.linkDensity(block) >= 0.5
    }

    /// What ends a lead-in: a colon, a dash, a guillemet or an arrow.
    static let leadInEnds: Set<Character> = [":", "—", "–", "»", ">", "|"]

    private static func letters(_ text: String) -> String {
        String(text.lowercased().filter(\.isLetter))
    }
}
