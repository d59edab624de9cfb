#if canImport(Glibc)
    import Glibc
#endif

/// HTTP-dates (RFC 9110 §5.6.7) as whole seconds since 1970, formatted with
/// `gmtime_r` because this runs per file version on the serving path.
package enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    package static func format(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Parses the three forms a recipient must accept: IMF-fixdate, RFC 850 and
    /// asctime. Nil for anything else, which callers then ignore as the RFC asks.
    package static func parse(_ text: String) -> Int? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var clock: String?
        if words.count == 6, words[5] == "GMT", words[0].hasSuffix(",") {
            // Sun, 06 Nov 1994 08:49:37 GMT
            (day, month, year, clock) = (Int(words[1]), months.firstIndex(of: words[2]), Int(words[3]), words[4])
            guard words[1].count == 2, words[3].count == 4 else { return nil }
        } else if words.count == 4, words[3] == "GMT", words[0].hasSuffix(",") {
            // Sunday, 06-Nov-94 08:49:37 GMT: a two-digit year more than 50 years ahead is in the past.
            let dayMonthYear = words[1].split(separator: "-").map(String.init)
            guard dayMonthYear.count == 3, dayMonthYear[2].count == 2, let shortYear = Int(dayMonthYear[2]) else {
                return nil
            }
            (day, month, clock) = (Int(dayMonthYear[0]), months.firstIndex(of: dayMonthYear[1]), words[2])
            year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear
        } else if words.count == 5, weekdays.contains(words[0]) {
            // Sun Nov  6 08:49:37 1994
            (day, month, year, clock) = (Int(words[2]), months.firstIndex(of: words[1]), Int(words[4]), words[3])
        }
        guard let day, let month, let year, let clock, (1...31).contains(day), year >= 1970 else { return nil }
        let hms = clock.split(separator: ":").map { Int($0) }
        guard hms.count == 3, let hour = hms[0], let minute = hms[1], let second = hms[2],
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }
}
