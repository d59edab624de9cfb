/// One article as NewsAPI sent it: every field optional and unchecked.
///
/// Decoding is tolerant field by field (see `NewsAPIArticle+Codable.swift`):
/// a null, missing or wrongly typed field becomes nil and costs only itself.
/// Judging and cleaning the values is ``NewsAPINormalizer``'s job.
public struct NewsAPIArticle: Sendable, Hashable {
    /// `source.id`, usually null.
    public var sourceID: String?
    /// `source.name`, the publisher's display name.
    public var sourceName: String?
    /// A name, a list of names, a URL, or junk.
    public var author: String?
    /// Usually ends with ` - <source name>`.
    public var title: String?
    /// A teaser, sometimes HTML, often ending with `…`.
    public var description: String?
    /// The article's URL, as sent.
    public var url: String?
    /// The article's picture, as sent; may be protocol-relative.
    public var urlToImage: String?
    /// ISO 8601 text, e.g. `2021-06-04T12:22:00Z`.
    public var publishedAt: String?
    /// The first ~200 characters followed by `… [+N chars]`.
    public var content: String?

    /// An article with the given fields; all default to nil (absent).
    public init(
        sourceID: String? = nil, sourceName: String? = nil, author: String? = nil, title: String? = nil,
        description: String? = nil, url: String? = nil, urlToImage: String? = nil, publishedAt: String? = nil,
        content: String? = nil
    ) {
        self.sourceID = sourceID
        self.sourceName = sourceName
        self.author = author
        self.title = title
        self.description = description
        self.url = url
        self.urlToImage = urlToImage
        self.publishedAt = publishedAt
        self.content = content
    }
}
