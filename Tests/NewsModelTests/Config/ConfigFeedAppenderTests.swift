import Foundation
import NewsModel
import Testing

/// `newsfeed import` edits the config's text: entries go after the last of `feeds`, in the indentation the array
/// uses, and every other byte stays.
@Suite struct ConfigFeedAppenderTests {
    static let entry = #"{"feed": "https://a.example/rss"}"#

    @Test(arguments: [
        (
            "{\n  \"feeds\": [\n    {\"ddg\": \"apple\"}\n  ],\n  \"ttl\": 60\n}\n",
            "{\n  \"feeds\": [\n    {\"ddg\": \"apple\"},\n    \(entry)\n  ],\n  \"ttl\": 60\n}\n"
        ),
        (
            "{\"feeds\": [{\"ddg\": \"apple\"}], \"ttl\": 60}",
            "{\"feeds\": [{\"ddg\": \"apple\"}, \(entry)], \"ttl\": 60}"
        ),
        (
            "{\n\t\"feeds\": [\n\t\t{\"ddg\": \"a]b\"} \n\t]\n}",
            "{\n\t\"feeds\": [\n\t\t{\"ddg\": \"a]b\"},\n\t\t\(entry) \n\t]\n}"
        ),
        ("{\n  \"feeds\": []\n}\n", "{\n  \"feeds\": [\n    \(entry)\n  ]\n}\n"),
        ("{\n  \"ttl\": 60\n}\n", "{\n  \"ttl\": 60,\n  \"feeds\": [\n    \(entry)\n  ]\n}\n"),
        ("{}", "{\n  \"feeds\": [\n    \(entry)\n  ]\n}"),
        (
            "{\"title\": \"\\\"feeds\\\": [\", \"feeds\": [{\"ddg\": \"x\"}]}",
            "{\"title\": \"\\\"feeds\\\": [\", \"feeds\": [{\"ddg\": \"x\"}, \(entry)]}"
        ),
    ])
    func entriesGoAfterTheLastOneInTheArraysOwnLayout(config: String, expected: String) throws {
        #expect(try ConfigFeedAppender.appending([Self.entry], to: config) == expected)
    }

    @Test func aNestedFeedsKeyIsNotTheConfigsOwn() throws {
        let config = "{\"defaults\": {\"feeds\": []}, \"feeds\": [{\"ddg\": \"x\"}]}"
        #expect(
            try ConfigFeedAppender.appending([Self.entry], to: config)
                == "{\"defaults\": {\"feeds\": []}, \"feeds\": [{\"ddg\": \"x\"}, \(Self.entry)]}")
    }

    @Test func textThatIsNoObjectIsRefused() {
        #expect(throws: ConfigFeedAppender.Failure.self) { try ConfigFeedAppender.appending([Self.entry], to: "[1]") }
        #expect(throws: ConfigFeedAppender.Failure.self) {
            try ConfigFeedAppender.appending([Self.entry], to: "{\"feeds\": [")
        }
    }
}
