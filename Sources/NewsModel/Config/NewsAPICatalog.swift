/// NewsAPI's documented countries and categories, with the names and languages
/// feeds show for them.
public enum NewsAPICatalog {
    /// A documented country: its English name and the RSS language code of its feeds.
    public struct Country: Sendable, Hashable {
        public let code: String
        public let name: String
        public let language: String
    }

    /// The seven top-headline categories.
    public static let categories: [String] = [
        "business", "entertainment", "general", "health", "science", "sports", "technology",
    ]

    /// The historic documented list of 54 countries. The current docs list only `us`;
    /// others may come back with few or no articles, which `build` reports.
    public static let countries: [Country] = [
        Country(code: "ae", name: "United Arab Emirates", language: "ar"),
        Country(code: "ar", name: "Argentina", language: "es-ar"),
        Country(code: "at", name: "Austria", language: "de-at"),
        Country(code: "au", name: "Australia", language: "en-au"),
        Country(code: "be", name: "Belgium", language: "nl-be"),
        Country(code: "bg", name: "Bulgaria", language: "bg"),
        Country(code: "br", name: "Brazil", language: "pt-br"),
        Country(code: "ca", name: "Canada", language: "en-ca"),
        Country(code: "ch", name: "Switzerland", language: "de-ch"),
        Country(code: "cn", name: "China", language: "zh-cn"),
        Country(code: "co", name: "Colombia", language: "es-co"),
        Country(code: "cu", name: "Cuba", language: "es"),
        Country(code: "cz", name: "Czechia", language: "cs"),
        Country(code: "de", name: "Germany", language: "de-de"),
        Country(code: "eg", name: "Egypt", language: "ar"),
        Country(code: "fr", name: "France", language: "fr-fr"),
        Country(code: "gb", name: "United Kingdom", language: "en-gb"),
        Country(code: "gr", name: "Greece", language: "el"),
        Country(code: "hk", name: "Hong Kong", language: "zh-hk"),
        Country(code: "hu", name: "Hungary", language: "hu"),
        Country(code: "id", name: "Indonesia", language: "id"),
        Country(code: "ie", name: "Ireland", language: "en-ie"),
        Country(code: "il", name: "Israel", language: "he"),
        Country(code: "in", name: "India", language: "en-in"),
        Country(code: "it", name: "Italy", language: "it-it"),
        Country(code: "jp", name: "Japan", language: "ja"),
        Country(code: "kr", name: "South Korea", language: "ko"),
        Country(code: "lt", name: "Lithuania", language: "lt"),
        Country(code: "lv", name: "Latvia", language: "lv"),
        Country(code: "ma", name: "Morocco", language: "fr"),
        Country(code: "mx", name: "Mexico", language: "es-mx"),
        Country(code: "my", name: "Malaysia", language: "ms"),
        Country(code: "ng", name: "Nigeria", language: "en"),
        Country(code: "nl", name: "Netherlands", language: "nl-nl"),
        Country(code: "no", name: "Norway", language: "no"),
        Country(code: "nz", name: "New Zealand", language: "en-nz"),
        Country(code: "ph", name: "Philippines", language: "en"),
        Country(code: "pl", name: "Poland", language: "pl"),
        Country(code: "pt", name: "Portugal", language: "pt-pt"),
        Country(code: "ro", name: "Romania", language: "ro"),
        Country(code: "rs", name: "Serbia", language: "sr"),
        Country(code: "ru", name: "Russia", language: "ru"),
        Country(code: "sa", name: "Saudi Arabia", language: "ar"),
        Country(code: "se", name: "Sweden", language: "sv"),
        Country(code: "sg", name: "Singapore", language: "en"),
        Country(code: "si", name: "Slovenia", language: "sl"),
        Country(code: "sk", name: "Slovakia", language: "sk"),
        Country(code: "th", name: "Thailand", language: "th"),
        Country(code: "tr", name: "Türkiye", language: "tr"),
        Country(code: "tw", name: "Taiwan", language: "zh-tw"),
        Country(code: "ua", name: "Ukraine", language: "uk"),
        Country(code: "us", name: "United States", language: "en-us"),
        Country(code: "ve", name: "Venezuela", language: "es-ve"),
        Country(code: "za", name: "South Africa", language: "en-za"),
    ]

    /// The documented country with this code, if any.
    public static func country(_ code: String) -> Country? {
        countries.first { $0.code == code }
    }

    /// Whether `category` is one of NewsAPI's categories.
    public static func isCategory(_ category: String) -> Bool {
        categories.contains(category)
    }
}
