import Foundation
import NewsModel
import Testing

@Suite struct WatchSettingsTests {
    private func decode(_ json: String) throws -> WatchSettings {
        try JSONDecoder().decode(WatchSettings.self, from: Data(json.utf8))
    }

    @Test func emptyObjectGivesTheDocumentedDefaults() throws {
        let settings = try decode("{}")
        #expect(settings == WatchSettings.standard)
        #expect(settings.failuresBeforeDead == 2)
        #expect(settings.concurrency == 32)
        #expect(settings.perHost == 4)
        #expect(settings.timeout == .seconds(10))
        #expect(settings.recheck == .hours(6))
        #expect(settings.roundDeadline == .minutes(15))
    }

    @Test func everyKeyIsRead() throws {
        let settings = try decode(
            #"{"failuresBeforeDead": 3, "concurrency": 8, "perHost": 2, "timeout": "5s", "recheck": "1h", "roundDeadline": "2m"}"#
        )
        #expect(
            settings
                == WatchSettings(
                    failuresBeforeDead: 3, concurrency: 8, perHost: 2, timeout: .seconds(5), recheck: .hours(1),
                    roundDeadline: .minutes(2)))
    }

    @Test func unknownKeyIsAnErrorNamingTheKey() {
        do {
            _ = try decode(#"{"perhost": 2}"#)
            Issue.record("an unknown key was accepted")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("\"perhost\""))
            #expect(context.codingPath.last?.stringValue == "perhost")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func badDurationNamesTheSettingAndTheValue() {
        do {
            _ = try JSONDecoder().decode(
                [String: WatchSettings].self, from: Data(#"{"watch": {"timeout": "10x"}}"#.utf8))
            Issue.record("a bad duration was accepted")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == #"watch.timeout: "10x" is not a duration (use e.g. 30s, 15m, 1h)"#)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test(arguments: [
        (#"{"failuresBeforeDead": 0}"#, "watch.failuresBeforeDead: must be at least 1, got 0"),
        (#"{"concurrency": 0}"#, "watch.concurrency: must be at least 1, got 0"),
        (#"{"perHost": 0}"#, "watch.perHost: must be at least 1, got 0"),
        (#"{"timeout": "0s"}"#, "watch.timeout: must be longer than 0s"),
        (#"{"roundDeadline": "0s"}"#, "watch.roundDeadline: must be longer than 0s"),
    ])
    func outOfRangeValuesAreRejected(json: String, message: String) {
        do {
            _ = try decode(json)
            Issue.record("\(json) was accepted")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == message)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func encodesBackToTheSameSettings() throws {
        let settings = WatchSettings(timeout: .milliseconds(500), recheck: .minutes(90))
        let data = try JSONEncoder().encode(settings)
        #expect(try JSONDecoder().decode(WatchSettings.self, from: data) == settings)
    }
}
