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

/// The canonical RFC 822 form is read on its bytes; it gives what the loose reading gives, and leaves every other
/// form to it.
@Suite struct CanonicalRFC822Tests {
    @Test(arguments: [
        "Sat, 07 Sep 2002 00:00:01 GMT", "Sat, 07 Sep 2002 00:00 GMT", "7 Sep 2002 23:59:59 +0130",
        "Mon, 1 Jan 2024 10:00:00 -0500", "Tue, 29 Feb 2000 12:00:00 EST", "Wed, 31 Dec 2025 23:59:60 UT",
        "Thu, 02 May 2024 09:30:00 Z", "Fri, 13 Dec 2019 08:00:00 +01:00", "sun, 05 dec 2026 15:42:00 gmt",
        "Sat, 07 SEP 2002 00:00:01 PDT",
    ])
    func theCanonicalFormReadsAsTheLooseOne(text: String) throws {
        let fast = try #require(FeedDateParser.canonicalRFC822(text), "\(text)")
        #expect(fast == FeedDateParser.looseRFC822(text), "\(text)")
    }

    @Test(arguments: [
        "Sat, 07 Sep 02 00:00:01 GMT", "Sep 07 2002 00:00:01 GMT", "Sat, 07 Sep 2002", "Sat, 07 Sep 2002 00:00:01",
        "Samedi, 07 Sep 2002 00:00:01 GMT", "Sat, 31 Feb 2002 00:00:01 GMT", "Sat, 07 Sep 2002 00:00:01 XYZ",
        "Sat, 07 Foo 2002 00:00:01 GMT", "2002-09-07T00:00:01Z",
    ])
    func otherFormsAreLeftToTheLooseReading(text: String) {
        #expect(FeedDateParser.canonicalRFC822(text) == nil, "\(text)")
        #expect(FeedDateParser.rfc822(text) == FeedDateParser.looseRFC822(text), "\(text)")
    }
}
