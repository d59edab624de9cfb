import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns URLSession's delegate callbacks into one awaited ``HTTPExchangeOutcome`` per request.
///
/// A delegate rather than `data(for:)` because the check needs the response head only: a GET is cancelled as soon
/// as its head arrives (on Linux the `didReceive response` completion handler is ignored, so the task itself is
/// cancelled), and redirects are refused here so ``ImageChecker`` can vet each hop before contacting it.
///
/// On Linux, creating, resuming and cancelling a task each wait synchronously for the session's internal queue,
/// which is busy for as long as libcurl reads; so those calls run on a dedicated serial queue, never on the
/// cooperative thread pool.
///
/// The deadline is kept here, on a timer queue of its own, not by a task racing the request in the cooperative pool:
/// when that pool is busy (a build rendering big feeds next door), an answer that came in time must still win, and
/// whichever of answer and timer takes the exchange out of the table first decides.
package final class ImageCheckSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private typealias Waiter = CheckedContinuation<HTTPExchangeOutcome, Never>

    private struct Exchange {
        var waiter: Waiter
        var task: URLSessionDataTask?
    }

    private struct Table {
        var exchanges: [Int: Exchange] = [:]
        var tokenOfTask: [Int: Int] = [:]
        var nextToken = 0
    }

    private let table = Mutex(Table())
    private let control = DispatchQueue(label: "newsfeed.watch.urlsession-control")
    private let timers = DispatchQueue(label: "newsfeed.watch.deadlines")
    private static let cancelled = HTTPExchangeOutcome.failure(code: .cancelled, detail: "cancelled")
    private static let expired = HTTPExchangeOutcome.failure(code: .timedOut, detail: "deadline passed")

    /// Sends `request` on `session` and returns how it ended: at `deadline` at the latest (then `timedOut`);
    /// cancelling the calling task returns at once and cancels the request.
    package func run(_ request: URLRequest, on session: URLSession, deadline: DispatchTime) async
        -> HTTPExchangeOutcome
    {
        let token = table.withLock { table in
            table.nextToken += 1
            return table.nextToken
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                table.withLock { $0.exchanges[token] = Exchange(waiter: waiter, task: nil) }
                if Task.isCancelled {
                    abandon(token, with: Self.cancelled)
                } else if deadline <= .now() {
                    abandon(token, with: Self.expired)
                } else {
                    timers.asyncAfter(deadline: deadline) { self.abandon(token, with: Self.expired) }
                    control.async { self.start(token, request, on: session) }
                }
            }
        } onCancel: {
            abandon(token, with: Self.cancelled)
        }
    }

    /// Creates and resumes the task for `token` unless it was abandoned meanwhile; runs on `control`.
    private func start(_ token: Int, _ request: URLRequest, on session: URLSession) {
        let task = session.dataTask(with: request)
        let wanted = table.withLock { table in
            guard table.exchanges[token] != nil else { return false }
            table.exchanges[token]?.task = task
            table.tokenOfTask[task.taskIdentifier] = token
            return true
        }
        if wanted {
            task.resume()
        } else {
            task.cancel()
        }
    }

    /// Gives up on `token` unless it already ended: its waiter gets `outcome` now and its task is cancelled.
    private func abandon(_ token: Int, with outcome: HTTPExchangeOutcome) {
        let exchange = table.withLock { table -> Exchange? in
            guard let exchange = table.exchanges.removeValue(forKey: token) else { return nil }
            if let task = exchange.task { table.tokenOfTask[task.taskIdentifier] = nil }
            return exchange
        }
        guard let exchange else { return }
        exchange.waiter.resume(returning: outcome)
        if let task = exchange.task {
            control.async { task.cancel() }
        }
    }

    /// Hands `outcome` to the waiter of `task` once; later events of the same task are ignored.
    private func finish(_ task: URLSessionTask, with outcome: HTTPExchangeOutcome) {
        let waiter = table.withLock { table -> Waiter? in
            guard let token = table.tokenOfTask.removeValue(forKey: task.taskIdentifier) else { return nil }
            return table.exchanges.removeValue(forKey: token)?.waiter
        }
        waiter?.resume(returning: outcome)
    }

    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        finish(dataTask, with: .from(response))
        if dataTask.originalRequest?.httpMethod == "HEAD" {
            // A HEAD answer has no body: letting it complete keeps the connection for the next check.
            completionHandler(.allow)
        } else {
            completionHandler(.cancel)
            control.async { dataTask.cancel() }
        }
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        finish(task, with: .from(response))
        completionHandler(nil)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(task, with: .from(error))
        } else if let response = task.response {
            finish(task, with: .from(response))
        } else {
            finish(task, with: .failure(code: .badServerResponse, detail: "no response"))
        }
    }
}
