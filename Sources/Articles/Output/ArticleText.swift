/// The article as plain text: one paragraph per block (paragraph, heading, list item, quote,
/// table row), separated by blank lines; `<pre>` keeps its lines; the same elements are left out
/// as in the HTML, and figures (images with their captions) too.
struct ArticleText {
    let tree: PageTree

    func text(_ root: Int) -> String {
        var paragraphs: [String] = []
        var current = ""
        func flush() {
            // Split on the bytes: line breaks here come only from <br> (text's own newlines are
            // spaces by now), and splitting by Character cost as much as writing the text.
            let lines = current.utf8.split(separator: 0x0A, omittingEmptySubsequences: true).map {
                TextWhitespace.collapse(String(decoding: $0, as: UTF8.self))
            }.filter { !$0.isEmpty }
            if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
            current = ""
        }
        // Iterative walk; a marker closes a block.
        enum Step {
            case node(Int)
            case endBlock
            case endCell
        }
        var stack: [Step] = tree[root].children.reversed().map { .node($0) }
        while let step = stack.popLast() {
            switch step {
            case .endBlock:
                flush()
            case .endCell:
                current += " | "
            case .node(let index):
                let node = tree[index]
                if node.isText {
                    current += node.text.replacingNewlines()
                    continue
                }
                if ArticleSanitizer.droppedTags.contains(node.tag) { continue }
                switch node.name {
                case "br":
                    current += "\n"
                case "pre":
                    flush()
                    let lines = tree.text(index).split(separator: "\n", omittingEmptySubsequences: false)
                    let kept = lines.map { String($0).trimmingTrailingSpaces() }
                    let block = kept.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed().joined(
                        separator: "\n")
                    if !block.isEmpty { paragraphs.append(block) }
                case "img", "figure", "figcaption", "picture":
                    // Figures stay in the HTML with their captions; the text is the article's prose
                    // (captions and credits between its paragraphs read as noise, and the public
                    // ground truths of news extraction leave them out too).
                    continue
                case "td", "th":
                    stack.append(.endCell)
                    stack.append(contentsOf: node.children.reversed().map { .node($0) })
                default:
                    if ArticleSanitizer.blockTags.contains(node.tag), !["td", "th"].contains(node.name) {
                        flush()
                        stack.append(.endBlock)
                    }
                    stack.append(contentsOf: node.children.reversed().map { .node($0) })
                }
            }
        }
        flush()
        return paragraphs.map { $0.trimmingCellSeparators() }.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

extension String {
    /// Newlines in HTML source text are spaces when rendered.
    fileprivate func replacingNewlines() -> String {
        guard utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return self }
        return String(decoding: utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// A table row's trailing ` | `, and empty cells' separators at either end.
    fileprivate func trimmingCellSeparators() -> String {
        var text = Substring(self)
        while text.hasSuffix("|") || text.hasSuffix(" ") { text.removeLast() }
        while text.hasPrefix("|") || text.hasPrefix(" ") { text.removeFirst() }
        return String(text)
    }
}
