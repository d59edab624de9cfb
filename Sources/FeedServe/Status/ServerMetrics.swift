import HTTPServing
import Synchronization

/// The server's own counters for `/metrics`: responses by status code and bytes sent,
/// fed from every access-log entry (prepared fast-path answers included).
public final class ServerMetrics: Sendable {
    private struct Counts {
        var byStatus: [Int: Int] = [:]
        var bytes = 0
    }

    private let counts = Mutex(Counts())

    public init() {}

    /// Counts one finished response.
    public func record(_ entry: HTTPAccessLogEntry) {
        counts.withLock { counts in
            counts.byStatus[entry.status, default: 0] += 1
            counts.bytes += entry.bytesSent
        }
    }

    /// Responses so far per status code, and all bytes sent.
    public var snapshot: (requests: [Int: Int], bytes: Int) {
        counts.withLock { ($0.byStatus, $0.bytes) }
    }
}
