import Foundation
import Testing
import Upstreams

@Suite struct FeedDateParserTests {
    /// 2021-06-04T12:22:00Z in every form feeds write it.
    @Test(arguments: [
        "Fri, 04 Jun 2021 12:22:00 GMT",
        "Fri, 4 Jun 2021 12:22:00 +0000",
        "04 Jun 2021 12:22:00 GMT",
        "Fri, 04 Jun 2021 12:22 GMT",
        "Fri, 04 Jun 21 12:22:00 UT",
        "Fri, 04 Jun 2021 08:22:00 EDT",
        "Fri, 04 Jun 2021 05:22:00 PDT",
        "Fri, 04 Jun 2021 14:22:00 +02:00",
        "Fri, 04 Jun 2021 12:22:00",
        "Friday, 04 June 2021 12:22:00 Z",
        "2021-06-04T12:22:00Z",
        "2021-06-04T14:22:00+02:00",
        "2021-06-04T12:22:00",
        "2021-06-04 12:22:00Z",
        "2021-06-04T12:22Z",
        "2021-06-04T12:22:00.000Z",
    ])
    func readsTheFormsFoundInTheWild(text: String) throws {
        let date = try #require(FeedDateParser.parse(text))
        #expect(date.timeIntervalSince1970 == 1_622_809_320)
    }

    @Test func readsW3CDTFDatesWithoutTime() throws {
        #expect(FeedDateParser.parse("2021-06-04")?.timeIntervalSince1970 == 1_622_764_800)
        #expect(FeedDateParser.parse("2021-06")?.timeIntervalSince1970 == 1_622_505_600)
    }

    @Test(arguments: ["", "yesterday", "2021-13-04T00:00:00Z", "31 Feb 2021 00:00:00 GMT", "Fri, 04 Foo 2021"])
    func refusesWhatIsNoDate(text: String) {
        #expect(FeedDateParser.parse(text) == nil)
    }

    @Test func aDateFarInTheFutureIsNotBelieved() {
        let now = Date(timeIntervalSince1970: 1_622_809_320)
        #expect(FeedDateParser.plausible(now.addingTimeInterval(86_400 * 365), now: now) == nil)
        #expect(FeedDateParser.plausible(now.addingTimeInterval(-60), now: now) != nil)
    }
}
