import CLibXML2

/// Turns libxml2's SAX events into a ``PageTree``, as libxml2's own DOM builder would turn them into
/// its document: elements under the open element, adjacent text merged into one node (a comment
/// between two runs of text keeps them apart), text outside any element dropped. The text of scripts
/// and style sheets is not kept (preparation removes them before anything reads their text), except
/// JSON-LD scripts, which the metadata reads.
final class PageTreeBuilder {
    private(set) var tree = PageTree()
    /// The open elements, innermost last: their index in `tree`, or -1 for one too deep to keep.
    private var open: [Int] = [0]
    /// The text node the next characters extend, or -1 when they start a new one.
    private var openText = -1
    /// The open script or style element whose text is dropped, or -1 (they hold no elements).
    private var droppedTextIn = -1
    /// The most nodes kept; once reached, nothing more is added and the tree is marked ``PageTree/isCut``.
    private let maximumNodes: Int

    init(maximumNodes: Int = .max) {
        self.maximumNodes = maximumNodes
    }

    /// Whether the tree holds all the nodes it may (the parser should stop).
    var isFull: Bool { tree.isCut }

    /// Marks the tree cut when it is full; true when nothing more may be added.
    private func full() -> Bool {
        if tree.nodes.count >= maximumNodes { tree.isCut = true }
        return tree.isCut
    }

    func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        openText = -1
        let parent = open[open.count - 1]
        // Depth as the tree counts it: the document's children are at depth 1. Deeper elements
        // than the tree keeps are not made at all (nor anything inside them).
        guard parent >= 0, open.count <= PageTree.maximumDepth, !full() else {
            open.append(-1)
            return
        }
        var element = PageTree.Node(name: Self.lowercased(name), parent: parent)
        if var pair = attributes {
            while let attributeName = pair.pointee {
                let value = pair.successor().pointee.map { String(cString: $0) } ?? ""
                element.attributes.append((Self.lowercased(attributeName), value))
                pair += 2
            }
        }
        let index = tree.append(element)
        open.append(index)
        if element.name == "style"
            || element.name == "script"
                && !(element.attribute("type")?.lowercased().contains("ld+json") ?? false)
        {
            droppedTextIn = index
        }
    }

    func end() {
        openText = -1
        if open.count > 1, open.removeLast() == droppedTextIn { droppedTextIn = -1 }
    }

    func characters(_ bytes: UnsafeBufferPointer<xmlChar>) {
        let parent = open[open.count - 1]
        // Text directly in the document has no element to go in (libxml2 drops it too).
        guard parent > 0, parent != droppedTextIn, open.count <= PageTree.maximumDepth else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        if openText >= 0 {
            tree.nodes[openText].text += text
        } else if !full() {
            openText = tree.append(PageTree.Node(name: "", text: text, parent: parent))
        }
    }

    /// A comment or processing instruction: not kept, but text after it is a node of its own.
    func interrupt() {
        openText = -1
    }

    /// The tree built, leaving this builder empty.
    func take() -> PageTree {
        defer { tree = PageTree() }
        return tree
    }

    /// `name` in ASCII lower case (libxml2 lowercases HTML names already; this keeps it so).
    private static func lowercased(_ name: UnsafePointer<xmlChar>) -> String {
        let bytes = UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name)))
        guard bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
