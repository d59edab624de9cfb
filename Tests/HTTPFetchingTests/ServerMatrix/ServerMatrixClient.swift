import Foundation
import HTTPFetching
import TestSupport

/// The one place that names the plain fetcher the server matrix runs against, and what it cannot yet survive.
enum ServerMatrixClient {
    /// The fetcher the upstream clients (NewsAPI, DuckDuckGo) use.
    static func plain() -> any HTTPFetching { CurlFetcher() }

    /// Misbehaviours that stop the whole test process. None since the libcurl client: on URLSession
    /// (FoundationNetworking 6.3.1, `Fatal error: Transfer completed, but there's no response`) a close right after
    /// the status line and a head that never ends (the deadline's cancel lands inside it).
    static let crashes: Set<Misbehaviour> = []

    /// Misbehaviours the client takes for a success. None since the libcurl client: URLSession took a gzip stream
    /// without its end.
    static let acceptedWrongly: Set<Misbehaviour> = []

    /// `cases` without those the client cannot pass yet. `MATRIX_ONLY=<case>` in the environment runs only that
    /// case: a probe of one misbehaviour in a process of its own, since a crash ends the whole test run.
    static func runnable(_ cases: [Misbehaviour]) -> [Misbehaviour] {
        let only = ProcessInfo.processInfo.environment["MATRIX_ONLY"]
        return cases.filter {
            !crashes.contains($0) && !acceptedWrongly.contains($0) && (only == nil || only == $0.rawValue)
        }
    }
}
