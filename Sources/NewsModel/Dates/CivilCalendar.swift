/// The proleptic Gregorian calendar in plain arithmetic, and the English month and weekday abbreviations: the one
/// home of both for the hand-written date parsers and writers (NewsAPI's ISO 8601, feeds' RFC 822 and RFC 3339,
/// the pages' dates, the schedule lines). HTTP dates keep their own in HTTPServing, which knows no news.
///
/// Plain arithmetic rather than `Calendar` or formatters: it gives ICU's exact text without loading ICU's calendar
/// data (megabytes of resident memory for a short `convert`), costs nothing per call, and is `Sendable`.
package enum CivilCalendar {
    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date (Howard Hinnant's `days_from_civil`).
    package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `Jan` … `Dec`, by month number minus one.
    package static let monthAbbreviations: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `Sun` … `Sat`, by ``weekday(daysSinceEpoch:)``.
    package static let weekdayAbbreviations: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The abbreviation of month `month` (1 to 12).
    package static func monthAbbreviation(_ month: Int) -> String {
        monthAbbreviations[month - 1].description
    }

    /// 1 to 12 for a month's English abbreviation in any case (`jan`, `JAN`), nil otherwise.
    package static func month(abbreviated text: String) -> Int? {
        monthAbbreviations.firstIndex { $0.description.lowercased() == text.lowercased() }.map { $0 + 1 }
    }

    /// True for a weekday's English abbreviation in any case (`mon`, `MON`).
    package static func isWeekday(abbreviated text: String) -> Bool {
        weekdayAbbreviations.contains { $0.description.lowercased() == text.lowercased() }
    }

    /// The date of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    package static func date(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// 0 for Sunday … 6 for Saturday, of a day count from 1970-01-01 (a Thursday).
    package static func weekday(daysSinceEpoch days: Int) -> Int {
        ((days + 4) % 7 + 7) % 7
    }
}
