import NewsModel

/// The chosen content cleaned for reading, after Readability's `_prepArticle`: forms, embeds,
/// asides and share bars out; tables, lists and divs that look like boilerplate (many links, more
/// images than paragraphs, inputs, a negative class) removed unless they are data tables; `h1`
/// becomes `h2` (the title is shown on its own); empty paragraphs and single-cell layout tables go.
struct ContentCleaner {
    var scorer: ContentScorer

    /// The scorer's tree, edited in place: with only `get` and `set`, every edit copied the whole tree.
    var tree: PageTree {
        get { scorer.tree }
        _modify { yield &scorer.tree }
    }

    mutating func clean(_ content: Int) {
        let dataTables = markDataTables(content)
        PagePreparation.fixLazyImages(&tree, under: content)
        cleanConditionally(content, "form", dataTables)
        cleanConditionally(content, "fieldset", dataTables)
        remove(content, ["object", "embed", "footer", "link", "aside", "nav"])
        // Removals below are detached and compacted after each loop (linear however many share a parent);
        // each decision reads only the element's own subtree, which a removal in document order never
        // changes before it is read.
        for child in tree[content].children where !tree[child].isText {
            for index in tree.elements(under: child) where index != child {
                let match = tree.classAndID(index)
                if BoilerplatePatterns.isShareElement(match), tree.textLength(index) < 500 { tree.detach(index) }
            }
        }
        tree.compact()
        remove(content, ["iframe", "input", "textarea", "select", "button", "svg", "canvas", "video", "audio"])
        for heading in tree.elements(named: ["h1", "h2"], under: content) where scorer.classWeight(heading) < 0 {
            tree.remove(heading)
        }
        cleanConditionally(content, "table", dataTables)
        cleanConditionally(content, "ul", dataTables)
        cleanConditionally(content, "div", dataTables)
        removeFurniture(content)
        for heading in tree.elements(named: ["h1"], under: content) { tree[heading].name = "h2" }
        for paragraph in tree.elements(named: ["p"], under: content) {
            guard tree.isBlank(paragraph) else { continue }
            let hasMedia = !tree.elements(named: ["img", "embed", "object", "iframe"], under: paragraph).isEmpty
            if !hasMedia { tree.detach(paragraph) }
        }
        tree.compact()
        for br in tree.elements(named: ["br"], under: content) {
            if let next = PagePreparation.nextElementSibling(tree, br), tree[next].name == "p" { tree.remove(br) }
        }
        for table in tree.elements(named: ["table"], under: content) {
            let body = singleChild(table, "tbody") ?? table
            guard let row = singleChild(body, "tr"), let cell = singleChild(row, "td") else { continue }
            tree[cell].name = tree[cell].children.allSatisfy { scorer.isPhrasing($0) } ? "p" : "div"
            let parent = tree[table].parent
            if let position = tree[parent].children.firstIndex(of: table) {
                tree.remove(cell)
                tree[parent].children[position] = cell
                tree[cell].parent = parent
                tree[table].parent = -1
            }
        }
    }

    /// Dates, credits, captions outside figures, author boxes and tool bars inside the article: small
    /// elements whose class or id says so, `<time>` lines, and lines that only say when it was updated.
    private mutating func removeFurniture(_ content: Int) {
        // In document order, a removal only touches elements already looked at (ancestors) or
        // no longer attached (inside the removed one), so lengths taken at the start stay right.
        let lengths = TextLengths(tree, under: content)
        for index in tree.elements(under: content) where index != content {
            guard tree.isAttached(index, to: content), !["figure", "figcaption", "img"].contains(tree[index].name)
            else { continue }
            let length = lengths.length(index)
            if length < 250
                && BoilerplateWords(in: tree.classAndID(index)).containsAny(
                    of: BoilerplatePatterns.articleFurnitureWords)
                || length < 1000 && UTF8Text.containsBytes(tree.classAndID(index), "caption"),
                !tree.hasAncestor(index, named: "figure")
            {
                tree.remove(index)
                continue
            }
            guard ["p", "div", "span", "time"].contains(tree[index].name), length < 90 else { continue }
            let text = tree.normalizedText(index).lowercased()
            let onlyTime = tree[index].name == "time" && tree.normalizedText(tree[index].parent).count < 90
            if onlyTime
                || BoilerplatePatterns.datelinePrefixes.contains(where: { text.hasPrefix($0) })
                    && text.contains(where: \.isNumber)
            {
                tree.remove(onlyTime ? tree[index].parent : index)
            }
        }
    }

