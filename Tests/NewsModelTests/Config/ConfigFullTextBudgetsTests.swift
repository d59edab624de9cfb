import Foundation
import NewsModel
import Testing

/// `fullText.extractTimeout`, `fullText.maxArticleBytes` and `fullText.runTime` (issue 31): defaults, the same
/// duration and size syntax as the other keys, and one-line errors.
@Suite struct ConfigFullTextBudgetsTests {
    private func parse(_ fullText: String) throws(ConfigError) -> FullTextSettings {
        let text = #"{"fullText": "# + fullText + #", "feeds": [{"country": "us"}]}"#
        return try ConfigLoader.parse(Data(text.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/tmp"))
            .fullText
    }

    private func error(_ fullText: String) -> String? {
        do {
            _ = try parse(fullText)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theDefaultsAreFiveSecondsHalfAMegabyteAndTwoMinutes() throws {
        let settings = try parse("{}")
        #expect(settings.extractTimeout == .seconds(5))
        #expect(settings.maxArticleBytes == 512 * 1024)
        #expect(settings.runTime == .minutes(2))
    }

    @Test func durationsAndSizesAreReadAsTheOtherKeys() throws {
        let settings = try parse(#"{"extractTimeout": "1.5s", "maxArticleBytes": "2MB", "runTime": "90s"}"#)
        #expect(settings.extractTimeout == .milliseconds(1500))
        #expect(settings.maxArticleBytes == 2 << 20)
        #expect(settings.runTime == .seconds(90))
        #expect(try parse(#"{"maxArticleBytes": 100000, "extractTimeout": "1ms"}"#).maxArticleBytes == 100_000)
    }

    @Test(arguments: [
        (#"{"extractTimeout": "10m"}"#, "newsfeed.json: fullText.extractTimeout: must be 1ms to 5m, not 10m"),
        (#"{"runTime": "2h"}"#, "newsfeed.json: fullText.runTime: must be 1s to 1h, not 2h"),
        (
            #"{"maxArticleBytes": "lots"}"#,
            #"newsfeed.json: fullText.maxArticleBytes: "lots" is not a size such as "8MB" or "512KB" (or a whole number of bytes)"#
        ),
        (
            #"{"maxArticleBytes": 1000}"#,
            "newsfeed.json: fullText.maxArticleBytes: must be 16KB to 64MB (16384 to 67108864 bytes), not 1000 bytes"
        ),
    ])
    func badValuesAreOneLineErrors(fullText: String, message: String) {
        #expect(error(fullText) == message)
    }
}
