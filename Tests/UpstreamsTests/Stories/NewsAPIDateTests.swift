import Foundation
import TestSupport
import Testing
import Upstreams

@Suite struct NewsAPIDateTests {
    @Test(arguments: [
        ("2021-06-04T12:22:00Z", 1_622_809_320.0),
        ("2021-06-04T12:22:00+00:00", 1_622_809_320.0),
        ("2021-06-04T14:22:00+02:00", 1_622_809_320.0),
        ("2021-06-04T07:22:00-0500", 1_622_809_320.0),
        ("2021-06-04T12:22:00", 1_622_809_320.0),
        ("2021-06-04T12:22:00.5Z", 1_622_809_320.5),
        ("2023-10-12T15:37:18.5821493Z", 1_697_125_038.5821493),
        ("2023-10-12T15:37:18.123456789Z", 1_697_125_038.123456789),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
    ])
    func parsesNewsAPIForms(text: String, seconds: Double) throws {
        let date = try #require(NewsAPIDate.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_01)
    }

    @Test(arguments: [
        "", "2021-06-04", "2021-13-04T12:22:00Z", "2023-02-29T00:00:00Z", "2021-06-04T24:00:00Z",
        "2021-06-04T12:22:00.Z", "2021-06-04T12:22:00Zjunk", "Fri, 04 Jun 2021 12:22:00 GMT",
    ])
    func rejectsWhatIsNotADate(text: String) {
        #expect(NewsAPIDate.parse(text) == nil)
    }

    @Test func plausibleMeansSince1990AndNotInTheFuture() {
        #expect(NewsAPIDate.plausibleDate("1970-01-01T00:00:00Z", now: testNow) == nil)
        #expect(NewsAPIDate.plausibleDate("1990-01-01T00:00:00Z", now: testNow) != nil)
        #expect(NewsAPIDate.plausibleDate("2024-05-02T12:04:59Z", now: testNow) != nil)
        #expect(NewsAPIDate.plausibleDate("2024-05-02T12:06:00Z", now: testNow) == nil)
        #expect(NewsAPIDate.plausibleDate(nil, now: testNow) == nil)
    }
}
