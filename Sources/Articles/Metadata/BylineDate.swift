import Foundation

/// A byline that swallowed its date (`Associated Press November 19, 2019, 9:02 AM`, `By Ann Writer | Updated
/// 2024-05-02 10:15`): the name alone, and the date it held (issue 28, point 7). Dates are read in English month
/// names (full or short, month first or day first) or as ISO 8601, with an optional time of day (12- or 24-hour),
/// in UTC when the byline names no zone.
enum BylineDate {
    private static let month =
        "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
        + "oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?"
    private static let time = "(?:,?\\s*(?:at\\s+)?(\\d{1,2})[:.](\\d{2})\\s*([ap])?\\.?\\s*(?:m\\.?)?)?"
    /// Month first (`November 19, 2019`), day first (`19 November 2019`), ISO (`2019-11-19`).
    private static let patterns: [(NSRegularExpression, order: (month: Int, day: Int, year: Int))] = [
        ("\(month)\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\(time)", (1, 2, 3)),
        ("(\\d{1,2})(?:st|nd|rd|th)?\\s+\(month),?\\s+(\\d{4})\(time)", (2, 1, 3)),
        ("(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})()?)?", (2, 3, 1)),
    ].compactMap { pattern, order in
        (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])).map { ($0, order) }
    }
    /// Words that introduce a date in a byline, dropped with it.
    private static let leadIns = ["updated", "published", "posted", "last updated", "on", "at", "date"]

    /// The byline without its date, and the date; the byline itself (and nil) when it holds no date. The name is
    /// nil when the byline was only a date.
    static func split(_ byline: String) -> (name: String?, date: Date?) {
        let text = byline as NSString
        for (expression, order) in patterns {
            guard let match = expression.firstMatch(in: byline, range: NSRange(location: 0, length: text.length))
            else { continue }
            func group(_ index: Int) -> String? {
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : text.substring(with: range)
            }
            guard let monthValue = group(order.month).flatMap(monthNumber),
                let day = group(order.day).flatMap(Int.init),
                let year = group(order.year).flatMap(Int.init), (1...31).contains(day), (1990...2100).contains(year)
            else { continue }
            var components = DateComponents(
                calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"), year: year,
                month: monthValue, day: day)
            if var hour = group(4).flatMap(Int.init), let minute = group(5).flatMap(Int.init), minute < 60 {
                let half = group(6)?.lowercased()
                if half == "p", hour < 12 { hour += 12 }
                if half == "a", hour == 12 { hour = 0 }
                if hour < 24 {
                    components.hour = hour
                    components.minute = minute
                }
            }
            guard let date = components.date else { continue }
            var name = text.replacingCharacters(in: match.range, with: " ")
            name = trimmed(name)
            return (name.isEmpty ? nil : name, date)
        }
        return (byline, nil)
    }

    private static func monthNumber(_ text: String) -> Int? {
        if let number = Int(text), (1...12).contains(number) { return number }
        let prefixes = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let lower = text.lowercased()
        return prefixes.firstIndex { lower.hasPrefix($0) }.map { $0 + 1 }
    }

    /// The name left around a removed date: separators, a trailing lead-in word (`Updated`) and a leading `By`
    /// gone.
    private static func trimmed(_ text: String) -> String {
        var name = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let separators = CharacterSet(charactersIn: " ,;|-–—·•/:")
        var changed = true
        while changed {
            changed = false
            let stripped = name.trimmingCharacters(in: separators)
            if stripped != name {
                name = stripped
                changed = true
            }
            for word in leadIns where name.lowercased().hasSuffix(" " + word) || name.lowercased() == word {
                name = String(name.dropLast(word.count))
                changed = true
            }
            for word in leadIns where name.lowercased().hasPrefix(word + " ") {
                name = String(name.dropFirst(word.count))
                changed = true
            }
        }
        if name.lowercased().hasPrefix("by ") { name = String(name.dropFirst(3)) }
        return name.trimmingCharacters(in: separators)
    }
}
