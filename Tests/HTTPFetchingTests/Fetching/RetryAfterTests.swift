import Foundation
import HTTPFetching
import Testing

@Suite struct RetryAfterTests {
    /// 2024-05-02 12:00:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_714_651_200)

    @Test func parsesSecondsAndHTTPDates() {
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse(" 7 ", now: now) == .seconds(7))
        #expect(RetryAfter.parse("Thu, 02 May 2024 12:01:00 GMT", now: now) == .seconds(60))
        #expect(RetryAfter.parse("Thu, 02 May 2024 11:00:00 GMT", now: now) == .seconds(0))
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse("-5", now: now) == nil)
    }
}
