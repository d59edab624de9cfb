import FeedBuild
import Foundation
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing

/// Every format carries the same channel description and the sources are three kinds: no text
/// names one format as *the* output ("bridged to RSS", "RSS 2.0 feeds").
@Suite struct FeedWordingTests {
    static let specs: [FeedSpec] = [
        FeedSpec(country: "us", category: "health"), FeedSpec(country: "de"),
        FeedSpec(kind: .search(NewsAPISearch(query: "climate change"))), FeedSpec(kind: .duckDuckGo(query: "apple")),
    ]

    @Test(arguments: specs)
    func channelDescriptionsAreFormatNeutral(spec: FeedSpec) {
        let description = FeedChannel.description(for: spec)
        #expect(!description.contains("RSS"), "\(description)")
        #expect(description.hasSuffix("bridged by newsfeed."), "\(description)")
    }

    @Test func theBannerAndReadmeNameEveryFormat() throws {
        let banner = String(CommandHelp.overview.components(separatedBy: "Usage:")[0])
        let readme = try String(contentsOf: RepositoryPaths.readme, encoding: .utf8)
        let opening = String(readme.split(separator: "\n\n").dropFirst().first ?? "")
        for text in [banner, opening] {
            #expect(!text.contains("RSS 2.0 feeds"), "\(text)")
            for name in ["RSS 2.0", "Atom", "JSON Feed", "DuckDuckGo", "NewsAPI.org"] {
                #expect(text.contains(name), "\(name) missing from: \(text)")
            }
        }
    }
}
