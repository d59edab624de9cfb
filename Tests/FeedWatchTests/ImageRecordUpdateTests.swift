import FeedOutput
import FeedWatch
import Foundation
import Testing

@Suite struct ImageRecordUpdateTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func notFoundAndGoneAreDeadAtOnce() {
        for status in [404, 410] {
            let record = ImageRecord(status: .alive, length: 10, mimeType: "image/png")
                .updated(
                    with: .failed(cause: "HTTP \(status)", permanent: true, http: status), at: now,
                    failuresBeforeDead: 2)
            #expect(record.status == .dead)
            #expect(record.consecutiveFailures == 1)
            #expect(record.lastError == "HTTP \(status)")
            #expect(record.lastChecked == now)
        }
    }

    @Test func otherFailuresCountUpToTheThreshold() {
        let failure = ImageCheckResult.failed(cause: "HTTP 500", permanent: false, http: 500)
        let once = ImageRecord(status: .alive).updated(with: failure, at: now, failuresBeforeDead: 3)
        #expect(once.status == .failing)
        let twice = once.updated(with: failure, at: now, failuresBeforeDead: 3)
        #expect(twice.status == .failing)
        #expect(twice.consecutiveFailures == 2)
        let thrice = twice.updated(with: failure, at: now, failuresBeforeDead: 3)
        #expect(thrice.status == .dead)
    }

    @Test func successResetsAndKeepsRealLengthTypeAndValidators() {
        let failing = ImageRecord(status: .dead, consecutiveFailures: 4, lastError: "HTTP 404")
        let alive = failing.updated(
            with: .alive(
                length: 5000, mimeType: "image/webp", etag: "\"e\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT"),
            at: now, failuresBeforeDead: 2)
        #expect(
            alive
                == ImageRecord(
                    status: .alive, consecutiveFailures: 0, lastChecked: now, lastError: nil, length: 5000,
                    mimeType: "image/webp", etag: "\"e\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT"))
    }

    @Test func aliveWithoutLengthKeepsTheKnownLength() {
        let known = ImageRecord(status: .alive, length: 777, mimeType: "image/png")
        let updated = known.updated(
            with: .alive(length: nil, mimeType: "image/png", etag: nil, lastModified: nil), at: now,
            failuresBeforeDead: 2)
        #expect(updated.length == 777)
    }

    @Test func notModifiedIsAliveWithWhatWasKnown() {
        let known = ImageRecord(
            status: .failing, consecutiveFailures: 1, length: 42, mimeType: "image/gif", etag: "\"x\"")
        let updated = known.updated(with: .notModified, at: now, failuresBeforeDead: 2)
        #expect(updated.status == .alive)
        #expect(updated.consecutiveFailures == 0)
        #expect(updated.length == 42)
        #expect(updated.mimeType == "image/gif")
        #expect(updated.etag == "\"x\"")
    }

    @Test func blockedIsRecordedAndSkippedChangesNothing() {
        let known = ImageRecord(status: .alive, consecutiveFailures: 0, length: 1)
        let blocked = known.updated(with: .blocked(reason: "10.0.0.1 is private"), at: now, failuresBeforeDead: 2)
        #expect(blocked.status == .blocked)
        #expect(blocked.lastError == "10.0.0.1 is private")
        #expect(known.updated(with: .skipped, at: now, failuresBeforeDead: 2) == known)
    }

    @Test func freshnessIsAliveWithinRecheck() {
        let record = ImageRecord(status: .alive, lastChecked: now.addingTimeInterval(-3600))
        #expect(record.isFreshlyAlive(at: now, recheck: .hours(2)))
        #expect(!record.isFreshlyAlive(at: now, recheck: .minutes(30)))
        var dead = record
        dead.status = .dead
        #expect(!dead.isFreshlyAlive(at: now, recheck: .hours(2)))
    }
}
