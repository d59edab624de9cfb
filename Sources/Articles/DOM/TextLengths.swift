/// ``PageTree/textLength(_:)`` of every node under one root, worked out in one pass over the text
/// (scoring asked for the length of each candidate and of each link in it, reading the same text
/// again for every ancestor).
///
/// Lengths count whitespace runs once, so they do not simply add up; each node keeps what joining
/// it to its neighbours needs (whether it starts or ends with whitespace), and a parent's length is
/// its children's joined in order. The table describes the tree as it was when made: after a node
/// is taken out, ``update(from:in:)`` brings its ancestors up to date.
struct TextLengths {
    /// What one node's text contributes: its length when whitespace comes before it, and its edges.
    struct Summary {
        var count: Int32 = 0
        var startsWithSpace = false
        var endsWithSpace = false
        var isEmpty = true

        /// `self` followed by `next`.
        func joined(_ next: Summary) -> Summary {
            if next.isEmpty { return self }
            if isEmpty { return next }
            // A whitespace run where the two meet counts once, and only after text.
            let extra: Int32 = next.startsWithSpace && !endsWithSpace ? 1 : 0
            return Summary(
                count: count + next.count + extra, startsWithSpace: startsWithSpace,
                endsWithSpace: next.endsWithSpace, isEmpty: false)
        }
    }

    private var summaries: [Summary]

    /// The lengths of `root` and everything under it in `tree`.
    init(_ tree: PageTree, under root: Int) {
        summaries = Array(repeating: Summary(), count: tree.nodes.count)
        var order: [Int] = []
        var stack = [root]
        while let index = stack.popLast() {
            order.append(index)
            stack.append(contentsOf: tree.nodes[index].children)
        }
        // Children come after their parent in `order`, so backwards every child is done first.
        for index in order.reversed() { summaries[index] = summary(of: index, in: tree) }
    }

    /// The length of `index`, as ``PageTree/textLength(_:)`` counts it.
    func length(_ index: Int) -> Int {
        Int(summaries[index].count)
    }

    /// ``PageTree/linkDensity(_:)`` from the table: the same links, summed in the same order.
    func linkDensity(_ index: Int, in tree: PageTree) -> Double {
        let total = length(index)
        guard total > 0 else { return 0 }
        var linked = 0.0
        for link in tree.elements(named: ["a"], under: index) {
            let href = tree.nodes[link].attribute("href") ?? ""
            linked += Double(length(link)) * (href.hasPrefix("#") && href.count > 1 ? 0.3 : 1)
        }
        return linked / Double(total)
    }

    /// After a child of `parent` was taken out: `parent` and its ancestors measured again.
    mutating func update(from parent: Int, in tree: PageTree) {
        var current = parent
        while current >= 0 {
            summaries[current] = summary(of: current, in: tree)
            current = tree.nodes[current].parent
        }
    }

    private func summary(of index: Int, in tree: PageTree) -> Summary {
        let node = tree.nodes[index]
        guard node.isText else {
            var result = Summary()
            for child in node.children { result = result.joined(summaries[child]) }
            return result
        }
        return Self.measure(node.text)
    }

    /// The summary of one run of text, scalar by scalar on its UTF-8 bytes.
    static func measure(_ text: String) -> Summary {
        var text = text
        return text.withUTF8 { bytes in
            var result = Summary()
            var lastWasSpace = true
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                let width = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                let space = TextWhitespace.isSpace(bytes, at: index, byte: byte)
                if space {
                    if !lastWasSpace { result.count += 1 }
                } else {
                    result.count += 1
                }
                if result.isEmpty {
                    result.isEmpty = false
                    result.startsWithSpace = space
                }
                lastWasSpace = space
                index += width
            }
            result.endsWithSpace = !result.isEmpty && lastWasSpace
            return result
        }
    }
}
