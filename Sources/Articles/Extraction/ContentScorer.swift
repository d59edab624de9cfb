import NewsModel

/// One pass of candidate scoring over a prepared page, after Mozilla Readability's `_grabArticle`:
/// boilerplate by class, id and role is dropped, paragraphs are scored by length and commas, each
/// paragraph's score goes to its ancestors (less the further up), link density scales it down, and
/// the best candidate is taken with the siblings that look like its continuation.
struct ContentScorer {
    /// Which of Readability's rules are on; a pass that finds too little text is run again with
    /// fewer of them.
    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikely = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
        static let all: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally]
    }

    var tree: PageTree
    let flags: Flags
    let title: String
    var scores: [Int: Double] = [:]
    /// The byline found in the page (an element marked as author or byline), removed from the body.
    var byline: String?
    /// Whether a byline was already known from the metadata (then bylines in the body are only removed).
    let knownByline: Bool

    init(tree: PageTree, flags: Flags, title: String, knownByline: Bool) {
        self.tree = tree
        self.flags = flags
        self.title = title
        self.knownByline = knownByline
    }

    // The element lists asked about for every element, as bit sets of ``HTMLTag``s.
    static let tagsToScoreTags: TagSet = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let divToParagraphTags: TagSet = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let alterToDivExceptionTags: TagSet = ["div", "article", "section", "p", "ol", "ul"]
    static let removedWhenEmptyTags: TagSet = ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"]
    /// Also names ``HTMLTag`` numbers, hence a list of strings too.
    static let phrasingElements: Set<String> = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i",
        "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q",
        "ruby", "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr",
    ]
    static let phrasingTags = TagSet(phrasingElements)

    /// The article container: a new `div` node (in `tree`) holding the chosen content, or nil when the
    /// page has no body.
    mutating func grab(body: Int) -> Int? {
        var elementsToScore: [Int] = []
        var removeTitleHeader = true
        // Document order, with removal: a stack of (parent, position of the next child to look at),
        // so finding the next element never searches a parent's children (pages with thousands of
        // paragraphs in one container stay linear).
        var stack: [(parent: Int, position: Int)] = [(body, 0)]
        // Removed elements are only detached (their parents' lists are compacted once, after the walk), so the
        // walk steps past them: removing many children of one parent stays linear.
        while let top = stack.last, !tree.clock.spend() {
            var position = top.position
            let count = tree[top.parent].children.count
            while position < count, tree[tree[top.parent].children[position]].isText { position += 1 }
            guard position < count else {
                stack.removeLast()
                continue
            }
            let current = tree[top.parent].children[position]
            stack[stack.count - 1].position = position + 1
            if let next = visit(current, at: position, removeTitleHeader: &removeTitleHeader, &elementsToScore) {
                stack.append((next, 0))
            }
        }
        tree.compact()

        var candidates: [Int] = []
        for paragraph in elementsToScore where tree[paragraph].parent > 0 {
            let text = tree.normalizedText(paragraph)
            let length = TextWhitespace.characterCount(text)
            guard length >= 25 else { continue }
            let ancestors = self.ancestors(paragraph, maximum: 5)
            guard !ancestors.isEmpty else { continue }
            var score = 1.0
            score += Double(Self.commaCount(text) + 1)
            score += Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard tree[ancestor].parent >= 0, ancestor != 0 else { continue }
                if scores[ancestor] == nil {
                    scores[ancestor] = initialScore(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                scores[ancestor, default: 0] += score / divider
            }
        }

        // Nothing below changes the candidates' subtrees (siblings are only moved), so one table
        // of text lengths serves every link density asked for.
        let lengths = TextLengths(tree, under: body)
        var top: [Int] = []
        for candidate in candidates {
            let score = scores[candidate, default: 0] * (1 - lengths.linkDensity(candidate, in: tree))
            scores[candidate] = score
            if let position = top.firstIndex(where: { score > scores[$0, default: 0] }) {
                top.insert(candidate, at: position)
            } else {
                top.append(candidate)
            }
            if top.count > 5 { top.removeLast() }
        }

        var topCandidate: Int
        if let best = top.first, tree[best].name != "body" {
            topCandidate = best
            let bestScore = scores[best, default: 0]
            let alternatives = top.dropFirst().filter { scores[$0, default: 0] / bestScore >= 0.75 }.map {
                Set(ancestors($0, maximum: 0))
            }
            if alternatives.count >= 3 {
                var parent = tree[topCandidate].parent
                while parent > 0, tree[parent].name != "body" {
                    if alternatives.filter({ $0.contains(parent) }).count >= 3 {
                        topCandidate = parent
                        break
                    }
                    parent = tree[parent].parent
                }
            }
            if scores[topCandidate] == nil { scores[topCandidate] = initialScore(topCandidate) }
            // Scores rising on the way up mean more content lurks in the parent: take it.
            var parent = tree[topCandidate].parent
            var lastScore = scores[topCandidate, default: 0]
            let threshold = lastScore / 3
            while parent > 0, tree[parent].name != "body" {
                guard let parentScore = scores[parent] else {
                    parent = tree[parent].parent
                    continue
                }
                if parentScore < threshold { break }
                if parentScore > lastScore {
                    topCandidate = parent
                    break
                }
                lastScore = parentScore
                parent = tree[parent].parent
            }
            parent = tree[topCandidate].parent
            while parent > 0, tree[parent].name != "body", elementChildren(parent).count == 1 {
                topCandidate = parent
                parent = tree[topCandidate].parent
            }
            if scores[topCandidate] == nil { scores[topCandidate] = initialScore(topCandidate) }
        } else {
            // No candidate: the whole body, as a last resort.
            let container = tree.append(PageTree.Node(name: "div", parent: body))
            for child in tree[body].children where child != container { tree.move(child, to: container) }
            scores[container] = initialScore(container)
            return container
        }

        let container = tree.append(PageTree.Node(name: "div", parent: 0))
        tree.remove(container)
        let topScore = scores[topCandidate, default: 0]
        let siblingThreshold = max(10, topScore * 0.2)
        let parent = tree[topCandidate].parent
        let topClass = tree[topCandidate].attribute("class") ?? ""
        for sibling in tree[parent].children where !tree[sibling].isText {
            var append = sibling == topCandidate
            if !append {
                let bonus = !topClass.isEmpty && tree[sibling].attribute("class") == topClass ? topScore * 0.2 : 0
                if let score = scores[sibling], score + bonus >= siblingThreshold {
                    append = true
                } else if tree[sibling].name == "p" {
                    let density = lengths.linkDensity(sibling, in: tree)
                    let text = tree.normalizedText(sibling)
                    let length = TextWhitespace.characterCount(text)
                    if length > 80, density < 0.25 {
                        append = true
                    } else if length < 80, !text.isEmpty, density == 0,
                        text.hasSuffix(".") || UTF8Text.containsBytes(text, ". ")
                    {
                        append = true
                    }
                }
            }
            guard append else { continue }
            if !Self.alterToDivExceptionTags.contains(tree[sibling].tag) { tree[sibling].name = "div" }
            tree.move(sibling, to: container)
        }
        return container
    }

    /// Readability's look at one element during the walk: nil when it was removed (detached, still
    /// listed in its parent until the walk compacts the tree), else the element to walk into (itself, or the paragraph that
    /// replaced it).
    private mutating func visit(
        _ current: Int, at position: Int, removeTitleHeader: inout Bool, _ elementsToScore: inout [Int]
    ) -> Int? {
        let element = tree[current]
        // Every list below asks about the same class and id: their words are found once.
        let words = BoilerplateWords(in: tree.classAndID(current))
        func remove() -> Int? {
            tree.detach(current)
            return nil
        }
        if !isProbablyVisible(element) { return remove() }
        if element.attribute("aria-modal") == "true", element.attribute("role") == "dialog" { return remove() }
        if isByline(current, words) {
            if byline == nil, !knownByline {
                let nameNode = tree.elements(under: current).first {
                    $0 != current && UTF8Text.containsBytes(tree[$0].attribute("itemprop") ?? "", "name")
                }
                byline = tree.normalizedText(nameNode ?? current)
            }
            return remove()
        }
        if removeTitleHeader, headerDuplicatesTitle(current) {
            removeTitleHeader = false
            return remove()
        }
        if words.containsAny(of: BoilerplatePatterns.commentWords),
            !words.containsAny(of: BoilerplatePatterns.commentExceptionWords)
                || Self.namesCommentSection(tree.classAndID(current))
        {
            return remove()
        }
        // Readers' comments marked up as such (schema.org `Comment`, `UserComments`, `itemprop="comment"`), inside
        // the article's container or not (issue 28, point 2).
        if let type = element.attribute("itemtype")?.lowercasedCheaply(),
            type.hasSuffix("schema.org/comment") || type.hasSuffix("schema.org/usercomments")
        {
            return remove()
        }
        if element.attribute("itemprop")?.lowercasedCheaply() == "comment" { return remove() }
        if flags.contains(.stripUnlikely) {
            if words.containsAny(of: BoilerplatePatterns.unlikelyWords),
                !words.containsAny(of: BoilerplatePatterns.maybeCandidateWords),
                !tree.hasAncestor(current, named: "table"), !tree.hasAncestor(current, named: "code"),
                element.name != "a"
            {
                return remove()
            }
            if let role = element.attribute("role"), BoilerplatePatterns.unlikelyRoles.contains(role) {
                return remove()
            }
        }
        if Self.removedWhenEmptyTags.contains(element.tag), isWithoutContent(current) { return remove() }
        if Self.tagsToScoreTags.contains(element.tag) { elementsToScore.append(current) }
        guard element.name == "div" else { return current }
        wrapPhrasingRuns(current)
        if hasSingleChild(current, named: "p"), tree.linkDensity(current) < 0.25 {
            let child = elementChildren(current)[0]
            // A paragraph made here of the div's own text keeps what the div's class and id said of it (a
            // caption, a credit, a date line), for the cleaning after.
            if tree[child].attributes.isEmpty {
                tree[child].attributes = element.attributes.filter { $0.name == "class" || $0.name == "id" }
            }
            replace(current, with: child, at: position)
            elementsToScore.append(child)
            return child
        }
        if !hasChildBlockElement(current) {
            tree[current].name = "p"
            elementsToScore.append(current)
        }
        return current
    }

    /// The commas of `text` in any script (Readability's list: U+002C, U+060C, U+FE50, U+FE10,
    /// U+FE11, U+2E41, U+2E34, U+2E32, U+FF0C), without hashing each scalar into a set.
    static func commaCount(_ text: String) -> Int {
        var count = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2C, 0x60C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: count += 1
            default: continue
            }
        }
        return count
    }

    func initialScore(_ index: Int) -> Double {
        var score = 0.0
        switch tree[index].name {
        case "div": score += 5
        case "pre", "td", "blockquote": score += 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score -= 3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score -= 5
        default: break
        }
        return score + Double(classWeight(index))
    }

    /// +25 for a class or id that says content, −25 for one that says boilerplate, each.
    func classWeight(_ index: Int) -> Int {
        guard flags.contains(.weightClasses) else { return 0 }
        var weight = 0
        for name in ["class", "id"] {
            guard let value = tree[index].attribute(name)?.lowercasedCheaply(), !value.isEmpty else { continue }
            let words = BoilerplateWords(in: value)
            if BoilerplatePatterns.isNegative(value, words: words) { weight -= 25 }
            if words.containsAny(of: BoilerplatePatterns.positiveWords) { weight += 25 }
        }
        return weight
    }

    func isProbablyVisible(_ node: PageTree.Node) -> Bool {
        if node.attribute("hidden") != nil { return false }
        if let style = node.attribute("style")?.lowercased().filter({ !$0.isWhitespace }),
            UTF8Text.containsBytes(style, "display:none")
                || UTF8Text.containsBytes(style, "visibility:hidden")
        {
            return false
        }
        if node.attribute("aria-hidden") == "true",
            !UTF8Text.containsBytes(node.attribute("class") ?? "", "fallback-image")
        {
            return false
        }
        return true
    }

    func isByline(_ index: Int, _ words: BoilerplateWords) -> Bool {
        let node = tree[index]
        guard
            node.attribute("rel") == "author"
                || UTF8Text.containsBytes(node.attribute("itemprop") ?? "", "author")
                || words.containsAny(of: BoilerplatePatterns.bylineWords)
        else { return false }
        let length = TextWhitespace.characterCount(tree.normalizedText(index))
        return length > 0 && length < 100
    }

    func headerDuplicatesTitle(_ index: Int) -> Bool {
        guard ["h1", "h2"].contains(tree[index].name) else { return false }
        return TitleSimilarity.similarity(title, tree.normalizedText(index)) > 0.75
    }

    func isWithoutContent(_ index: Int) -> Bool {
        guard !tree.hasText(index) else { return false }
        let children = elementChildren(index)
        return children.isEmpty || children.allSatisfy { ["br", "hr"].contains(tree[$0].name) }
    }

    func elementChildren(_ index: Int) -> [Int] {
        tree[index].children.filter { !tree[$0].isText }
    }

    func hasSingleChild(_ index: Int, named name: String) -> Bool {
        let children = elementChildren(index)
        guard children.count == 1, tree[children[0]].name == name else { return false }
        return !tree[index].children.contains { tree[$0].isText && !TextWhitespace.isBlank(tree[$0].text) }
    }

    func hasChildBlockElement(_ index: Int) -> Bool {
        tree.hasDescendant(named: Self.divToParagraphTags, under: index)
    }

    func isPhrasing(_ index: Int) -> Bool {
        let node = tree[index]
        if node.isText { return true }
        if Self.phrasingTags.contains(node.tag) { return true }
        if ["a", "del", "ins"].contains(node.name) { return node.children.allSatisfy { isPhrasing($0) } }
        return false
    }

    /// Runs of text and inline elements directly in a `div` put into paragraphs, so they are scored.
    mutating func wrapPhrasingRuns(_ div: Int) {
        let children = tree[div].children
        var newChildren: [Int] = []
        var run: [Int] = []
        func flush() {
            while let first = run.first, tree[first].isText, TextWhitespace.isBlank(tree[first].text) {
                run.removeFirst()
            }
            while let last = run.last, tree[last].isText, TextWhitespace.isBlank(tree[last].text) {
                run.removeLast()
            }
            guard !run.isEmpty else { return }
            let paragraph = tree.nodes.count
            tree.nodes.append(PageTree.Node(name: "p", parent: div, children: run))
            for child in run { tree[child].parent = paragraph }
            newChildren.append(paragraph)
            run = []
        }
        for child in children {
            if isPhrasing(child) {
                run.append(child)
            } else {
                flush()
                newChildren.append(child)
            }
        }
        flush()
        tree[div].children = newChildren
    }

    /// Puts `child` in the place of `index`, found at `position` among its parent's children.
    mutating func replace(_ index: Int, with child: Int, at position: Int) {
        let parent = tree[index].parent
        guard parent >= 0, tree[parent].children.indices.contains(position), tree[parent].children[position] == index
        else { return }
        tree[index].children.removeAll { $0 == child }
        tree[parent].children[position] = child
        tree[child].parent = parent
        tree[index].parent = -1
    }

    func ancestors(_ index: Int, maximum: Int) -> [Int] {
        var result: [Int] = []
        var current = tree[index].parent
        while current > 0 {
            result.append(current)
            if maximum > 0, result.count == maximum { break }
            current = tree[current].parent
        }
        return result
    }

    /// Whether a class or id names a comment section outright (``BoilerplatePatterns/commentSections``).
    static func namesCommentSection(_ classAndID: String) -> Bool {
        classAndID.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains {
            BoilerplatePatterns.commentSections.contains(String($0))
        }
    }
}
