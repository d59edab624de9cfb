import Foundation
import NewsModel

/// Reads the dates feeds carry in the wild: RFC 822 (with or without the weekday and the seconds, two- or
/// four-digit years, numeric or named zones such as `GMT`, `EST`, `PDT`, `Z`) and ISO 8601 / W3C-DTF
/// (`2003-12-13T18:30:02Z`, fractions, `±hh:mm`, a date alone, year and month alone). A missing zone is UTC.
public enum FeedDateParser {
    /// Named zones and their offsets in minutes (RFC 822's and the common US ones).
    static let zones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -300, "EDT": -240, "CST": -360, "CDT": -300, "MST": -420,
        "MDT": -360, "PST": -480, "PDT": -420, "AST": -240, "ADT": -180, "HST": -600, "AKST": -540, "AKDT": -480,
        "CET": 60, "CEST": 120, "BST": 60, "IST": 330, "JST": 540, "AEST": 600, "AEDT": 660,
    ]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date in `text`, or nil when it is no date in a form above.
    public static func parse(_ text: String) -> Date? {
        let trimmed = UTF8Text.trimmingWhiteSpace(text)
        guard let first = trimmed.unicodeScalars.first else { return nil }
        if ("0"..."9").contains(first), trimmed.count >= 4, trimmed.utf8.dropFirst(4).first != UInt8(ascii: " ") {
            if let date = iso8601(trimmed) { return date }
        }
        return rfc822(trimmed)
    }

    /// The date if it parses and lies between 1990 and `now` plus a few minutes, else nil: a date in the far
    /// future would pin an item to the top of the feed, so the item falls back to when it was first seen.
    public static func plausible(_ date: Date?, now: Date) -> Date? {
        guard let date, date >= NewsAPIDate.earliestPlausible,
            date.timeIntervalSince(now) <= NewsAPIDate.allowedClockSkew
        else { return nil }
        return date
    }

    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int) -> Date? {
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            (0...24).contains(hour), (0..<60).contains(minute), second >= 0, second < 61
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset * 60) + second
        return Date(timeIntervalSince1970: seconds)
    }

    /// `2003-12-13T18:30:02.25+01:00`, `2003-12-13 18:30Z`, `2003-12-13`, `2003-12`, `2003`.
    static func iso8601(_ text: String) -> Date? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[index..<index + count] {
                guard let digit = scalar.properties.numericType != nil ? Int(String(scalar)) : nil else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }
        func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = digits(4) else { return nil }
        var month = 1
        var day = 1
        if skip("-") {
            guard let value = digits(2) else { return nil }
            month = value
            if skip("-") {
                guard let value = digits(2) else { return nil }
                day = value
            }
        }
        var hour = 0
        var minute = 0
        var second = 0.0
        var offset = 0
        if index < scalars.count, scalars[index] == "T" || scalars[index] == "t" || scalars[index] == " " {
            index += 1
            guard let h = digits(2), skip(":"), let m = digits(2) else { return nil }
            hour = h
            minute = m
            if skip(":") {
                guard let s = digits(2) else { return nil }
                second = Double(s)
                if skip(".") || skip(",") {
                    var scale = 0.1
                    while index < scalars.count, let digit = Int(String(scalars[index])) {
                        second += Double(digit) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
            while index < scalars.count, scalars[index] == " " { index += 1 }
            if index < scalars.count {
                guard let zone = zoneOffset(String(String.UnicodeScalarView(scalars[index...]))) else { return nil }
                offset = zone
                index = scalars.count
            }
        }
        guard index == scalars.count else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// `Sat, 07 Sep 2002 00:00:01 GMT`, `7 Sep 02 00:00 +0100`, `Sep 07 2002 …` (month first), no zone.
    package static func rfc822(_ text: String) -> Date? {
        if let date = canonicalRFC822(text) { return date }
        return looseRFC822(text)
    }

    /// The form nearly every RSS feed writes, read on its bytes: `Sat, 07 Sep 2002 00:00:01 GMT` (the weekday and
    /// the seconds optional, a one- or two-digit day, a four-digit year, a named or numeric zone). Nil for any other
    /// form, which ``looseRFC822(_:)`` reads.
    package static func canonicalRFC822(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func isLetter(_ at: Int) -> Bool {
            at < bytes.count && (bytes[at] | 0x20) >= 0x61 && (bytes[at] | 0x20) <= 0x7A
        }
        func number(_ count: Int) -> Int? {
            guard (0..<count).allSatisfy({ isDigit(index + $0) }) else { return nil }
            var value = 0
            for offset in 0..<count { value = value * 10 + Int(bytes[index + offset] - 0x30) }
            index += count
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        // The weekday: three letters and a comma.
        if isLetter(0), isLetter(1), isLetter(2), bytes.count > 4, bytes[3] == UInt8(ascii: ","),
            bytes[4] == UInt8(ascii: " ")
        {
            index = 5
        }
        guard let day = isDigit(index + 1) ? number(2) : number(1), skip(UInt8(ascii: " ")),
            isLetter(index), isLetter(index + 1), isLetter(index + 2), index + 3 < bytes.count,
            bytes[index + 3] == UInt8(ascii: " ")
        else { return nil }
        let name = String(decoding: bytes[index..<index + 3], as: UTF8.self).lowercased()
        guard let month = months.firstIndex(of: name) else { return nil }
        index += 4
        guard let year = number(4), skip(UInt8(ascii: " ")), let hour = number(2), skip(UInt8(ascii: ":")),
            let minute = number(2)
        else { return nil }
        var second = 0
        if skip(UInt8(ascii: ":")) {
            guard let value = number(2) else { return nil }
            second = value
        }
        guard skip(UInt8(ascii: " ")), index < bytes.count,
            let offset = zoneOffset(String(decoding: bytes[index...], as: UTF8.self))
        else { return nil }
        return date(
            year: year, month: month + 1, day: day, hour: hour, minute: minute, second: Double(second), offset: offset)
    }

    /// Any other RFC 822-like form: tokens in any order, a two-digit year, a missing zone, a weekday in any spelling.
    package static func looseRFC822(_ text: String) -> Date? {
        let tokens = text.replacingOccurrences(of: ",", with: " ").split(whereSeparator: \.isWhitespace).map(
            String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (Int, Int, Double)?
        var offset: Int?
        for token in tokens {
            let lower = token.lowercased()
            if month == nil, lower.count >= 3, let index = months.firstIndex(of: String(lower.prefix(3))),
                lower.allSatisfy(\.isLetter) || lower.hasSuffix(".")
            {
                month = index + 1
            } else if token.contains(":"), time == nil {
                let parts = token.split(separator: ":").map(String.init)
                guard parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
                time = (h, m, parts.count > 2 ? Double(parts[2]) ?? 0 : 0)
            } else if let number = Int(token), token.allSatisfy(\.isNumber) {
                if day == nil, token.count <= 2, year == nil || month != nil {
                    day = number
                } else if year == nil {
                    year = token.count <= 2 ? (number < 50 ? 2000 + number : 1900 + number) : number
                } else {
                    return nil
                }
            } else if let zone = zoneOffset(token), time != nil || year != nil {
                offset = zone
            } else if lower.allSatisfy(\.isLetter), day == nil, month == nil {
                continue  // a weekday, in any language or spelling
            }
        }
        guard let day, let month, let year else { return nil }
        let (hour, minute, second) = time ?? (0, 0, 0)
        return date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset ?? 0)
    }

    /// `Z`, `GMT`, `EST`, `+0100`, `-05:00`, `+01`, `GMT+1` in minutes east of UTC.
    static func zoneOffset(_ text: String) -> Int? {
        let upper = text.uppercased()
        if let named = zones[upper] { return named }
        var rest = Substring(upper)
        if rest.hasPrefix("GMT") || rest.hasPrefix("UTC") { rest = rest.dropFirst(3) }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        let digits = rest.dropFirst().filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isNumber), let value = Int(digits) else {
            return nil
        }
        let minutes = digits.count <= 2 ? value * 60 : (value / 100) * 60 + value % 100
        return sign == "-" ? -minutes : minutes
    }
}