    private func singleChild(_ index: Int, _ name: String) -> Int? {
        scorer.hasSingleChild(index, named: name) ? scorer.elementChildren(index)[0] : nil
    }

    private mutating func remove(_ content: Int, _ names: TagSet) {
        // Embedded players go too: the sanitized article carries no frames or plugins.
        for index in tree.elements(named: names, under: content) where index != content { tree.detach(index) }
        tree.compact()
    }

    /// Tables that hold data (a caption, headers, many cells) rather than layout.
    func markDataTables(_ content: Int) -> Set<Int> {
        var result: Set<Int> = []
        for table in tree.elements(named: ["table"], under: content) {
            let node = tree[table]
            if node.attribute("role") == "presentation" || node.attribute("datatable") == "0" { continue }
            if !(node.attribute("summary") ?? "").isEmpty {
                result.insert(table)
                continue
            }
            if let caption = tree.first("caption", under: table), !tree[caption].children.isEmpty {
                result.insert(table)
                continue
            }
            let inside = tree.elements(under: table).dropFirst()
            if inside.contains(where: { ["col", "colgroup", "tfoot", "thead", "th"].contains(tree[$0].name) }) {
                result.insert(table)
                continue
            }
            if inside.contains(where: { tree[$0].name == "table" }) { continue }
            var rows = 0
            var columns = 0
            for row in tree.elements(named: ["tr"], under: table) {
                rows += Int(tree[row].attribute("rowspan") ?? "") ?? 1
                var rowColumns = 0
                for cell in tree[row].children where ["td", "th"].contains(tree[cell].name) {
                    rowColumns += Int(tree[cell].attribute("colspan") ?? "") ?? 1
                }
                columns = max(columns, rowColumns)
            }
            if rows == 1 || columns == 1 { continue }
            if rows >= 10 || columns > 4 || rows * columns > 10 { result.insert(table) }
        }
        return result
    }

    private mutating func cleanConditionally(_ content: Int, _ tag: String, _ dataTables: Set<Int>) {
        guard scorer.flags.contains(.cleanConditionally) else { return }
        // Innermost first, as Readability walks backwards: a removed inner box no longer counts.
        var lengths = TextLengths(tree, under: content)
        for node in tree.elements(named: [tag], under: content).reversed() where node != content {
            guard tree.isAttached(node, to: content) else { continue }
            if shouldRemove(node, tag, dataTables, lengths) {
                let parent = tree[node].parent
                // Measuring the parent again reads all its children.
                if tree.clock.spend(tree[parent].children.count) { return }
                tree.remove(node)
                lengths.update(from: parent, in: tree)
            }
        }
    }

