import Foundation

/// The article of one page: its metadata and its body, as sanitized HTML and as plain text.
public struct Article: Sendable, Equatable, Codable {
    /// The page's address (after redirects), when known.
    public var url: URL?
    public var title: String
    public var byline: String?
    public var published: Date?
    /// A BCP 47 language tag (`en`, `pt-BR`).
    public var language: String?
    /// The lead image's absolute address.
    public var image: URL?
    /// The publisher's name (`og:site_name`, JSON-LD `publisher`).
    public var siteName: String?
    /// The page's own address for itself (`<link rel="canonical">`, else `og:url`), absolute.
    public var canonical: URL?
    /// Paragraphs separated by blank lines.
    public var text: String
    /// The sanitized body (see ``ArticleExtractor``).
    public var html: String
    /// The number of words of `text` (runs of letters and digits).
    public var words: Int

    public init(
        url: URL?, title: String, byline: String?, published: Date?, language: String?, image: URL?,
        siteName: String?, text: String, html: String, words: Int
    ) {
        self.url = url
        self.title = title
        self.byline = byline
        self.published = published
        self.language = language
        self.image = image
        self.siteName = siteName
        self.text = text
        self.html = html
        self.words = words
    }

    /// The words of `text`: maximal runs of letters, digits and `_` (the `\w+` tokens the quality
    /// measure counts).
    public static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isWord =
                value < 0x80
                ? (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                    || (value >= 0x61 && value <= 0x7A) || value == 0x5F
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isWord, !inWord { count += 1 }
            inWord = isWord
        }
        return count
    }
}
