import Foundation
import NewsModel
import Testing

/// The one writer of the reports' JSON: `status --json` and `bookmark list --json` keep the layout they had when
/// Foundation's `JSONSerialization` wrote them, and `/healthz` and `extract --format json` keep their key order.
@Suite struct JSONOutputTests {
    private static let document: JSONOutput = [
        "feeds": [
            ["path": "us/health", "items": 3, "lastError": nil, "stale": false, "failing": true],
            ["path": "de/\u{e9}t\u{e9} \"quoted\"\n", "items": nil, "tags": ["a", 1]],
        ],
        "quota": ["used": ["day": 12, "12h": 0], "paused": nil, "reserve": ["size": 2, "left": ["day": -1]]],
        "url": "https://example.com/a/b?c=1&d=<e>",
    ]

    /// The same document as Foundation objects, for the old writer.
    private static var foundationDocument: [String: Any] {
        [
            "feeds": [
                ["path": "us/health", "items": 3, "lastError": NSNull(), "stale": false, "failing": true]
                    as [String: Any],
                [
                    "path": "de/\u{e9}t\u{e9} \"quoted\"\n", "items": NSNull(), "tags": ["a", 1] as [Any],
                ] as [String: Any],
            ],
            "quota": [
                "used": ["day": 12, "12h": 0], "paused": NSNull(),
                "reserve": ["size": 2, "left": ["day": -1]] as [String: Any],
            ] as [String: Any],
            "url": "https://example.com/a/b?c=1&d=<e>",
        ]
    }

    @Test func thePrettyLayoutIsTheOneJSONSerializationPrinted() throws {
        let foundation = try JSONSerialization.data(
            withJSONObject: Self.foundationDocument, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        #expect(Self.document.text(.pretty) == String(decoding: foundation, as: UTF8.self))
    }

    /// Where the old writer printed an empty array as `[`, a blank line and an indented `]`, the pretty style
    /// prints `[]` (as docs/watching-images.md always showed it).
    @Test func emptyContainersArePrintedCompact() {
        let value: JSONOutput = ["warnings": [], "failures": [:], "feeds": [["findings": []]]]
        #expect(
            value.text(.pretty)
                == "{\n  \"failures\" : {},\n  \"feeds\" : [\n    {\n      \"findings\" : []\n    }\n  ],\n  \"warnings\" : []\n}"
        )
    }

    @Test func prettyTextReadsBackAsTheSameValues() throws {
        let text = Self.document.text(.pretty)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        #expect(parsed == Self.foundationDocument as NSDictionary)
    }

    @Test func compactTextKeepsTheOrderGivenAndHasNoSpaces() {
        let health: JSONOutput = ["status": "ok", "feeds": 2, "paused": nil, "failing": [], "b": true, "a": [1, 2]]
        #expect(health.text(.compact) == #"{"status":"ok","feeds":2,"paused":null,"failing":[],"b":true,"a":[1,2]}"#)
    }

    @Test func markupEscapingReachesKeysAndNestedStrings() {
        let value: JSONOutput = ["<k>": ["a & b", "</script>"]]
        #expect(
            value.text(.compact, escapingMarkup: true) == #"{"\u003ck\u003e":["a \u0026 b","\u003c/script\u003e"]}"#)
        #expect(value.text(.compact) == #"{"<k>":["a & b","</script>"]}"#)
    }

    @Test func optionalsBecomeNullAndSettingReplacesOrAppends() {
        let none: String? = nil
        var object: JSONOutput = ["a": JSONOutput(none), "b": JSONOutput(Int?.some(2))]
        object = object.setting("a", "x").setting("c", JSONOutput(Bool?.none))
        #expect(object.text(.compact) == #"{"a":"x","b":2,"c":null}"#)
        #expect(JSONOutput(["z": 1, "y": 2]).text(.pretty) == "{\n  \"y\" : 2,\n  \"z\" : 1\n}")
    }
}
