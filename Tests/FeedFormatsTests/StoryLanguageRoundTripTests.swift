import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// A story's own language survives the RSS a later build reads its history from.
@Suite struct StoryLanguageRoundTripTests {
    @Test func dcLanguageCarriesTheStorysLanguage() throws {
        var document = FeedDocumentSamples.small
        document.stories[0].language = "pt"
        let data = try RSSRenderer().render(document)
        #expect(
            String(decoding: data, as: UTF8.self).components(separatedBy: "<dc:language>pt</dc:language>").count == 2)
        #expect(
            FeedRulesChecker.violations(in: data, selfURL: document.selfURL, now: FeedDocumentSamples.buildTime) == [])
        let read = try RSSReader().read(data, path: "us/health.rss")
        #expect(read.stories.map(\.language) == ["pt", nil])
    }
}
