import Foundation

/// A whole JSON text (RFC 8259), checked strictly and held as one flat list of values.
///
/// For answers from upstream services: parse once, then read with ``root`` and the typed
/// accessors of ``JSONValue``, which never fail (a value of another type reads as nil), so a
/// caller decides per field what a wrong type costs. Anything that is not JSON throws a
/// ``JSONSyntaxError`` naming the first offending byte (`invalid JSON at byte 118: trailing comma`).
///
/// The reading, where RFC 8259 leaves it open: a leading UTF-8 byte-order mark is ignored; UTF-16
/// and UTF-32 are refused; invalid UTF-8 and unpaired surrogate escapes inside strings decode to
/// U+FFFD; numbers of any length are accepted (see ``JSONValue/integer`` and ``JSONValue/double``);
/// of two members with the same name, lookups find the first; nesting has no depth limit (neither
/// parsing nor reading nor freeing a document recurses, so a 100,000-deep array is just input).
public struct JSONDocument: Sendable {
    /// One value: a scalar's bytes, or a container's extent in ``nodes``.
    package struct Node: Sendable {
        package var kind: JSONValue.Kind
        package var hasEscapes: Bool
        /// The value's first byte; for a string, the first byte after the quote.
        package var start: Int32
        /// For a scalar its end (a string's closing quote); for a container the index after its
        /// last descendant, which is where its next sibling lies.
        package var end: Int32
        /// Elements of an array, members of an object.
        package var count: Int32
    }

    package let data: Data
    package let nodes: [Node]

    /// Parses `data` as one JSON text.
    public init(parsing data: Data) throws(JSONSyntaxError) {
        self.data = data
        // `withUnsafeBytes` rethrows untyped errors: carry the typed one out in a `Result`.
        nodes = try data.withUnsafeBytes { bytes in Result { () throws(JSONSyntaxError) in try Self.parse(bytes) } }
            .get()
    }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }

    /// An open array or object while parsing.
    private struct Frame {
        var node: Int
        var isObject: Bool
        var count: Int32 = 0
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> [Node] {
        var scanner = JSONScanner(bytes)
        try scanner.beginDocument()
        var nodes: [Node] = []
        var open: [Frame] = []
        var isFirst = true
        while true {
            let start = Int32(scanner.position)
            switch try scanner.valueStart() {
            case .object, .array:
                let isObject = scanner.next == JSONScanner.openBrace
                open.append(Frame(node: nodes.count, isObject: isObject))
                nodes.append(Node(kind: isObject ? .object : .array, hasEscapes: false, start: start, end: 0, count: 0))
                scanner.open()
                isFirst = true
            case .string:
                nodes.append(stringNode(try scanner.stringSpan()))
            case .scalar:
                let kind: JSONValue.Kind
                switch scanner.next {
                case UInt8(ascii: "t"), UInt8(ascii: "f"):
                    kind = .boolean
                    try scanner.skipScalar()
                case UInt8(ascii: "n"):
                    kind = .null
                    try scanner.skipScalar()
                default:
                    kind = .number
                    _ = try scanner.number()
                }
                nodes.append(Node(kind: kind, hasEscapes: false, start: start, end: Int32(scanner.position), count: 0))
            }
            // Close every container that ends here; stop at the next value to read.
            while let frame = open.last {
                let hasMore: Bool
                if frame.isObject {
                    if let key = try scanner.nextKey(isFirst: &isFirst) {
                        nodes.append(stringNode(key))
                        hasMore = true
                    } else {
                        hasMore = false
                    }
                } else {
                    hasMore = try scanner.nextElement(isFirst: &isFirst)
                }
                if hasMore {
                    open[open.count - 1].count += 1
                    break
                }
                nodes[frame.node].end = Int32(nodes.count)
                nodes[frame.node].count = frame.count
                open.removeLast()
                isFirst = false
            }
            if open.isEmpty { break }
        }
        try scanner.endDocument()
        return nodes
    }

    private static func stringNode(_ span: JSONStringSpan) -> Node {
        Node(kind: .string, hasEscapes: span.hasEscapes, start: span.start, end: span.end, count: 0)
    }

    /// The index of the value after the one at `index` and all its descendants.
    package func nextSibling(of index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .array || node.kind == .object ? Int(node.end) : index + 1
    }
}

