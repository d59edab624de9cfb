import Dispatch
import Foundation
import HTTPServing

/// Prints one access-log line per request: time (UTC), method, path, status, bytes, duration.
///
/// The server calls the log on its event-loop threads; printing happens on a
/// serial queue of its own so a slow terminal never stalls serving.
package struct AccessLogPrinter: Sendable {
    package let output: TextOutput
    private let queue = DispatchQueue(label: "newsfeed.access-log")

    package init(output: TextOutput) {
        self.output = output
    }

    package func log(_ entry: HTTPAccessLogEntry) {
        let milliseconds =
            Double(entry.duration.components.attoseconds) / 1e15
            + Double(entry.duration.components.seconds) * 1000
        let line =
            "\(Date().formatted(.iso8601)) \(entry.method) \(entry.path) \(entry.status) \(entry.bytesSent) "
            + String(format: "%.1fms", milliseconds)
        let output = self.output
        queue.async { output.line(line) }
    }

    /// Waits until every line logged so far is printed (before a command's last words).
    package func flush() {
        queue.sync {}
    }
}
