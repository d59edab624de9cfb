import Foundation
import NewsModel

/// RFC 822 dates as RSS 2.0 wants them: `Mon, 06 Jan 2025 09:30:00 +0000`.
///
/// Writing is strict (four-digit year, numeric zone, English names, UTC) because validators
/// reject anything else; reading is tolerant because older feeds and other tools write
/// `GMT`, two-digit years or no weekday.
public enum RFC822Date {
    /// A `Sendable` value style; ICU caches the compiled pattern, so formatting thousands of
    /// dates costs no formatter per call.
    private static let style = Date.VerbatimFormatStyle(
        format: """
            \(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .padded(4)) \
            \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\
            \(second: .twoDigits) +0000
            """,
        locale: Locale(identifier: "en_US_POSIX"),
        timeZone: .gmt,
        calendar: Calendar(identifier: .gregorian)
    )

    /// `date` in UTC, e.g. `Mon, 06 Jan 2025 09:30:00 +0000`; fractional seconds are dropped.
    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // From 1970 to 9999 plain arithmetic (CivilCalendar) gives ICU's exact text.
        guard seconds >= 0, seconds < endOfYear9999, let whole = Int(exactly: seconds) else {
            return style.format(date)
        }
        let days = whole / 86_400
        let secondOfDay = whole % 86_400
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        // Written straight into the string's storage: a big feed formats thousands of these.
        return String(unsafeUninitializedCapacity: 31) { output in
            var count = 0
            func append(_ text: StaticString) {
                for offset in 0..<text.utf8CodeUnitCount { output[count + offset] = text.utf8Start[offset] }
                count += text.utf8CodeUnitCount
            }
            func append(_ value: Int, digits: Int) {
                var value = value
                for offset in (0..<digits).reversed() {
                    output[count + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                count += digits
            }
            append(CivilCalendar.weekdayAbbreviations[CivilCalendar.weekday(daysSinceEpoch: days)])
            append(", ")
            append(day, digits: 2)
            append(" ")
            append(CivilCalendar.monthAbbreviations[month - 1])
            append(" ")
            append(year, digits: 4)
            append(" ")
            append(secondOfDay / 3600, digits: 2)
            append(":")
            append(secondOfDay % 3600 / 60, digits: 2)
            append(":")
            append(secondOfDay % 60, digits: 2)
            append(" +0000")
            return count
        }
    }

    /// 10000-01-01T00:00:00Z, where years stop having four digits.
    private static let endOfYear9999: Double = 253_402_300_800

    /// Parses RFC 822 / RFC 2822 dates with or without weekday and seconds, with numeric zones
    /// (`+0000`, `-05:00`), `GMT`, `UT`, `UTC`, `Z` or North American zone names; a missing zone
    /// means UTC. Returns nil for anything else, including impossible days such as 31 Feb.
    public static func date(from string: String) -> Date? {
        var tokens = string.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })[...]
        if let first = tokens.first, first.allSatisfy(\.isLetter) {
            guard CivilCalendar.isWeekday(abbreviated: String(first.prefix(3))) else { return nil }
            tokens = tokens.dropFirst()
        }
        guard tokens.count == 4 || tokens.count == 5 else { return nil }
        let parts = Array(tokens)
        guard let day = Int(parts[0]), (1...31).contains(day),
            let month = monthNumber(parts[1]),
            let year = fullYear(parts[2]),
            let time = secondsOfDay(parts[3])
        else { return nil }
        let offset: Int
        if parts.count == 5 {
            guard let zoneOffset = zoneOffsetSeconds(parts[4]) else { return nil }
            offset = zoneOffset
        } else {
            offset = 0
        }
        guard day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
        let seconds = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + time - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Zone names RFC 822 defines, in hours east of UTC.
    private static let namedZones: [String: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
    ]

    private static func monthNumber(_ token: Substring) -> Int? {
        guard token.count >= 3, token.allSatisfy(\.isLetter) else { return nil }
        return CivilCalendar.month(abbreviated: String(token.prefix(3)))
    }

    /// Four-digit years as written; two-digit years per RFC 2822 (00–49 are 20xx).
    private static func fullYear(_ token: Substring) -> Int? {
        guard token.allSatisfy(\.isASCII), let value = Int(token), value >= 0 else { return nil }
        switch token.count {
        case 4: return value
        case 2: return value < 50 ? 2000 + value : 1900 + value
        case 3: return 1900 + value
        default: return nil
        }
    }

    /// `HH:MM` or `HH:MM:SS` (a leap second 60 is accepted).
    private static func secondsOfDay(_ token: Substring) -> Int? {
        let fields = token.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3,
            fields.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) })
        else { return nil }
        guard let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = fields.count == 3 ? Int(fields[2]) : 0
        guard let second, (0...60).contains(second) else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// `+hhmm`, `-hhmm`, `+hh:mm`, or a named zone; seconds east of UTC.
    private static func zoneOffsetSeconds(_ token: Substring) -> Int? {
        if let hours = namedZones[token.lowercased()] { return hours * 3600 }
        guard let sign = token.first, sign == "+" || sign == "-" else { return nil }
        let digits = token.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy(\.isASCII), let value = Int(digits) else { return nil }
        let hours = value / 100
        let minutes = value % 100
        guard hours <= 23, minutes <= 59 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }
}
