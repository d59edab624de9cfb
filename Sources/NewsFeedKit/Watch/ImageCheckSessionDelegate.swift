import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns URLSession's delegate callbacks into one awaited ``HTTPExchangeOutcome`` per task.
///
/// A delegate rather than `data(for:)` because the check needs the response head only: a GET is cancelled as soon
/// as its head arrives (on Linux the `didReceive response` completion handler is ignored, so the task itself is
/// cancelled), and redirects are refused here so ``ImageChecker`` can vet each hop before contacting it.
final class ImageCheckSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private typealias Waiter = CheckedContinuation<HTTPExchangeOutcome, Never>

    /// Tasks awaiting their outcome, by task identifier.
    private let waiters = Mutex<[Int: Waiter]>([:])

    /// Starts `task` and returns how it ended; cancelling the calling task cancels `task` at once.
    func run(_ task: URLSessionDataTask) async -> HTTPExchangeOutcome {
        let id = task.taskIdentifier
        let cancelled = HTTPExchangeOutcome.failure(code: .cancelled, detail: "cancelled")
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                waiters.withLock { $0[id] = waiter }
                if Task.isCancelled {
                    finish(id, with: cancelled)
                    task.cancel()
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            finish(id, with: cancelled)
            task.cancel()
        }
    }

    /// Resumes the waiter of task `id` once; later events of the same task are ignored.
    private func finish(_ id: Int, with outcome: HTTPExchangeOutcome) {
        let waiter = waiters.withLock { $0.removeValue(forKey: id) }
        waiter?.resume(returning: outcome)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        finish(dataTask.taskIdentifier, with: .from(response))
        if dataTask.originalRequest?.httpMethod == "HEAD" {
            // A HEAD answer has no body: letting it complete keeps the connection for the next check.
            completionHandler(.allow)
        } else {
            completionHandler(.cancel)
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        finish(task.taskIdentifier, with: .from(response))
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(task.taskIdentifier, with: .from(error))
        } else if let response = task.response {
            finish(task.taskIdentifier, with: .from(response))
        } else {
            finish(task.taskIdentifier, with: .failure(code: .badServerResponse, detail: "no response"))
        }
    }
}