    private func shouldRemove(_ node: Int, _ tag: String, _ dataTables: Set<Int>, _ lengths: TextLengths) -> Bool {
        let textLength = lengths.length(node)
        var isList = tag == "ul" || tag == "ol"
        if !isList, textLength > 0 {
            let listLength = tree.elements(named: ["ul", "ol"], under: node).reduce(0) { $0 + lengths.length($1) }
            isList = Double(listLength) / Double(textLength) > 0.9
        }
        if tag == "table", dataTables.contains(node) { return false }
        var ancestor = tree[node].parent
        while ancestor > 0 {
            if dataTables.contains(ancestor) || tree[ancestor].name == "code" { return false }
            ancestor = tree[ancestor].parent
        }
        let inside = tree.elements(under: node)
        if inside.contains(where: { dataTables.contains($0) }) { return false }
        let weight = scorer.classWeight(node)
        if weight < 0 { return true }
        let text = tree.normalizedText(node)
        // Counted on the bytes: iterating Characters here was a twentieth of all the work.
        guard text.utf8.reduce(0, { $1 == 0x2C ? $0 + 1 : $0 }) < 10 else { return false }
        var counts: [String: Int] = [:]
        for index in inside.dropFirst() { counts[tree[index].name, default: 0] += 1 }
        let paragraphs = counts["p", default: 0]
        let images = counts["img", default: 0]
        let items = counts["li", default: 0] - 100
        let inputs = counts["input", default: 0]
        let embeds = counts["object", default: 0] + counts["embed", default: 0] + counts["iframe", default: 0]
        // Only a short text can be one of the words: lowercasing takes at most four bytes to one,
        // so a longer one is not lowercased (that was most of this check's work for long boxes).
        if text.utf8.count <= Self.longestBoxWord * 4 {
            let lowered = text.lowercasedCheaply()
            if BoilerplatePatterns.adWords.contains(lowered) { return true }
            var loading = lowered
            if loading.hasSuffix("…") {
                loading.removeLast()
            } else if loading.hasSuffix("...") {
                loading.removeLast(3)
            }
            if BoilerplatePatterns.loadingWords.contains(loading) { return true }
        }
        let headingDensity = textDensity(node, ["h1", "h2", "h3", "h4", "h5", "h6"], total: textLength, lengths)
        let textishDensity = textDensity(node, Self.textishTags, total: textLength, lengths)
        let isFigureChild = tree.hasAncestor(node, named: "figure")
        let linkDensity = lengths.linkDensity(node, in: tree)
        let contentLength = TextWhitespace.characterCount(text)
        var remove = false
        if !isFigureChild, images > 1, Double(paragraphs) / Double(images) < 0.5 { remove = true }
        if !isList, items > paragraphs { remove = true }
        if inputs > paragraphs / 3 { remove = true }
        if !isList, !isFigureChild, headingDensity < 0.9, contentLength < 25, images == 0 || images > 2,
            linkDensity > 0
        {
            remove = true
        }
        if !isList, weight < 25, linkDensity > 0.2 { remove = true }
        if weight >= 25, linkDensity > 0.5 { remove = true }
        if (embeds == 1 && contentLength < 75) || embeds > 1 { remove = true }
        if images == 0, textishDensity == 0 { remove = true }
        // A plain list of images stays.
        if isList, remove {
            for child in tree[node].children where !tree[child].isText {
                if tree[child].children.filter({ !tree[$0].isText }).count > 1 { return true }
            }
            if images == counts["li", default: 0] { return false }
        }
        return remove
    }

    /// The bytes of the longest ad or loading word, with the three of an ellipsis after it.
    static let longestBoxWord =
        BoilerplatePatterns.adWords.union(BoilerplatePatterns.loadingWords).map(\.utf8.count).max(by: <).map { $0 + 3 }
        ?? 0

    static let textishTags: TagSet = [
        "span", "li", "td", "blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul",
    ]

    /// The share of `node`'s text inside elements named one of `tags`.
    private func textDensity(_ node: Int, _ tags: TagSet, total: Int, _ lengths: TextLengths) -> Double {
        guard total > 0 else { return 0 }
        // Outermost matching elements only, so nested ones are not counted twice.
        var length = 0
        var stack = tree[node].children
        while let index = stack.popLast() {
            guard !tree[index].isText else { continue }
            if tags.contains(tree[index].tag) {
                length += lengths.length(index)
            } else {
                stack.append(contentsOf: tree[index].children)
            }
        }
        return Double(length) / Double(total)
    }
}
