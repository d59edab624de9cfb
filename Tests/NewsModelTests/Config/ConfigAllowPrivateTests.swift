import Foundation
import NewsModel
import Testing

/// The top-level `"allowPrivate"`: off unless set, a Boolean only, and the same strict checking as every key.
@Suite struct ConfigAllowPrivateTests {
    func parse(_ value: String?) throws(ConfigError) -> NewsFeedConfig {
        let key = value.map { #", "allowPrivate": \#($0)"# } ?? ""
        let json = #"{"feeds":[{"country":"us","category":"health"}]\#(key)}"#
        return try ConfigLoader.parse(Data(json.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
    }

    @Test func offUnlessSet() throws {
        #expect(try parse(nil).allowPrivate == false)
        #expect(try parse("false").allowPrivate == false)
        #expect(try parse("true").allowPrivate == true)
    }

    @Test(arguments: [#""yes""#, "1", "{}", "[true]"])
    func anythingButABooleanIsAConfigurationError(value: String) {
        let error = #expect(throws: ConfigError.self) { try parse(value) }
        #expect(error?.description.contains("allowPrivate") == true, "\(String(describing: error))")
    }

    @Test func aMisspeltKeyIsNamedWithTheKnownOnes() {
        let json = #"{"feeds":[{"country":"us","category":"health"}], "allowprivate": true}"#
        let error = #expect(throws: ConfigError.self) {
            try ConfigLoader.parse(Data(json.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
        }
        #expect(error?.description.contains("allowPrivate") == true, "\(String(describing: error))")
    }
}
