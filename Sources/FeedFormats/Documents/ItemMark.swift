/// A small sign the HTML page shows before a story's title, e.g. a star on a bookmarked story.
///
/// Set per story in ``FeedDocument/itemMarks``; only the HTML page shows marks (the feed formats
/// carry stories as they are).
public struct ItemMark: Sendable, Hashable {
    /// The visible sign, e.g. `★`.
    public var symbol: String
    /// What it means, for screen readers and the tooltip, e.g. `Bookmarked`.
    public var label: String
    /// A CSS class name (letters, digits, `-`), e.g. `bookmarked`: styled as `.mark-bookmarked`.
    public var name: String

    /// A mark with every field given.
    public init(symbol: String, label: String, name: String) {
        self.symbol = symbol
        self.label = label
        self.name = name
    }
}
