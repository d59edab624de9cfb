/// A parsed page as plain Swift values: every element and text node in one array, linked by index.
///
/// libxml2 builds the document; it is copied into this tree at once and freed, so extraction works
/// on values (no C pointers outlive the parse, nothing needs `deinit`) and can rearrange the tree
/// (drop boilerplate, rename a `div` to `p`) without touching libxml2's memory rules.
struct PageTree {
    /// One element or text node.
    struct Node {
        /// The lowercased tag name; empty for a text node.
        var name: String {
            didSet { tag = HTMLTag(name) }
        }
        /// `name` as a number, for the sets of names asked about every element.
        private(set) var tag: HTMLTag
        /// The text of a text node.
        var text: String = ""
        var attributes: [(name: String, value: String)] = []
        var parent: Int
        var children: [Int] = []

        init(
            name: String, text: String = "", attributes: [(name: String, value: String)] = [], parent: Int,
            children: [Int] = []
        ) {
            self.name = name
            self.tag = HTMLTag(name)
            self.text = text
            self.attributes = attributes
            self.parent = parent
            self.children = children
        }

        var isText: Bool { name.isEmpty }

        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        mutating func setAttribute(_ name: String, _ value: String) {
            if let index = attributes.firstIndex(where: { $0.name == name }) {
                attributes[index].value = value
            } else {
                attributes.append((name, value))
            }
        }
    }

    /// Node 0 is the document; its children are the top-level elements.
    var nodes: [Node] = [Node(name: "#document", parent: -1)]

    /// The extraction's time budget, spent by the walks and edits below (every copy of the tree shares it).
    var clock = ExtractionClock(limit: nil)

    /// Whether the parser stopped at its most nodes (``PageParser/maximumNodes(forPageBytes:)``): the page is
    /// not extracted (`too complex`).
    var isCut = false

    /// Parents whose children lists still hold nodes ``detach(_:)`` took out, until ``compact()``.
    private var detachedFrom: [Int] = []

    /// The deepest nesting kept; libxml2 stops at 256 levels without `XML_PARSE_HUGE` (which stays
    /// off), and the recursive passes over this tree rely on it staying shallow.
    static let maximumDepth = 260

    subscript(_ index: Int) -> Node {
        get { nodes[index] }
        set { nodes[index] = newValue }
    }

    /// Adds a node under `parent` and returns its index.
    @discardableResult
    mutating func append(_ node: Node) -> Int {
        let index = nodes.count
        nodes.append(node)
        nodes[node.parent].children.append(index)
        return index
    }

    /// The first element called `name`, in document order.
    func first(_ name: String, under root: Int = 0) -> Int? {
        var stack = [root]
        while let index = stack.popLast() {
            if clock.spend() { return nil }
            if nodes[index].name == name { return index }
            stack.append(contentsOf: nodes[index].children.reversed())
        }
        return nil
    }

    /// Every element under `root` (itself included) in document order.
    func elements(under root: Int = 0) -> [Int] {
        var result: [Int] = []
        var stack = [root]
        while let index = stack.popLast() {
            guard !nodes[index].isText else { continue }
            if clock.spend() { return result }
            result.append(index)
            var position = nodes[index].children.count
            while position > 0 {
                position -= 1
                stack.append(nodes[index].children[position])
            }
        }
        return result
    }

    /// Every element named one of `names` under `root`, in document order.
    func elements(named names: TagSet, under root: Int = 0) -> [Int] {
        // One walk, each element's tag tested against the bit set.
        var result: [Int] = []
        var stack = [root]
        // Fields are read in place: copying each Node out retained and released all four of its
        // references.
        while let index = stack.popLast() {
            guard !nodes[index].isText else { continue }
            if clock.spend() { return result }
            if names.contains(nodes[index].tag) { result.append(index) }
            var position = nodes[index].children.count
            while position > 0 {
                position -= 1
                stack.append(nodes[index].children[position])
            }
        }
        return result
    }

    /// Takes `index` out of its parent (the node and its subtree stay in the array, unreachable).
    ///
    /// This searches the parent's children: many removals from one parent go through ``detach(_:)`` and
    /// ``compact()`` instead, which stay linear.
    mutating func remove(_ index: Int) {
        let parent = nodes[index].parent
        guard parent >= 0 else { return }
        _ = clock.spend(nodes[parent].children.count)
        nodes[parent].children.removeAll { $0 == index }
        nodes[index].parent = -1
    }

    /// Takes `index` out of its parent at once for every walk that follows parent links (``isAttached(_:to:)``,
    /// ``hasAncestor(_:named:depth:)``), but leaves it in the parent's list of children until ``compact()``:
    /// a run of removals from one parent then costs one pass over its children, not one per removal.
    mutating func detach(_ index: Int) {
        let parent = nodes[index].parent
        guard parent >= 0 else { return }
        nodes[index].parent = -1
        if detachedFrom.last != parent { detachedFrom.append(parent) }
    }

    /// Drops the nodes ``detach(_:)`` took out from their former parents' lists of children, one pass per parent.
    mutating func compact() {
        guard !detachedFrom.isEmpty else { return }
        var done = Set<Int>()
        for parent in detachedFrom where done.insert(parent).inserted {
            var children = nodes[parent].children
            nodes[parent].children = []
            _ = clock.spend(children.count)
            children.removeAll { nodes[$0].parent != parent }
            nodes[parent].children = children
        }
        detachedFrom = []
    }

