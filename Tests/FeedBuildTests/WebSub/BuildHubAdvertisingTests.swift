import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// With `"websub": {"hub": true}` (or outside `hubs`) every feed `build` writes names its hubs in every format and
/// still passes the format checkers (issue 29, point 1); without the object none does.
@Suite struct BuildHubAdvertisingTests {
    static func config(websub: String?) -> String {
        let key = websub.map { #", "websub": \#($0)"# } ?? ""
        return """
            {"site": "\(BuildWorkspace.site)", "output": "Feeds",
             "feeds": [{"country": "us", "category": "health"}]\(key)}
            """
    }

    private func text(_ workspace: BuildWorkspace, _ format: FeedFormat) throws -> String {
        String(decoding: try Data(contentsOf: BuildFormatsTests.file(workspace, format)), as: UTF8.self)
    }

    @Test func everyFormatNamesOurHubAndTheOutsideOnesAndStaysValid() async throws {
        let config = Self.config(websub: #"{"hub": true, "hubs": ["https://hub.example/"]}"#)
        try await BuildWorkspace.with(config: config, answers: ["us/health": .articles([.story("a")])]) { workspace in
            #expect(await workspace.build().status == 0)
            let rss = try text(workspace, .rss)
            #expect(rss.contains(#"<atom:link rel="hub" href="https://feeds.example.com/websub"/>"#))
            #expect(rss.contains(#"<atom:link rel="hub" href="https://hub.example/"/>"#))
            #expect(rss.components(separatedBy: #"rel="self""#).count == 2)
            #expect(try text(workspace, .atom).contains(#"<link rel="hub" href="https://feeds.example.com/websub"/>"#))
            #expect(
                try text(workspace, .json).contains(#"{"type": "WebSub", "url": "https://feeds.example.com/websub"}"#))
            for format in FeedFormat.defaultList {
                #expect(try BuildFormatsTests.violations(workspace, format) == [], "\(format)")
            }
        }
    }

    @Test func withoutTheObjectNoFeedNamesAHub() async throws {
        try await BuildWorkspace.with(
            config: Self.config(websub: nil), answers: ["us/health": .articles([.story("a")])]
        ) { workspace in
            #expect(await workspace.build().status == 0)
            for format in FeedFormat.defaultList {
                let body = try text(workspace, format)
                #expect(!body.contains(#"rel="hub""#), "\(format)")
                #expect(!body.contains(#""hubs""#), "\(format)")
            }
        }
    }
}
