import Foundation

/// Turns a query into a file slug: `climate change` → `climate-change`.
public enum FeedSlug {
    /// The query lowercased to ASCII letters, digits and `-`: accents folded (`café` → `cafe`),
    /// every other run of characters one `-`, none at the ends. Empty for a query with no Latin
    /// letters or digits (such a feed needs a `name`).
    public static func make(_ query: String) -> String {
        let folded = query.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for scalar in folded.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    /// Whether `name` is usable as a slug as given: lowercase ASCII letters, digits and inner `-`.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && make(name) == name
    }

    /// The final path segments that only say "this is a feed" (`rss.xml`, `feed`, `atom.xml`, `index.json`…):
    /// dropped from a feed URL's slug, so it names the publisher and the section instead.
    static let feedFileWords: Set<String> = [
        "rss", "rss2", "atom", "feed", "feeds", "index", "rdf", "xml", "json", "jsonfeed", "default",
    ]

    /// A feed URL's slug: its host and path without `www.`, the file extension and a final segment that only
    /// says "feed" (`https://feeds.bbci.co.uk/news/world/rss.xml` → `feeds-bbci-co-uk-news-world`).
    public static func make(feedURL url: URL) -> String {
        var host = (url.host ?? "").lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        var segments = url.path.split(separator: "/").map(String.init)
        if var last = segments.last {
            if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
            segments[segments.count - 1] = last
            if feedFileWords.contains(last.lowercased()) { segments.removeLast() }
        }
        return make(([host] + segments).joined(separator: " "))
    }
}
