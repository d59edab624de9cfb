/// An element's name as a small number, so that the sets of names scoring and writing ask about
/// for every element are bit sets (``TagSet``): looking a `String` name up in a `Set<String>`
/// hashed it, and comparing two different names called into the string library each time.
///
/// Every HTML element (current and obsolete) and every name in the extractor's own lists has a
/// number; any other name is ``other``, which no set holds.
struct HTMLTag: Hashable {
    let rawValue: UInt8

    /// A name that is in no list.
    static let other = HTMLTag(rawValue: 0)

    private init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The tag of the lowercased element name `name`.
    init(_ name: String) {
        // Every element of every page comes here once: the name's bytes packed into two words
        // and looked up in an open-addressed table (hashing the String for a Dictionary cost
        // more than the sets saved).
        guard let key = Self.key(name) else {
            self = .other
            return
        }
        let table = Self.table
        var slot = Self.slot(key)
        while true {
            let entry = table[slot]
            if entry.tag == 0 {
                self = .other
                return
            }
            if entry.low == key.low, entry.high == key.high {
                self.init(rawValue: entry.tag)
                return
            }
            slot = (slot + 1) & (Self.tableSize - 1)
        }
    }

    private struct Entry {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var tag: UInt8 = 0
    }

    private static let tableSize = 1024

    /// The names' keys at their slots (empty slots have tag 0).
    private static let table: [Entry] = {
        var table = [Entry](repeating: Entry(), count: tableSize)
        for (index, name) in names.enumerated() {
            guard let key = key(name) else { preconditionFailure("\(name) is longer than 16 bytes") }
            var slot = slot(key)
            while table[slot].tag != 0 { slot = (slot + 1) & (tableSize - 1) }
            table[slot] = Entry(low: key.low, high: key.high, tag: UInt8(index + 1))
        }
        return table
    }()

    /// The first 16 bytes of `name` packed little-endian (zeros after it), or nil when it is longer.
    @inline(__always)
    private static func key(_ name: String) -> (low: UInt64, high: UInt64)? {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var shift: UInt64 = 0
        for byte in name.utf8 {
            guard shift < 128, byte != 0 else { return nil }
            if shift < 64 { low |= UInt64(byte) << shift } else { high |= UInt64(byte) << (shift - 64) }
            shift += 8
        }
        return (low, high)
    }

    @inline(__always)
    private static func slot(_ key: (low: UInt64, high: UInt64)) -> Int {
        Int(truncatingIfNeeded: ((key.low ^ (key.high &* 0x94D0_49BB_1331_11EB)) &* 0x9E37_79B9_7F4A_7C15) >> 54)
    }

    /// Whether `name` has a number of its own.
    static func isKnown(_ name: String) -> Bool {
        HTMLTag(name) != .other
    }

    /// The names with numbers, 1 up.
    private static let names: [String] = {
        var seen: Set<String> = []
        var names: [String] = []
        let lists: [[String]] = [
            htmlElements, Array(ArticleSanitizer.allowed.keys).sorted(), ArticleSanitizer.dropped.sorted(),
            ArticleSanitizer.blocks.sorted(), ContentScorer.phrasingElements.sorted(),
        ]
        for name in lists.joined() where seen.insert(name).inserted { names.append(name) }
        precondition(names.count < 256, "one byte per tag")
        return names
    }()

    /// HTML's elements, the obsolete ones included (WHATWG's index, and its list of obsolete features).
    private static let htmlElements = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote",
        "body", "br", "button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd",
        "del", "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure",
        "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i",
        "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark", "math",
        "menu", "meta", "meter", "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p", "param",
        "picture", "portal", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search",
        "section", "select", "slot", "small", "source", "span", "strong", "style", "sub", "summary", "sup", "svg",
        "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track",
        "u", "ul", "var", "video", "wbr", "acronym", "applet", "basefont", "bgsound", "big", "blink", "center",
        "dir", "font", "frame", "frameset", "image", "isindex", "keygen", "listing", "marquee", "menuitem",
        "multicol", "nextid", "nobr", "noembed", "noframes", "plaintext", "rb", "rtc", "spacer", "strike", "tt",
        "xmp",
        // MathML's annotations (a formula's TeX source), which preparation removes.
        "annotation", "annotation-xml",
    ]
}
