import Foundation

/// A URLSession delegate queue that runs each delegate call at once, on the thread that reports it.
///
/// Why: on Linux, FoundationNetworking always lets libcurl decode `gzip`, `deflate`, `br` and `zstd` answers
/// (every HTTP request gets `CURLOPT_ACCEPT_ENCODING ""` and `CURLOPT_HTTP_CONTENT_DECODING 1`; there is no way to
/// receive the raw bytes), and hands each decoded 16 KB chunk to the delegate queue as one queued operation,
/// without back-pressure. libcurl decodes everything in the socket buffer in one go (up to 100 reads per
/// wake-up), so whenever the delegate queue falls behind (or, as before, blocks in a synchronous `cancel()` that
/// waits for libcurl), the chunks pile up: a 1 MB gzip bomb reached 1.15 GB of resident memory, a 2 MB one 2.3 GB.
/// Run inline, the delegate sees every chunk the moment it is decoded and drops what is over the cap, so memory
/// stays at about one chunk whatever the ratio; the CPU spent is bounded by what libcurl decodes before the
/// cancellation lands.
///
/// Delegates on this queue run on the session's own work queue, so they must never call back into URLSession
/// synchronously (cancel, resume, invalidate): those wait for that same queue. They hand such calls to a serial
/// queue of their own (``FetchTransfer/control``).
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "newsfeed.fetch.inline-delegate"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
