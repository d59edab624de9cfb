/// The opening of a whole article as a story's description, for a story whose upstream gave none
/// (docs/full-text.md): its first sentences, as long as NewsAPI's descriptions are at most.
///
/// The text is cut at the last sentence end within ``maximumLength`` characters when that keeps at least
/// ``shortestSentenceCut`` of them; otherwise at the last word boundary, with `…` (a text without spaces, as
/// Chinese or Japanese, at the limit).
public enum ArticleOpening {
    /// NewsAPI's descriptions run to about 200–260 characters.
    public static let maximumLength = 260
    /// A sentence end this early leaves too little to describe the story: the cut is at a word instead.
    public static let shortestSentenceCut = 80

    /// Ends of sentences that need a space (or the end of the text) after them.
    private static let stops: Set<Character> = [".", "!", "?", "…"]
    /// Full-width ends of sentences, which need nothing after them.
    private static let wideStops: Set<Character> = ["。", "！", "？"]
    /// What may close a sentence after its stop.
    private static let closers: Set<Character> = ["\"", "'", "”", "’", "»", ")", "]", "」", "』", "）"]
    /// Words a period ends without ending the sentence.
    private static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "inc", "ltd", "co", "gen", "gov", "sen",
        "rep", "no", "nr", "bzw", "ca", "z.b", "u.a", "e.g", "i.e",
    ]

    /// The opening of `text` (an article's plain text, paragraphs apart); nil when it has no words.
    public static func description(of text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        let characters = Array(words.joined(separator: " "))
        if characters.count <= maximumLength { return String(characters) }
        if let end = lastSentenceEnd(in: characters), end >= shortestSentenceCut {
            return String(characters[..<end])
        }
        // Room for the ellipsis.
        let limit = maximumLength - 1
        if let space = characters[..<limit].lastIndex(of: " "), space >= limit / 2 {
            var cut = characters[..<space]
            while let last = cut.last, [",", ";", ":", "-", "–", "—"].contains(last) { cut = cut.dropLast() }
            return String(cut) + "…"
        }
        return String(characters[..<limit]) + "…"
    }

    /// The index just after the last sentence end that fits in ``maximumLength`` characters.
    private static func lastSentenceEnd(in characters: [Character]) -> Int? {
        var found: Int?
        var index = 0
        while index < min(characters.count, maximumLength) {
            let character = characters[index]
            index += 1
            let wide = wideStops.contains(character)
            guard wide || stops.contains(character) else { continue }
            var end = index
            while end < characters.count, closers.contains(characters[end]) { end += 1 }
            guard end <= maximumLength else { break }
            if wide || end == characters.count {
                found = end
                continue
            }
            guard characters[end] == " ", end + 1 < characters.count else { continue }
            let next = characters[end + 1]
            // A new sentence starts with a capital, a digit or a quote, or with a letter of a script without case.
            guard !next.isLowercase else { continue }
            if character == ".", isAbbreviation(before: index - 1, in: characters) { continue }
            found = end
        }
        return found
    }

    /// Whether the word ending at the period at `period` is an initial or a common abbreviation.
    private static func isAbbreviation(before period: Int, in characters: [Character]) -> Bool {
        var start = period
        while start > 0, characters[start - 1] != " " { start -= 1 }
        let word = String(characters[start..<period]).lowercased()
            .trimmingPrefix { closers.contains($0) || $0 == "(" || $0 == "“" || $0 == "‘" }
        if word.count == 1, word.first?.isLetter == true { return true }
        return abbreviations.contains(String(word))
    }
}

extension StoryArticle {
    /// The article's opening as a description (``ArticleOpening``); nil when it has no text.
    public var opening: String? { ArticleOpening.description(of: text) }
}
