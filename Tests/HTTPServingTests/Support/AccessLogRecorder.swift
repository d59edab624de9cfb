import HTTPServing
import Synchronization

/// Collects access-log entries from the server's loop threads for a test to inspect.
final class AccessLogRecorder: Sendable {
    private let entries = Mutex<[HTTPAccessLogEntry]>([])

    var log: @Sendable (HTTPAccessLogEntry) -> Void {
        { entry in self.entries.withLock { $0.append(entry) } }
    }

    /// The entries so far, waiting up to a second for at least `count` of them
    /// (the log is written just after the last byte, so it may trail the client's read).
    func waitForEntries(_ count: Int) async -> [HTTPAccessLogEntry] {
        for _ in 0..<100 {
            let current = entries.withLock { $0 }
            if current.count >= count { return current }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return entries.withLock { $0 }
    }
}
