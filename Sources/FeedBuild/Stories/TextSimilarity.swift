import Foundation

/// How near is near (issue 27, point 13): two article texts are one story when they share most of their word
/// shingles, measured on the fixtures of docs/feeds-and-sources.md ("One story once").
///
/// A text becomes the set of its overlapping runs of ``shingleLength`` words (lowercased letters and digits, every
/// other character a separator), each hashed to 64 bits (FNV-1a, the same on every machine). Two texts are
/// near-identical when the shingles they share are at least ``minimumContainment`` of the smaller set
/// (containment, so a wire story with a site's own header and footer still matches) and the smaller set is at least
/// ``minimumSizeRatio`` of the larger (so a short brief quoted inside a long feature is not taken for it), and
/// both have at least ``minimumShingles`` (too short a text says nothing).
public struct TextSimilarity: Sendable, Hashable {
    /// Words per shingle.
    public var shingleLength = 5
    /// Shared shingles over the smaller text's shingles.
    public var minimumContainment = 0.75
    /// The smaller text's shingles over the larger's.
    public var minimumSizeRatio = 0.4
    /// Texts with fewer shingles are never compared.
    public var minimumShingles = 20

    public init() {}

    /// A text's shingles, and the smallest of their hashes as a sample.
    public struct Fingerprint: Sendable, Hashable {
        public var shingles: Set<UInt64>
        /// The ``sampleSize`` smallest hashes: a random sample of the shingles (the hashes are uniform), so how
        /// many of them another text shares estimates the containment. Comparing a feed's stories pair by pair
        /// then costs 16 look-ups for most pairs, and the exact count only for pairs that may be one story.
        public var sample: [UInt64]

        public init(shingles: Set<UInt64>) {
            self.shingles = shingles
            sample = Array(shingles.sorted().prefix(TextSimilarity.sampleSize))
        }
    }

    /// Hashes in a fingerprint's sample.
    static let sampleSize = 16

    public func fingerprint(_ text: String) -> Fingerprint {
        let words = Self.words(of: text)
        guard words.count >= shingleLength else { return Fingerprint(shingles: []) }
        var shingles = Set<UInt64>()
        shingles.reserveCapacity(words.count)
        for start in 0...(words.count - shingleLength) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for word in words[start..<(start + shingleLength)] {
                for byte in word.utf8 {
                    hash ^= UInt64(byte)
                    hash &*= 0x0000_0100_0000_01b3
                }
                hash ^= 0x20
                hash &*= 0x0000_0100_0000_01b3
            }
            shingles.insert(hash)
        }
        return Fingerprint(shingles: shingles)
    }

    /// What the two texts share: `containment` over the smaller set, `jaccard` over the union, `sizeRatio` of
    /// the smaller set to the larger.
    public func measure(_ left: Fingerprint, _ right: Fingerprint) -> (
        containment: Double, jaccard: Double, sizeRatio: Double
    ) {
        let (small, large) = left.shingles.count <= right.shingles.count ? (left, right) : (right, left)
        guard !small.shingles.isEmpty else { return (0, 0, 0) }
        let shared = small.shingles.reduce(0) { $0 + (large.shingles.contains($1) ? 1 : 0) }
        let union = small.shingles.count + large.shingles.count - shared
        return (
            Double(shared) / Double(small.shingles.count), Double(shared) / Double(union),
            Double(small.shingles.count) / Double(large.shingles.count)
        )
    }

    /// Whether two texts are one story under the thresholds above.
    public func isNearIdentical(_ left: Fingerprint, _ right: Fingerprint) -> Bool {
        guard left.shingles.count >= minimumShingles, right.shingles.count >= minimumShingles else { return false }
        // The sample first: a pair with under 6 of the smaller text's 16 sampled shingles in the other (containment
        // about 0.35 or less) is not counted. A copy at the 0.75 threshold passes this with a probability over 0.999,
        // one at 0.88 (the least of the measured copies) over 0.99999 (binomial, 16 draws).
        let (small, large) = left.shingles.count <= right.shingles.count ? (left, right) : (right, left)
        let sampled = small.sample.reduce(0) { $0 + (large.shingles.contains($1) ? 1 : 0) }
        guard sampled >= min(6, small.sample.count) else { return false }
        let measured = measure(left, right)
        return measured.containment >= minimumContainment && measured.sizeRatio >= minimumSizeRatio
    }

    /// ``isNearIdentical(_:_:)`` of two texts.
    public func isNearIdentical(_ left: String, _ right: String) -> Bool {
        isNearIdentical(fingerprint(left), fingerprint(right))
    }

    /// Lowercased runs of letters and digits.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
