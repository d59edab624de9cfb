import Foundation

/// One site's rules in the ftr-site-config format (the format Full-Text RSS, wallabag and Graby share):
/// one `directive: value` per line, `#` starts a comment, repeated directives accumulate, unknown
/// directives are ignored.
public struct SiteRule: Sendable, Equatable {
    /// The rule file's name (`example.com.txt`), shown by `extract --explain`.
    public var name: String
    /// XPaths of the article's body, alternatives tried in order: the first that selects anything wins (all the nodes
    /// it selects, joined).
    public var body: [String] = []
    /// XPaths of nodes removed before the body is picked.
    public var strip: [String] = []
    /// Ids or classes whose elements are removed.
    public var stripIdOrClass: [String] = []
    /// Parts of image `src`s whose images are removed.
    public var stripImageSrc: [String] = []
    public var title: [String] = []
    public var author: [String] = []
    public var date: [String] = []
    public var nextPageLink: [String] = []
    public var singlePageLink: [String] = []
    /// `prune: no` turns off the automatic pruning of the picked body (default yes).
    public var prune: Bool = true
    /// `tidy: no` (read and ignored: libxml2's parser always repairs the markup, there is no Tidy to turn off).
    public var tidy: Bool = true
    public var testURLs: [String] = []

    public init(name: String) { self.name = name }

    /// Reads a rule file's text.
    public init(name: String, text: String) {
        self.name = name
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.isEmpty { continue }
            switch key {
            case "body": body.append(value)
            case "strip": strip.append(value)
            case "strip_id_or_class": stripIdOrClass.append(value)
            case "strip_image_src": stripImageSrc.append(value)
            case "title": title.append(value)
            case "author": author.append(value)
            case "date": date.append(value)
            case "next_page_link": nextPageLink.append(value)
            case "single_page_link": singlePageLink.append(value)
            case "prune": prune = Self.flag(value)
            case "tidy": tidy = Self.flag(value)
            case "test_url": testURLs.append(value)
            default: continue
            }
        }
    }

    private static func flag(_ value: String) -> Bool {
        !["no", "false", "0", "off"].contains(value.lowercased())
    }
}
