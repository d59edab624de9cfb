import Foundation

/// The seam for HTTP GETs, so clients can be tested against a fake and the
/// real network code lives in one place (``CurlFetcher``).
public protocol HTTPFetching: Sendable {
    /// Performs `request` and returns the whole body with the final response.
    ///
    /// Any HTTP status is a successful fetch; only a missing answer throws.
    /// - Parameter timeout: covers the whole exchange, connect to last byte.
    func fetch(_ request: FetchRequest, timeout: Duration) async throws(FetchError) -> (Data, HTTPResponseHead)
}
