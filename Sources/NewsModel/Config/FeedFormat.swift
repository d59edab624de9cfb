/// The formats a feed is written in: `formats` in the config, `--format` of `convert`.
///
/// The one seam between the story model and the bytes on disk: each case names its renderer
/// (`FeedFormat.renderer` in FeedFormats), so a further format is one renderer file plus its case.
public enum FeedFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case rss, atom, json, html

    /// What `build` writes when the config does not say: every format, RSS first.
    public static let defaultList: [FeedFormat] = [.rss, .atom, .json, .html]

    /// The file extension, e.g. `atom`: `<cc>/<cat>.<extension>`.
    public var fileExtension: String { rawValue }

    /// Whether readers subscribe to it (RSS, Atom, JSON Feed), as opposed to the page people read.
    public var isSubscribable: Bool { self != .html }

    /// The short label links show, e.g. `Atom`.
    public var label: String {
        switch self {
        case .rss: "RSS"
        case .atom: "Atom"
        case .json: "JSON Feed"
        case .html: "Web page"
        }
    }

    /// The names, comma-separated, for messages: `rss, atom, json, html`.
    public static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
