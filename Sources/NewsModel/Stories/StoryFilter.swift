import Foundation

/// A feed's `include` and `exclude` lists: a story is kept when its title or description
/// matches any `include` (when there are any) and no `exclude`.
///
/// Matching ignores case and diacritics (`Sante` matches `Santé`) and is by whole words:
/// a phrase matches where its words appear in a row, so `covid` does not match `covidiot`
/// and `climate change` does not match `climate of change`.
public struct StoryFilter: Sendable, Hashable, Codable {
    public var include: [String]
    public var exclude: [String]

    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// Whether the filter keeps everything.
    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty }

    /// Whether `story` passes.
    public func keeps(_ story: Story) -> Bool {
        keeps(title: story.title, description: story.summary)
    }

    /// Whether an item with this title and description passes.
    public func keeps(title: String, description: String) -> Bool {
        guard !isEmpty else { return true }
        let words = Self.words(of: title) + [""] + Self.words(of: description)
        if !include.isEmpty, !include.contains(where: { Self.contains(words, phrase: Self.words(of: $0)) }) {
            return false
        }
        return !exclude.contains { Self.contains(words, phrase: Self.words(of: $0)) }
    }

    /// The words of `text`, case and diacritics folded: runs of letters and digits.
    /// An empty string stands between title and description, so no phrase spans both.
    public static func words(of text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else if scalar.properties.generalCategory == .nonspacingMark, !current.isEmpty {
                // A combining mark the folding left (rare scripts) belongs to its word.
                continue
            } else if !current.isEmpty {
                words.append(String(current).lowercased())
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current).lowercased()) }
        return words
    }

    private static func contains(_ words: [String], phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= words.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
            if words[start..<(start + phrase.count)].elementsEqual(phrase) { return true }
        }
        return false
    }
}
