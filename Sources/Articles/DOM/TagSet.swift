/// A set of ``HTMLTag``s as 256 bits: whether an element's name is in it is one shift and mask.
struct TagSet: ExpressibleByArrayLiteral {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The tags of `names`, each one ``HTMLTag`` knows (a name it does not know could never match).
    init<Names: Sequence<String>>(_ names: Names) {
        for name in names {
            precondition(HTMLTag.isKnown(name), "\(name) has no HTMLTag")
            insert(HTMLTag(name))
        }
    }

    init(arrayLiteral names: String...) {
        self.init(names)
    }

    private mutating func insert(_ tag: HTMLTag) {
        let bit = UInt64(1) << UInt64(tag.rawValue & 63)
        switch tag.rawValue >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Whether `tag` is in the set (``HTMLTag/other`` never is).
    @inline(__always)
    func contains(_ tag: HTMLTag) -> Bool {
        let bit = UInt64(1) << UInt64(tag.rawValue & 63)
        let word: UInt64
        switch tag.rawValue >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & bit != 0
    }
}
