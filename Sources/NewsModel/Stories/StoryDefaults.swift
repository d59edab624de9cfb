/// What a story shows when upstream gave nothing usable: configured under `defaults` in `newsfeed.json`.
///
/// The default image is not here: it needs the site URL and the watcher's
/// verdicts, which only the build pipeline knows.
public struct StoryDefaults: Sendable, Hashable, Codable {
    /// The built-in fallback title.
    public static let standardTitle = "Untitled story"
    /// The built-in fallback source name.
    public static let standardSource = "Unknown source"
    /// The built-in fallback summary.
    public static let standardDescription = "No description"

    /// Title of a story with neither a title nor a description to derive one from.
    public var title: String
    /// Source name of a story whose publisher cannot be named.
    public var source: String
    /// Summary of a story with neither description nor content; nil when not configured, so each
    /// upstream uses its own (``newsAPIDescription``, none for DuckDuckGo topics and bookmarks,
    /// where a missing description is normal); empty for no description at all.
    public var description: String?

    /// What a NewsAPI article without description or content shows: the configured default,
    /// else ``standardDescription``: a NewsAPI article nearly always has one, so its absence is said.
    public var newsAPIDescription: String { description ?? Self.standardDescription }

    /// What a DuckDuckGo topic or a bookmark without description shows: the configured default,
    /// else nothing.
    public var optionalDescription: String { description ?? "" }

    /// Defaults with the built-in values unless given.
    public init(
        title: String = StoryDefaults.standardTitle, source: String = StoryDefaults.standardSource,
        description: String? = nil
    ) {
        self.title = title
        self.source = source
        self.description = description
    }

    private enum CodingKeys: String, CodingKey {
        case title, source, description
    }

    /// Reads a partial `defaults` object: a missing key keeps its built-in value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? Self.standardTitle
        source = try container.decodeIfPresent(String.self, forKey: .source) ?? Self.standardSource
        description = try container.decodeIfPresent(String.self, forKey: .description)
    }

    /// The same defaults cleaned to plain text; a blank title or source falls back to the built-in
    /// value, so every story's title and source are guaranteed non-empty. A blank description
    /// stays empty: stories without one then carry none.
    package var cleaned: StoryDefaults {
        func clean(_ text: String, _ fallback: String) -> String {
            let plain = TextCleaner.plainText(text)
            return plain.isEmpty ? fallback : plain
        }
        return StoryDefaults(
            title: clean(title, Self.standardTitle), source: clean(source, Self.standardSource),
            description: description.map(TextCleaner.plainText))
    }
}
