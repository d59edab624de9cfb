import FeedOutput
import Foundation
import NewsModel

extension ImageRecord {
    /// The record after a check found `result` at `now`.
    ///
    /// A 404 or 410 is dead at once; other failures count up and become dead at `failuresBeforeDead`; a success
    /// resets the count and keeps the real length and type; a blocked URL is recorded as such; a skipped check
    /// changes nothing. A failure less than `failureSpacing` after the last counted one does not count again.
    public func updated(
        with result: ImageCheckResult, at now: Date, failuresBeforeDead: Int, failureSpacing: TimeInterval = 0
    ) -> ImageRecord {
        var record = self
        switch result {
        case .alive(let length, let mimeType, let etag, let lastModified):
            record.status = .alive
            record.consecutiveFailures = 0
            record.lastCountedFailure = nil
            record.lastChecked = now
            record.lastError = nil
            record.length = length ?? record.length
            record.mimeType = mimeType
            record.etag = etag
            record.lastModified = lastModified
        case .notModified:
            record.status = .alive
            record.consecutiveFailures = 0
            record.lastCountedFailure = nil
            record.lastChecked = now
            record.lastError = nil
        case .failed(let cause, let permanent, _):
            let sinceCounted = record.lastCountedFailure.map { now.timeIntervalSince($0) } ?? .infinity
            if record.consecutiveFailures == 0 || sinceCounted >= failureSpacing {
                record.consecutiveFailures += 1
                record.lastCountedFailure = now
            }
            record.lastChecked = now
            record.lastError = cause
            record.status = permanent || record.consecutiveFailures >= failuresBeforeDead ? .dead : .failing
        case .blocked(let reason):
            record.status = .blocked
            record.lastChecked = now
            record.lastError = reason
        case .skipped:
            break
        }
        return record
    }

    /// Whether the record says the image was seen alive within `recheck` before `now`.
    public func isFreshlyAlive(at now: Date, recheck: WatchDuration) -> Bool {
        guard status == .alive, let lastChecked else { return false }
        let age = now.timeIntervalSince(lastChecked)
        return age >= 0 && age < recheck.timeInterval
    }
}
