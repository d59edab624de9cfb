import Foundation

/// A NewsAPI `/v2/everything` query as configured: `{"search": "climate change", …}`.
public struct NewsAPISearch: Sendable, Hashable, Codable {
    /// NewsAPI's sort orders.
    public enum SortOrder: String, Sendable, Hashable, Codable, CaseIterable {
        case relevancy, popularity, publishedAt
    }

    /// The fields `searchIn` may name.
    public static let searchableFields = ["title", "description", "content"]
    /// NewsAPI's documented languages for `everything`.
    public static let languages = ["ar", "de", "en", "es", "fr", "he", "it", "nl", "no", "pt", "ru", "sv", "ud", "zh"]
    /// The default `from`: two days back.
    public static let defaultFrom = SearchStart.age(seconds: 2 * 86_400)

    /// `q`: words, quoted phrases, AND/OR/NOT, up to 500 characters.
    public var query: String
    public var language: String?
    public var sortBy: SortOrder
    public var from: SearchStart
    /// `searchIn`, e.g. `["title", "description"]`; empty means NewsAPI's default (all fields).
    public var searchIn: [String]
    public var domains: String?
    public var excludeDomains: String?

    public init(
        query: String, language: String? = nil, sortBy: SortOrder = .publishedAt,
        from: SearchStart = NewsAPISearch.defaultFrom, searchIn: [String] = [], domains: String? = nil,
        excludeDomains: String? = nil
    ) {
        self.query = query
        self.language = language
        self.sortBy = sortBy
        self.from = from
        self.searchIn = searchIn
        self.domains = domains
        self.excludeDomains = excludeDomains
    }
}

/// `from`: a fixed day, or an age counted back from each build.
public enum SearchStart: Sendable, Hashable, Codable {
    /// `2026-11-28`, sent as written.
    case date(String)
    /// `36h`, `2d`: this many seconds before the build.
    case age(seconds: Int)

    /// Parses `2026-11-28`, or an age of whole hours, days or weeks (`36h`, `2d`, `1w`); nil otherwise.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let date = Self.calendarDate(trimmed) {
            self = .date(date)
            return
        }
        let units: [Character: Int] = ["h": 3_600, "d": 86_400, "w": 7 * 86_400]
        guard let unit = trimmed.last, let seconds = units[unit], case let digits = trimmed.dropLast(),
            !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits), count > 0,
            count <= 3650 * 86_400 / seconds
        else { return nil }
        self = .age(seconds: count * seconds)
    }

    /// The value of NewsAPI's `from` for a build at `now`: the date, or the instant `age` back
    /// in UTC to the second (`2026-11-29T07:00:00Z`).
    public func parameter(now: Date) -> String {
        switch self {
        case .date(let date):
            return date
        case .age(let seconds):
            let start = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - Double(seconds)).rounded(.down))
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: start)
        }
    }

    /// `YYYY-MM-DD` of a real day, else nil.
    private static func calendarDate(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
            let days = calendar.range(of: .day, in: .month, for: first), days.contains(day)
        else { return nil }
        return text
    }
}
