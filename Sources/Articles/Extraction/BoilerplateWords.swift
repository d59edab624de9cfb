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

    /// The vocabulary's bytes end to end, each word's start and end in them, and the words in
    /// order of their first byte, `byFirstByte[firstStart[b]..<firstStart[b + 1]]` starting with `b`.
    private struct Table {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var byFirstByte: [Int] = []
        var firstStart = [Int](repeating: 0, count: 257)

        init(_ words: [String]) {
            for word in words {
                starts.append(bytes.count)
                bytes.append(contentsOf: word.utf8)
            }
            starts.append(bytes.count)
            let order = words.indices.sorted { (words[$0].utf8.first ?? 0, $0) < (words[$1].utf8.first ?? 0, $1) }
            byFirstByte = order
            for index in order { firstStart[Int(words[index].utf8.first ?? 0) + 1] += 1 }
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

    /// The vocabulary's words found in `text`.
    init(in text: String) {
        var text = text
        let table = Self.table
        text.withUTF8 { haystack in
            table.bytes.withUnsafeBufferPointer { words in
                let count = haystack.count
                for position in 0..<count {
                    let first = Int(haystack[position])
                    for slot in table.firstStart[first]..<table.firstStart[first + 1] {
                        let word = table.byFirstByte[slot]
                        guard !contains(word) else { continue }
                        let start = table.starts[word]
                        let length = table.starts[word + 1] - start
                        guard position + length <= count else { continue }
                        var offset = 1
                        while offset < length, haystack[position + offset] == words[start + offset] { offset += 1 }
                        if offset == length { insert(word) }
                    }
                }
            }
        }
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
