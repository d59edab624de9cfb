import Foundation
import NewsModel
import Testing

/// `"feed": [url, …]`: a merged feed of 1 to 50 publishers' feeds, with a required `name` (issue 27, point 12).
@Suite struct MergedFeedConfigTests {
    func message(_ json: String) -> String {
        do {
            _ = try ConfigLoader.parse(Data(json.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
            return ""
        } catch {
            return error.description
        }
    }

    @Test func aListOfFeedsIsOneMergedFeedNamedByItsName() throws {
        let config = try ConfigLoader.parse(
            Data(
                #"{"feeds": [{"feed": ["https://a.example/rss", "https://b.example/atom"], "name": "harbour", "every": "10m"}]}"#
                    .utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
        let spec = try #require(config.feeds.first)
        #expect(
            spec.kind
                == .mergedFeed(urls: [URL(string: "https://a.example/rss")!, URL(string: "https://b.example/atom")!]))
        #expect(spec.id == "feed/harbour")
        #expect(spec.upstream == .feed && !spec.isMetered)
        #expect(spec.kind.isPublisherFeed)
    }

    @Test(arguments: [
        (
            #"{"feeds": [{"feed": ["https://a.example/rss", "https://b.example/atom"]}]}"#,
            #"feeds[0]: a merged feed ("feed" with a list of URLs) needs a "name" for its file"#
        ),
        (#"{"feeds": [{"feed": [], "name": "x"}]}"#, "feeds[0].feed: lists no feed; give 1 to 50 URLs"),
        (
            #"{"feeds": [{"feed": [1, 2], "name": "x"}]}"#,
            "feeds[0].feed: must be a feed's http(s) URL or a list of 1 to 50 of them"
        ),
        (
            #"{"feeds": [{"feed": ["https://a.example/rss", "gopher://b.example/"], "name": "x"}]}"#,
            #"feeds[0].feed[1]: "gopher://b.example/" is not an http(s) URL"#
        ),
        (
            #"{"feeds": [{"feed": ["https://a.example/rss", "http://A.example/rss#top"], "name": "x"}]}"#,
            "feeds[0].feed[1]: repeats feed[0] (https://a.example/rss)"
        ),
        (
            #"{"feeds": [{"feed": ["https://a.example/rss"], "name": "x", "every": "4m"}]}"#,
            "feeds[0].every: must be at least 5m for a publisher's feed, not 4m"
        ),
    ])
    func refusalsAreOneLineNamingTheKey(json: String, expected: String) {
        let text = message(json)
        #expect(text.contains(expected), "\(text)")
        #expect(!text.contains("\n"))
    }

    @Test func fiftyFeedsAreTheMost() {
        func config(_ count: Int) -> String {
            let urls = (0..<count).map { "\"https://s\($0).example/rss\"" }.joined(separator: ", ")
            return #"{"feeds": [{"feed": ["# + urls + #"], "name": "many"}]}"#
        }
        #expect(message(config(50)) == "")
        #expect(message(config(51)).contains("feeds[0].feed: lists 51 feeds; a merged feed takes at most 50"))
    }
}