/// One value inside a ``JSONDocument``; reading it never fails, a value of another type reads as nil.
public struct JSONValue: Sendable {
    /// The six kinds of JSON value.
    public enum Kind: Sendable, Hashable {
        case null, boolean, number, string, array, object

        /// `an object`, `a string`…, for messages such as `"articles" is an object, not an array`.
        public var described: String {
            switch self {
            case .null: "null"
            case .boolean: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    package let document: JSONDocument
    package let index: Int

    private var node: JSONDocument.Node { document.nodes[index] }

    /// What kind of value this is.
    public var kind: Kind { node.kind }

    /// The offset of the value's first byte in the document (a string's opening quote).
    public var offset: Int { Int(node.start) - (node.kind == .string ? 1 : 0) }

    /// True for `null`.
    public var isNull: Bool { node.kind == .null }

    /// The decoded text of a string; nil for any other kind.
    public var string: String? {
        guard node.kind == .string else { return nil }
        return span(node).string(in: document.data)
    }

    /// The value of `true` or `false`; nil for any other kind.
    public var boolean: Bool? {
        guard node.kind == .boolean else { return nil }
        return document.data[document.data.startIndex + Int(node.start)] == UInt8(ascii: "t")
    }

    /// A number written as a plain integer (no fraction, no exponent) within `Int`'s range.
    public var integer: Int? {
        guard node.kind == .number else { return nil }
        return document.data.withUnsafeBytes { bytes in
            JSONScanner.integer(in: UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)]))
        }
    }

    /// Any number, as the nearest `Double` (infinite when beyond its range).
    public var double: Double? {
        guard let text = numberText else { return nil }
        return Double(text)
    }

    /// A number exactly as written.
    public var numberText: String? {
        guard node.kind == .number else { return nil }
        return document.data.withUnsafeBytes { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)]), as: UTF8.self)
        }
    }

    /// The elements of an array, in order; nil for any other kind.
    public var elements: [JSONValue]? {
        guard node.kind == .array else { return nil }
        var values: [JSONValue] = []
        values.reserveCapacity(Int(node.count))
        var child = index + 1
        for _ in 0..<node.count {
            values.append(JSONValue(document: document, index: child))
            child = document.nextSibling(of: child)
        }
        return values
    }

    /// The members of an object, in order, names decoded; nil for any other kind.
    public var members: [(name: String, value: JSONValue)]? {
        guard node.kind == .object else { return nil }
        var members: [(name: String, value: JSONValue)] = []
        members.reserveCapacity(Int(node.count))
        forEachMember { key, value in
            members.append((span(document.nodes[key]).string(in: document.data) ?? "", value))
            return true
        }
        return members
    }

    /// The first member named `name` (compared after decoding escapes), when this is an object.
    public subscript(name: String) -> JSONValue? {
        guard node.kind == .object else { return nil }
        var found: JSONValue?
        var target = name
        target.withUTF8 { wanted in
            let wanted = UnsafeRawBufferPointer(wanted)
            forEachMember { key, value in
                let keyNode = document.nodes[key]
                let isMatch =
                    keyNode.hasEscapes
                    ? span(keyNode).string(in: document.data) == name
                    : document.data.withUnsafeBytes { bytes in
                        wanted.elementsEqual(
                            UnsafeRawBufferPointer(rebasing: bytes[Int(keyNode.start)..<Int(keyNode.end)]))
                    }
                if isMatch { found = value }
                return !isMatch
            }
        }
        return found
    }

    /// Calls `body` with each member's key node index and value until it returns false.
    private func forEachMember(_ body: (Int, JSONValue) -> Bool) {
        var key = index + 1
        for _ in 0..<node.count {
            let value = key + 1
            guard body(key, JSONValue(document: document, index: value)) else { return }
            key = document.nextSibling(of: value)
        }
    }

    private func span(_ node: JSONDocument.Node) -> JSONStringSpan {
        JSONStringSpan(start: node.start, end: node.end, hasEscapes: node.hasEscapes)
    }
}

extension JSONStringSpan {
    /// The string these bytes of `data` spell (see ``string(in:)``).
    package func string(in data: Data) -> String? {
        data.withUnsafeBytes { string(in: $0) }
    }
}
