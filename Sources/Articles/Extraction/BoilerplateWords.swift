import NewsModel

/// Which of ``BoilerplatePatterns``' words one class/id text contains, found in a single pass over
/// its bytes: at each byte only the words starting with that byte are compared. Scoring asks
/// several lists about every element (comments, unlikely, maybe-candidate, byline…), and searching
/// the text once per word of every list was a twentieth of all the work.
///
/// A word is "contained" exactly as ``BoilerplatePatterns/contains(_:_:)`` finds it (a substring
/// of the bytes), so a list matches when it shares a word with the text.
struct BoilerplateWords {
    // Bits of the words' positions in ``vocabulary`` (fewer than 128 words).
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// Every word of every list, once.
    static let vocabulary: [String] = {
        var seen: Set<String> = []
        var words: [String] = []
        let lists = [
            BoilerplatePatterns.unlikely, BoilerplatePatterns.comments, BoilerplatePatterns.commentExceptions,
            BoilerplatePatterns.maybeCandidate, BoilerplatePatterns.positive, BoilerplatePatterns.negative,
            BoilerplatePatterns.articleFurniture, BoilerplatePatterns.byline, ["hid"],
        ]
        for word in lists.joined() where seen.insert(word).inserted { words.append(word) }
        precondition(words.count <= 128 && words.allSatisfy { !$0.isEmpty }, "two words of bits")
        return words
    }()

    /// One word as the scan compares it: its first eight bytes (or fewer) as a little-endian
    /// word with the mask of the bytes it has, and its length.
    private struct Entry {
        var prefix: UInt64 = 0
        var mask: UInt64 = 0
        var length = 0
        var index = 0
    }

    /// The vocabulary's entries in order of their first byte: `entries[firstStart[b]..<firstStart[b + 1]]`
    /// are the words starting with byte `b`.
    private struct Table {
        var entries: [Entry] = []
        var firstStart = [Int](repeating: 0, count: 257)

        init(_ words: [String]) {
            for (index, word) in words.enumerated() {
                var entry = Entry(length: word.utf8.count, index: index)
                for (offset, byte) in word.utf8.prefix(8).enumerated() {
                    entry.prefix |= UInt64(byte) << UInt64(8 * offset)
                    entry.mask |= 0xFF << UInt64(8 * offset)
                }
                entries.append(entry)
            }
            entries.sort { ($0.prefix & 0xFF, $0.index) < ($1.prefix & 0xFF, $1.index) }
            for entry in entries { firstStart[Int(entry.prefix & 0xFF) + 1] += 1 }
            for byte in 0..<256 { firstStart[byte + 1] += firstStart[byte] }
        }
    }

    private static let table = Table(vocabulary)

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The words of `list` (all in the vocabulary).
    init(listing list: [String]) {
        for word in list {
            guard let index = Self.vocabulary.firstIndex(of: word) else {
                preconditionFailure("\(word) is not in the vocabulary")
            }
            insert(index)
        }
    }

    /// The vocabulary's words found in `text`. A name that only says an article has comments or is commentary
    /// (``BoilerplatePatterns/commentStates``: `commented`, `commentary`) counts for no word (issue 28, point 2).
    init(in text: String) {
        self.init(scanning: text)
        // Only a text with a comment word can hold such a name: the others are not split.
        if containsAny(of: BoilerplatePatterns.commentWords),
            let rest = BoilerplatePatterns.withoutCommentStates(text)
        {
            self = BoilerplateWords(scanning: rest)
        }
    }

    /// The vocabulary's words found in `text`, as its bytes say.
    private init(scanning text: String) {
        self.init(low: 0, high: 0)
        var text = text
        let table = Self.table
        text.withUTF8 { haystack in
            table.entries.withUnsafeBufferPointer { entries in
                table.firstStart.withUnsafeBufferPointer { firstStart in
                    let count = haystack.count
                    for position in 0..<count {
                        let first = Int(haystack[position])
                        let candidates = firstStart[first]..<firstStart[first + 1]
                        guard !candidates.isEmpty else { continue }
                        // The eight bytes from here (zeros past the end), to compare each word's
                        // first eight at once.
                        var window: UInt64 = 0
                        if position + 8 <= count {
                            window = UInt64(
                                littleEndian: UnsafeRawBufferPointer(haystack).loadUnaligned(
                                    fromByteOffset: position, as: UInt64.self))
                        } else {
                            for offset in 0..<(count - position) {
                                window |= UInt64(haystack[position + offset]) << UInt64(8 * offset)
                            }
                        }
                        for slot in candidates {
                            let entry = entries[slot]
                            guard window & entry.mask == entry.prefix, position + entry.length <= count,
                                !contains(entry.index)
                            else { continue }
                            if entry.length <= 8 || Self.tailMatches(entry, haystack, at: position) {
                                insert(entry.index)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether the bytes of a word longer than eight bytes after its eighth are at `position + 8`.
    private static func tailMatches(_ entry: Entry, _ haystack: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        vocabulary[entry.index].utf8.dropFirst(8).elementsEqual(haystack[(position + 8)..<(position + entry.length)])
    }

    private func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
    }

    private mutating func insert(_ index: Int) {
        if index < 64 { low |= 1 << UInt64(index) } else { high |= 1 << UInt64(index - 64) }
    }

    /// Whether any word of `list` is among these.
    func containsAny(of list: BoilerplateWords) -> Bool {
        low & list.low != 0 || high & list.high != 0
    }
}
