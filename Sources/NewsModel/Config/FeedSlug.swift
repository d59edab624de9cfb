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
}
