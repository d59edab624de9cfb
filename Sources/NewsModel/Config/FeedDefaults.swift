/// `defaults`: the words and image used where NewsAPI leaves a story's fields empty.
public struct FeedDefaults: Sendable, Hashable {
    public var title: String
    public var source: String
    /// `defaults.description`: nil when not configured (each upstream's own default applies), `""`
    /// for no description.
    public var description: String?
    public var image: DefaultImageSetting

    public init(
        title: String = "Untitled story", source: String = "Unknown source", description: String? = nil,
        image: DefaultImageSetting = .bundled
    ) {
        self.title = title
        self.source = source
        self.description = description
        self.image = image
    }
}
