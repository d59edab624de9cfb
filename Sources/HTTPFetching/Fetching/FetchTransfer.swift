import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One transfer of ``URLSessionFetcher``: collects the body, enforces the cap on decoded bytes, the offered
/// encodings and the deadline, and resumes the waiting caller exactly once.
///
/// Its session delivers delegate calls inline (``InlineDelegateQueue``), so every decoded chunk is counted the
/// moment libcurl produces it and nothing beyond the cap is ever kept. Three parties race to finish a transfer
/// (the delegate, the deadline timer, the caller's cancellation); the first wins, the others find nothing left to
/// do. Whenever a transfer ends early its task is cancelled on ``control``, because the delegate runs on the
/// session's own queue (where a synchronous cancel would wait for itself) and on Linux refusing a response in the
/// delegate does not stop the body.
package final class FetchTransfer: NSObject, URLSessionDataDelegate, Sendable {
    package typealias Outcome = Result<(Data, HTTPURLResponse), FetchError>

    /// What the transfer does with a redirect.
    package enum Redirects: Sendable {
        /// Follows at most `limit` redirects within the original scheme, host and port (so request headers such
        /// as an API key never travel to another origin); any other redirect is delivered as the answer.
        case sameOrigin(limit: Int)
        /// Never follows: every 3xx answer is delivered as the answer, for a caller that vets each hop itself.
        case deliver
    }

    /// Redirects an upstream client follows at most.
    package static let maximumRedirects = 5

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var earlyOutcome: Outcome?
        var task: URLSessionDataTask?
        var timer: Task<Void, Never>?
        var body = Data()
        var response: HTTPURLResponse?
        /// The decoded length the answer announced (its Content-Length when it is not encoded), or nil.
        var announcedLength: Int?
        var redirects = 0
        var isFinished = false
    }

    private let state = Mutex(State())
    private let maximumBytes: Int
    private let keepsPrefix: Bool
    private let origin: URL?
    private let redirects: Redirects
    private let timeout: Duration
    private let inspectHead: @Sendable (HTTPURLResponse) -> FetchError?
    /// Where task and session calls go: never the cooperative pool, never the session's own queue.
    package let control = DispatchQueue(label: "newsfeed.fetch.control")

    /// - Parameters:
    ///   - maximumBytes: the cap on decoded body bytes.
    ///   - keepsPrefix: a body reaching the cap ends the transfer with its first `maximumBytes` as the answer,
    ///     instead of ``FetchError/tooLarge(limit:)``.
    ///   - origin: the first request's URL, for ``Redirects/sameOrigin(limit:)``.
    ///   - redirects: follow same-origin redirects or deliver every 3xx.
    ///   - timeout: the whole exchange's deadline, as reported in ``FetchError/timedOut(after:)``.
    ///   - inspectHead: refuses an answer by its head (status, headers) before its body is read; nil lets it be.
    package init(
        maximumBytes: Int, keepsPrefix: Bool = false, origin: URL?,
        redirects: Redirects = .sameOrigin(limit: FetchTransfer.maximumRedirects),
        timeout: Duration, inspectHead: @escaping @Sendable (HTTPURLResponse) -> FetchError? = { _ in nil }
    ) {
        self.maximumBytes = maximumBytes
        self.keepsPrefix = keepsPrefix
        self.origin = origin
        self.redirects = redirects
        self.timeout = timeout
        self.inspectHead = inspectHead
    }

    /// Starts `task` and the deadline; `continuation` is resumed when the transfer ends.
    func begin(task: URLSessionDataTask, continuation: CheckedContinuation<Outcome, Never>) {
        let timeout = self.timeout
        let alreadyFinished: Outcome? = state.withLock { state in
            if let outcome = state.earlyOutcome { return outcome }
            state.continuation = continuation
            state.task = task
            state.timer = Task { [weak self] in
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return
                }
                self?.finish(.failure(.timedOut(after: timeout)))
            }
            return nil
        }
        if let alreadyFinished {
            continuation.resume(returning: alreadyFinished)
        } else {
            control.async { task.resume() }
        }
    }

    /// Ends the transfer with `outcome` unless it has already ended.
    /// `stopping` cancels the task after a success too (a body cut at the cap).
    package func finish(_ outcome: Outcome, stopping: Bool = false) {
        let parties: (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?, Task<Void, Never>?)? =
            state.withLock { state in
                guard !state.isFinished else { return nil }
                state.isFinished = true
                defer {
                    state.continuation = nil
                    state.task = nil
                    state.timer = nil
                    state.body = Data()
                }
                if state.continuation == nil { state.earlyOutcome = outcome }
                return (state.continuation, state.task, state.timer)
            }
        guard let (continuation, task, timer) = parties else { return }
        timer?.cancel()
        if let task, stopping || (try? outcome.get()) == nil { control.async { task.cancel() } }
        continuation?.resume(returning: outcome)
    }

    // MARK: URLSessionDataDelegate

    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // The disposition is ignored on Linux; refusing means finishing, which cancels the task.
        completionHandler(.allow)
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.transport("the answer from \(Self.hostText(response.url)) is not HTTP")))
            return
        }
        let encodings = ContentCoding.codings(in: http.value(forHTTPHeaderField: "Content-Encoding"))
        if let unoffered = encodings.first(where: { !ContentCoding.offered.contains($0) }) {
            finish(.failure(.unofferedEncoding(unoffered, host: Self.hostText(http.url))))
            return
        }
        let announced: Int? =
            encodings.isEmpty && http.expectedContentLength >= 0 ? Int(http.expectedContentLength) : nil
        if let announced, announced > maximumBytes, !keepsPrefix {
            finish(.failure(.tooLarge(limit: maximumBytes)))
            return
        }
        if let refusal = inspectHead(http) {
            finish(.failure(refusal))
            return
        }
        state.withLock { state in
            state.response = http
            // A body cut at the cap ends before its announced length: that is no failure.
            state.announcedLength = keepsPrefix && (announced ?? 0) > maximumBytes ? nil : announced
        }
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let keepsPrefix = keepsPrefix
        let (overLimit, prefix) = state.withLock { state -> (Bool, (Data, HTTPURLResponse)?) in
            guard !state.isFinished else { return (false, nil) }
            if state.body.count + data.count > maximumBytes {
                guard keepsPrefix, let response = state.response else { return (true, nil) }
                state.body.append(data.prefix(maximumBytes - state.body.count))
                return (true, (state.body, response))
            }
            state.body.append(data)
            return (false, nil)
        }
        if let prefix {
            finish(.success(prefix), stopping: true)
        } else if overLimit {
            finish(.failure(.tooLarge(limit: maximumBytes)))
        }
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let follow = state.withLock { state in
            state.redirects += 1
            switch redirects {
            case .sameOrigin(let limit):
                return state.redirects <= limit && Self.sameOrigin(request.url, origin)
            case .deliver:
                return false
            }
        }
        // nil delivers the redirect itself as the answer, which the caller reports as an HTTP status.
        completionHandler(follow ? request : nil)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (received, announced, head) = state.withLock { ($0.body.count, $0.announcedLength, $0.response) }
        let host = Self.hostText(task.currentRequest?.url ?? task.originalRequest?.url)
        if let error {
            let failure = TransportFailure(
                error: error, host: host, receivedBytes: received, announcedBytes: announced,
                hadAnswer: head != nil || task.response != nil)
            finish(.failure(failure.fetchError(timeout: timeout)))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            finish(.failure(.transport("\(host) closed the connection without answering")))
            return
        }
        if let announced, received < announced {
            finish(.failure(.transport("the answer from \(host) ended after \(received) bytes of \(announced)")))
            return
        }
        let body = state.withLock { $0.body }
        finish(.success((body, response)))
    }

    // MARK: Helpers

    private static func sameOrigin(_ a: URL?, _ b: URL?) -> Bool {
        guard let a, let b else { return false }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    /// `127.0.0.1:8080`: names the server without path or query.
    package static func hostText(_ url: URL?) -> String {
        guard let host = url?.host else { return "the server" }
        if let port = url?.port { return "\(host):\(port)" }
        return host
    }
}
