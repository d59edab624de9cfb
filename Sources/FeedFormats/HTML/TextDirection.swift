/// Which way a language's script runs, for `dir` on pages: right-to-left for the scripts that
/// are (Arabic, Hebrew, Persian, Urdu and their neighbours), left-to-right for every other.
public enum TextDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// Primary language subtags written right to left.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "khw", "ks", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The direction of `language` (`ar`, `he-IL`, `fa_IR`, `en-us`), judged by its primary subtag.
    public init(language: String) {
        let primary = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
        self = primary.map(Self.rightToLeftLanguages.contains) == true ? .rightToLeft : .leftToRight
    }
}
