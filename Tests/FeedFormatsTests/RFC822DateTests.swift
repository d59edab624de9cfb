import FeedFormats
import Foundation
import Testing

@Suite struct RFC822DateTests {
    /// Weekdays checked against a printed calendar, across decades, leap days and both century ends.
    @Test(arguments: [
        (0.0, "Thu, 01 Jan 1970 00:00:00 +0000"),
        (631_152_000, "Mon, 01 Jan 1990 00:00:00 +0000"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 +0000"),
        (1_571_303_705, "Thu, 17 Oct 2019 09:15:05 +0000"),
        (1_605_395_520, "Sat, 14 Nov 2020 23:12:00 +0000"),
        (1_736_155_800, "Mon, 06 Jan 2025 09:30:00 +0000"),
        (1_709_164_800, "Thu, 29 Feb 2024 00:00:00 +0000"),
        (4_102_444_799, "Thu, 31 Dec 2099 23:59:59 +0000"),
    ])
    func formatsWithMatchingWeekdayFourDigitYearAndNumericZone(seconds: Double, expected: String) {
        #expect(RFC822Date.string(from: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func dropsFractionalSeconds() {
        #expect(
            RFC822Date.string(from: Date(timeIntervalSince1970: 1_736_155_800.999)) == "Mon, 06 Jan 2025 09:30:00 +0000"
        )
    }

    /// Every year 1990–2099 reads back exactly, and the weekday agrees with Foundation's calendar.
    @Test func roundTripsEveryYearFrom1990To2099() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        for year in 1990...2099 {
            for (month, day) in [(1, 1), (2, 28), (7, 15), (12, 31)] {
                let components = DateComponents(year: year, month: month, day: day, hour: 13, minute: 7, second: 9)
                let date = try #require(calendar.date(from: components))
                let text = RFC822Date.string(from: date)
                let weekday = calendar.component(.weekday, from: date)
                #expect(text.hasPrefix(names[weekday - 1] + ", "), "\(text)")
                #expect(text.contains(" \(year) "), "\(text)")
                #expect(RFC822Date.date(from: text) == date, "\(text)")
            }
        }
    }

    @Test(arguments: [
        "Mon, 06 Jan 2025 09:30:00 +0000",
        "Mon, 06 Jan 2025 09:30:00 GMT",
        "Mon, 06 Jan 2025 09:30:00 UTC",
        "Mon, 06 Jan 2025 09:30:00 UT",
        "Mon, 06 Jan 2025 09:30:00 Z",
        "06 Jan 2025 09:30:00 +0000",
        "Mon, 6 Jan 2025 09:30 +0000",
        "Mon,06 Jan 2025 09:30:00 +0000",
        "Monday, 06 January 2025 09:30:00 +0000",
        "Mon, 06 Jan 25 09:30:00 +0000",
        "Mon, 06 Jan 2025 10:30:00 +0100",
        "Mon, 06 Jan 2025 04:30:00 -0500",
        "Mon, 06 Jan 2025 04:30:00 EST",
        "Mon, 06 Jan 2025 11:00:00 +01:30",
        "Mon, 06 Jan 2025 09:30:00",
        "  Mon, 06 jan 2025 09:30:00 +0000  ",
    ])
    func parsesTolerantly(text: String) {
        #expect(RFC822Date.date(from: text) == Date(timeIntervalSince1970: 1_736_155_800))
    }

    @Test(arguments: [
        "", "yesterday", "2025-01-06T09:30:00Z", "Mon, 32 Jan 2025 09:30:00 +0000", "Fri, 29 Feb 2025 09:30:00 +0000",
        "Mon, 06 Foo 2025 09:30:00 +0000", "Mon, 06 Jan 2025 24:00:00 +0000", "Mon, 06 Jan 2025 09:30:00 +9999",
        "Mon, 06 Jan 2025 09:30:00 XYZ", "Xyz, 06 Jan 2025 09:30:00 +0000", "Mon, 06 Jan 20255 09:30:00 +0000",
        "Mon, 06 Jan 2025 9", "Mon, 06 Jan 2025 09:30:00 +0000 extra",
    ])
    func rejectsNonDates(text: String) {
        #expect(RFC822Date.date(from: text) == nil)
    }

    /// The arithmetic writer gives exactly ICU's text (the formatter it replaced) across its range,
    /// including fractional seconds; before 1970 ICU itself still writes.
    @Test func writesWhatICUWritesFrom1970To9999() {
        let icu = Date.VerbatimFormatStyle(
            format: """
                \(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .padded(4)) \
                \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\
                \(second: .twoDigits) +0000
                """,
            locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian))
        var seconds = 0.0
        while seconds < 253_402_300_800 {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(RFC822Date.string(from: date) == icu.format(date), "\(seconds)")
            seconds += 86_399_999.731
        }
        for edge in [-1.0, -86_400 * 365.25 * 100, 253_402_300_799.5, 253_402_300_800] {
            let date = Date(timeIntervalSince1970: edge)
            #expect(RFC822Date.string(from: date) == icu.format(date), "\(edge)")
        }
    }
}
