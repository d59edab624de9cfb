import Foundation
import NewsModel
import TestSupport
import Testing

/// The config's `"formats"` list: every format by default, any subset in any order, and a clear
/// configuration error (exit 78) for an unknown name, a repeated name or an empty list.
@Suite struct ConfigFormatsTests {
    func parse(_ formats: String?) throws(ConfigError) -> NewsFeedConfig {
        let key = formats.map { #", "formats": \#($0)"# } ?? ""
        let json = #"{"feeds":[{"country":"us","category":"health"}]\#(key)}"#
        return try ConfigLoader.parse(Data(json.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
    }

    @Test func everyFormatIsTheDefault() throws {
        #expect(try parse(nil).formats == FeedFormat.defaultList)
        #expect(FeedFormat.defaultList.first == .rss)
    }

    @Test(arguments: [
        (#"["atom"]"#, [FeedFormat.atom]), (#"["json", "rss"]"#, [.json, .rss]),
        (#"["ATOM", "Json"]"#, [.atom, .json]),
    ])
    func anySubsetInAnyOrder(list: String, expected: [FeedFormat]) throws {
        #expect(try parse(list).formats == expected)
    }

    @Test(arguments: [
        (#"["rss", "pdf"]"#, #"newsfeed.json: formats[1]: "pdf" is not one of"#),
        ("[]", "newsfeed.json: formats: list at least one of rss"),
        (#"["rss", "rss"]"#, #"newsfeed.json: formats[1]: "rss" is listed twice"#),
        (#""rss""#, "newsfeed.json: formats: expected a list"),
    ])
    func badListsAreConfigurationErrorsNamingTheEntry(list: String, message: String) {
        #expect(throws: ConfigError.self) { try parse(list) }
        do {
            _ = try parse(list)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func anUnknownFormatExitsWith78() async throws {
        let folder = TemporaryFolder()
        try folder.write(
            #"{"feeds":[{"country":"us","category":"health"}], "formats": ["rss", "gopher"]}"#, to: "newsfeed.json")
        let run = await CommandRun.run(["build"], environment: ["NEWSAPI_KEY": "k"], workingDirectory: folder.url)
        #expect(run.status == 78)
        #expect(run.errorLines.count == 1)
        #expect(
            run.standardError.contains(#"formats[1]: "gopher" is not one of rss, atom, json"#), "\(run.standardError)")
    }
}
