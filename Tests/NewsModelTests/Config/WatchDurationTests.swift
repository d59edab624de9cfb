import Foundation
import NewsModel
import Testing

@Suite struct WatchDurationTests {
    @Test(arguments: [
        ("30s", Int64(30_000)), ("15m", 900_000), ("1h", 3_600_000), ("2h30m", 9_000_000), ("500ms", 500),
        ("1.5s", 1500), ("1d", 86_400_000), (" 10S ", 10_000), ("0s", 0),
    ])
    func parsesUnitsAndCombinations(text: String, milliseconds: Int64) throws {
        #expect(try WatchDuration(parsing: text, label: "--interval").milliseconds == milliseconds)
    }

    @Test(arguments: ["15x", "", "15", "m", "1h-5m", "abc", "1..5s", "-5s", "5 s"])
    func rejectsWhatIsNotADuration(text: String) {
        #expect(throws: SettingError.invalidDuration(label: "--interval", text: text)) {
            try WatchDuration(parsing: text, label: "--interval")
        }
    }

    @Test func errorMessageNamesTheOptionAndShowsExamples() {
        let error = SettingError.invalidDuration(label: "--interval", text: "15x")
        #expect(error.description == #"--interval: "15x" is not a duration (use e.g. 30s, 15m, 1h)"#)
    }

    @Test(arguments: ["2h30m", "10s", "500ms", "1d1h1m1s1ms", "0s", "15m"])
    func descriptionParsesBackToTheSameValue(text: String) throws {
        let duration = try WatchDuration(parsing: text, label: "x")
        #expect(duration.description == text)
        #expect(try WatchDuration(parsing: duration.description, label: "x") == duration)
    }

    @Test func convertsToDurationAndTimeInterval() {
        #expect(WatchDuration.milliseconds(1500).duration == .milliseconds(1500))
        #expect(WatchDuration.minutes(2).timeInterval == 120)
        #expect(WatchDuration.hours(1) > WatchDuration.minutes(59))
    }

    @Test func codableAsAString() throws {
        let data = try JSONEncoder().encode(["t": WatchDuration.minutes(90)])
        #expect(String(decoding: data, as: UTF8.self) == #"{"t":"1h30m"}"#)
        let decoded = try JSONDecoder().decode([String: WatchDuration].self, from: data)
        #expect(decoded["t"] == .minutes(90))
    }
}
