/// NewsAPI's JSON shape, read tolerantly and written back faithfully
/// (so tests and benchmarks can produce NewsAPI answers from values).
extension NewsAPIArticle: Codable {
    private enum CodingKeys: String, CodingKey {
        case source, author, title, description, url, urlToImage, publishedAt, content
    }

    private enum SourceKeys: String, CodingKey {
        case id, name
    }

    /// Fails only when the element is not a JSON object; any single field that is
    /// null, missing or of the wrong type is left nil instead.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let source = try? container.nestedContainer(keyedBy: SourceKeys.self, forKey: .source) {
            sourceID = source.lenientString(forKey: .id)
            sourceName = source.lenientString(forKey: .name)
        } else {
            // A bare string where the source object belongs still names the publisher.
            sourceID = nil
            sourceName = container.lenientString(forKey: .source)
        }
        author = container.lenientString(forKey: .author)
        title = container.lenientString(forKey: .title)
        description = container.lenientString(forKey: .description)
        url = container.lenientString(forKey: .url)
        urlToImage = container.lenientString(forKey: .urlToImage)
        publishedAt = container.lenientString(forKey: .publishedAt)
        content = container.lenientString(forKey: .content)
    }

    /// Writes NewsAPI's shape, nulls included, so the output decodes back to the same article.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var source = container.nestedContainer(keyedBy: SourceKeys.self, forKey: .source)
        try source.encode(sourceID, forKey: .id)
        try source.encode(sourceName, forKey: .name)
        try container.encode(author, forKey: .author)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(url, forKey: .url)
        try container.encode(urlToImage, forKey: .urlToImage)
        try container.encode(publishedAt, forKey: .publishedAt)
        try container.encode(content, forKey: .content)
    }
}

extension KeyedDecodingContainer {
    /// The string at `key`, or nil when it is missing, null or not a string.
    func lenientString(forKey key: Key) -> String? {
        (try? decodeIfPresent(String.self, forKey: key)) ?? nil
    }

    /// The integer at `key`, or nil when it is missing, null or not an integer.
    func lenientInt(forKey key: Key) -> Int? {
        (try? decodeIfPresent(Int.self, forKey: key)) ?? nil
    }
}
