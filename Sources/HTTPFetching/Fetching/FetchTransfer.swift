import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One transfer of ``URLSessionFetcher``: collects the body, enforces the size
/// cap and the deadline, and resumes the waiting caller exactly once.
///
/// Three parties race to finish it (URLSession's delegate queue, the deadline
/// timer, the caller's cancellation); the first wins, the others find nothing
/// left to do. The data task is cancelled whenever the transfer ends early,
/// because on Linux refusing a response in the delegate does not stop the body.
package final class FetchTransfer: NSObject, URLSessionDataDelegate, Sendable {
    package typealias Outcome = Result<(Data, HTTPURLResponse), FetchError>

    /// Redirects followed at most, and only within the original scheme, host and port,
    /// so request headers (the API key) never travel to another origin.
    package static let maximumRedirects = 5

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var earlyOutcome: Outcome?
        var task: URLSessionDataTask?
        var timer: Task<Void, Never>?
        var body = Data()
        var redirects = 0
        var isFinished = false
    }

    private let state = Mutex(State())
    private let maximumBytes: Int
    private let origin: URL?

    package init(maximumBytes: Int, origin: URL?) {
        self.maximumBytes = maximumBytes
        self.origin = origin
    }

    /// Starts `task` and the deadline; `continuation` is resumed when the transfer ends.
    func begin(task: URLSessionDataTask, timeout: Duration, continuation: CheckedContinuation<Outcome, Never>) {
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
            task.resume()
        }
    }

    /// Ends the transfer with `outcome` unless it has already ended.
    package func finish(_ outcome: Outcome) {
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
        if case .failure = outcome { task?.cancel() }
        continuation?.resume(returning: outcome)
    }

    // MARK: URLSessionDataDelegate

    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(maximumBytes) {
            completionHandler(.cancel)
            finish(.failure(.tooLarge(limit: maximumBytes)))
            return
        }
        completionHandler(.allow)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = state.withLock { state in
            guard !state.isFinished else { return false }
            if state.body.count + data.count > maximumBytes { return true }
            state.body.append(data)
            return false
        }
        if overLimit { finish(.failure(.tooLarge(limit: maximumBytes))) }
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let follow = state.withLock { state in
            state.redirects += 1
            return state.redirects <= Self.maximumRedirects && Self.sameOrigin(request.url, origin)
        }
        // nil delivers the redirect itself as the answer, which the caller reports as an HTTP status.
        completionHandler(follow ? request : nil)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(Self.fetchError(for: error, url: task.originalRequest?.url)))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            finish(.failure(.transport("the answer from \(Self.hostText(task.originalRequest?.url)) was not HTTP")))
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

    /// Turns URLSession's errors into short causes that name the server.
    static func fetchError(for error: any Error, url: URL?) -> FetchError {
        let host = hostText(url)
        guard let urlError = error as? URLError else {
            return .transport("\(host): \(error)")
        }
        let cause: String
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: cause = "timed out"
        case .cannotFindHost, .dnsLookupFailed: cause = "could not resolve \(host)"
        case .cannotConnectToHost: cause = "could not connect to \(host)"
        case .networkConnectionLost: cause = "\(host) closed the connection before the answer was complete"
        case .notConnectedToInternet: cause = "no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected:
            cause = "TLS with \(host) failed"
        case .badServerResponse: cause = "\(host) sent a malformed HTTP answer"
        case .httpTooManyRedirects: cause = "too many redirects from \(host)"
        case .badURL, .unsupportedURL: cause = "unusable URL for \(host)"
        default: cause = "\(host): URL error \(urlError.code.rawValue)"
        }
        return .transport(cause)
    }
}
