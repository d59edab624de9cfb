/// The image cache: the config's optional `"images"` object (docs/image-cache.md).
///
/// Off by default: caching fetches every story image once and keeps copies in the output folder,
/// which costs disk and bandwidth a user should choose to spend.
public struct ImageSettings: Sendable, Hashable {
    /// Whether `build` keeps copies of story images under `<output>/images/`.
    public var cache: Bool
    /// The widths copies are made in, ascending and each once; a width above the original's makes no copy.
    public var widths: [Int]
    /// Bytes the `images/` folder may hold; new images are not cached once referenced ones fill it.
    public var maxTotal: ByteSize

    public init(cache: Bool = false, widths: [Int] = ImageSettings.defaultWidths, maxTotal: ByteSize = .gigabytes(2)) {
        self.cache = cache
        self.widths = widths
        self.maxTotal = maxTotal
    }

    /// A phone's column, a tablet's, a desktop's.
    public static let defaultWidths = [320, 640, 1280]

    /// The smallest and largest width a copy may be made in.
    public static let widthRange = 16...4096

    /// The defaults, used when the config has no `"images"` object.
    public static let standard = ImageSettings()
}
