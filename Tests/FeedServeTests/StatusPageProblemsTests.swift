import FeedBuild
import FeedFormats
import FeedOutput
import FeedServe
import Foundation
import NewsModel
import TestSupport
import Testing

/// `/status` lists what a reader must see: a rate-limit pause is a problem there, and the
/// full-text and image-cache lines `newsfeed status` prints appear on the page too.
@Suite struct StatusPageProblemsTests {
    static func report(pause: PauseRecord?) throws -> StatusReport {
        let folder = TemporaryFolder()
        var config = try ConfigLoader.parse(
            Data(#"{"feeds": [{"country": "us", "category": "health"}], "images": {"maxTotal": "1MB"}}"#.utf8),
            path: "newsfeed.json", folder: folder.url)
        config.images.cache = true
        var state = BridgeState()
        state.pause = pause
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        return StatusReport(config: config, state: state, now: time)
    }

    @Test func aRateLimitPauseIsAProblemOnThePage() throws {
        let since = Date(timeIntervalSince1970: 1_700_000_000 - 60)
        let pause = PauseRecord(
            cause: .rateLimited, reason: "NewsAPI rateLimited (HTTP 429): slow down", since: since,
            until: since.addingTimeInterval(3600))
        let html = StatusPage.render(title: "News", report: try Self.report(pause: pause))
        #expect(!html.contains("no problems"), "\(html)")
        #expect(html.contains("1 problem"), "\(html)")
        #expect(html.contains("<ul class=\"problems\">"))
        #expect(html.contains("slow down"))
    }

    @Test func withoutAPauseThePageSaysNoProblems() throws {
        let html = StatusPage.render(title: "News", report: try Self.report(pause: nil))
        #expect(html.contains("no problems"))
    }

    @Test func thePageShowsTheImageCacheLineStatusPrints() throws {
        let report = try Self.report(pause: nil)
        let line = try #require(report.lines.first { $0.hasPrefix("images:") })
        let html = StatusPage.render(title: "News", report: report)
        #expect(html.contains(PageLayout.text(line)), "\(html)")
    }
}