    /// Takes `index`, found at `position` among its parent's children, out of its parent.
    mutating func remove(_ index: Int, at position: Int) {
        let parent = nodes[index].parent
        guard parent >= 0 else { return }
        if position < nodes[parent].children.count, nodes[parent].children[position] == index {
            _ = clock.spend(nodes[parent].children.count - position)
            nodes[parent].children.remove(at: position)
            nodes[index].parent = -1
        } else {
            remove(index)
        }
    }

    /// Replaces `index` with its children in its parent.
    mutating func unwrap(_ index: Int) {
        let parent = nodes[index].parent
        guard parent >= 0, !clock.spend(nodes[parent].children.count),
            let position = nodes[parent].children.firstIndex(of: index)
        else { return }
        let children = nodes[index].children
        for child in children { nodes[child].parent = parent }
        nodes[parent].children.replaceSubrange(position...position, with: children)
        nodes[index].children = []
        nodes[index].parent = -1
    }

    /// Moves `child` to the end of `parent`'s children.
    mutating func move(_ child: Int, to parent: Int) {
        remove(child)
        nodes[child].parent = parent
        nodes[parent].children.append(child)
    }

    /// Whether `index` is still under `root` (the document by default).
    func isAttached(_ index: Int, to root: Int = 0) -> Bool {
        var current = index
        while current != root {
            current = nodes[current].parent
            if current < 0 { return false }
        }
        return true
    }

    /// The text under `index`, concatenated as it is (whitespace not collapsed).
    func text(_ index: Int) -> String {
        var result = ""
        var stack = [index]
        while let current = stack.popLast() {
            if clock.spend() { return result }
            if nodes[current].isText {
                result += nodes[current].text
            } else {
                stack.append(contentsOf: nodes[current].children.reversed())
            }
        }
        return result
    }

    /// Whether any element strictly under `root` has one of `names`: the walk stops at the first (checking a `div`
    /// for block children listed every descendant before).
    func hasDescendant(named names: TagSet, under root: Int) -> Bool {
        var stack = nodes[root].children
        while let index = stack.popLast() {
            if clock.spend() { return false }
            guard !nodes[index].isText else { continue }
            if names.contains(nodes[index].tag) { return true }
            stack.append(contentsOf: nodes[index].children)
        }
        return false
    }

    /// Whether any text under `index` is more than whitespace.
    func hasText(_ index: Int) -> Bool {
        var stack = [index]
        while let current = stack.popLast() {
            if clock.spend() { return false }
            let node = nodes[current]
            if node.isText {
                if TextWhitespace.hasContent(node.text) { return true }
            } else {
                stack.append(contentsOf: node.children)
            }
        }
        return false
    }

    /// Whether ``normalizedText(_:)`` of `index` is empty: every text node under it blank (text
    /// nodes are whole characters, so joining them makes no new whitespace or text).
    func isBlank(_ index: Int) -> Bool {
        var stack = [index]
        while let current = stack.popLast() {
            if clock.spend() { return true }
            if nodes[current].isText {
                if !TextWhitespace.isBlank(nodes[current].text) { return false }
            } else {
                stack.append(contentsOf: nodes[current].children)
            }
        }
        return true
    }

    /// The text under `index` with runs of whitespace as one space, trimmed.
    func normalizedText(_ index: Int) -> String {
        TextWhitespace.collapse(text(index))
    }

    /// The number of characters under `index`, whitespace runs counted once (the measure scoring uses).
    func textLength(_ index: Int) -> Int {
        // Each text node measured on its bytes and joined in order (the same count as going
        // scalar by scalar through all of them, as ``TextLengths`` relies on).
        var summary = TextLengths.Summary()
        var stack = [index]
        while let current = stack.popLast() {
            if clock.spend() { break }
            if nodes[current].isText {
                summary = summary.joined(TextLengths.measure(nodes[current].text))
            } else {
                stack.append(contentsOf: nodes[current].children.reversed())
            }
        }
        return Int(summary.count)
    }

    /// The share of the text under `index` that is link text (Readability's link density; a link
    /// to an anchor on the same page counts for less, as it is usually a table of contents).
    func linkDensity(_ index: Int) -> Double {
        let total = textLength(index)
        guard total > 0 else { return 0 }
        var linked = 0.0
        for link in elements(named: ["a"], under: index) {
            let href = nodes[link].attribute("href") ?? ""
            linked += Double(textLength(link)) * (href.hasPrefix("#") && href.count > 1 ? 0.3 : 1)
        }
        return linked / Double(total)
    }

    /// Whether an ancestor of `index` is named `name`, within `depth` levels (all when nil).
    func hasAncestor(_ index: Int, named name: String, depth: Int? = nil) -> Bool {
        var current = nodes[index].parent
        var level = 0
        while current > 0 {
            if let depth, level >= depth { return false }
            if nodes[current].name == name { return true }
            current = nodes[current].parent
            level += 1
        }
        return false
    }

    /// The class and id of an element, for the boilerplate patterns.
    func classAndID(_ index: Int) -> String {
        let className = nodes[index].attribute("class") ?? ""
        let id = nodes[index].attribute("id") ?? ""
        // Most elements have neither.
        if className.isEmpty, id.isEmpty { return " " }
        return (className + " " + id).lowercasedCheaply()
    }
}
