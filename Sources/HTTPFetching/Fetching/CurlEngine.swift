import CCurl
import Foundation
import Synchronization

/// One exchange as the engine runs it: everything it needs, as values, so it can cross to the engine's thread.
package struct CurlExchange: Sendable {
    package typealias Outcome = Result<(Data, HTTPResponseHead), FetchError>

    package var url: URL
    /// `GET`, `HEAD` or `POST` (with ``body``).
    package var method: String
    /// The body of a `POST`, sent with its length and without `Expect: 100-continue`.
    package var body: Data? = nil
    /// The request's header fields, sent as given.
    package var headers: [String: String]
    /// The cap on decoded body bytes.
    package var maximumBytes: Int
    /// A body reaching ``maximumBytes`` ends the exchange with its first `maximumBytes` as the answer, instead of
    /// ``FetchError/tooLarge(limit:)`` (a `robots.txt`, read to its first 512 KiB: RFC 9309 §2.5).
    package var keepsPrefix: Bool = false
    /// The exchange's deadline as the caller set it, for ``FetchError/timedOut(after:)``.
    package var timeout: Duration
    /// When the exchange ends, whatever it is doing.
    package var deadline: ContinuousClock.Instant
    /// False ends the exchange as soon as the final head has arrived (no body is read; a `HEAD` never has one).
    package var readsBody: Bool
    /// Refuses an answer by its head (status, headers) before its body is read; nil lets it be.
    package var inspectHead: @Sendable (HTTPResponseHead) -> FetchError?
    /// Checks each address libcurl is about to connect to: nil allows it, a sentence refuses it (then the exchange
    /// fails with ``FetchError/blocked(_:)``). Nil checks nothing.
    package var connectGuard: (@Sendable (IPAddress) -> String?)?
}

/// libcurl's multi interface on a thread of its own: every outbound HTTP exchange of the process runs here.
///
/// Why not URLSession: FoundationNetworking (Swift 6.3.1) stops the process (`Fatal error: Transfer completed, but
/// there's no response`) when a server closes the connection in the middle of its response head, and while a
/// request waits its multi handle spins (most of a core for a few hanging requests). Here one multi handle is
/// driven by `curl_multi_poll` on one dedicated thread, which sleeps in the kernel until a socket is ready, a
/// deadline is due or a caller wakes it (`curl_multi_wakeup`) to add or cancel an exchange; callers await their
/// outcome through a continuation, so the cooperative pool never blocks.
///
/// Each exchange has one deadline kept by this loop (with `CURLOPT_TIMEOUT_MS` a few seconds later as a backstop)
/// and ends exactly once: completed, failed, expired or cancelled. The per-exchange state lives on the engine's
/// thread only (``CurlTransfer``); the only state shared with callers is the inbox behind a mutex.
package final class CurlEngine: Sendable {
    /// The process's engine, started on first use and kept for the process's life (its thread sleeps when idle).
    package static let shared = CurlEngine()

    /// The multi handle's address: other threads only ever call `curl_multi_wakeup` with it, which libcurl documents
    /// as safe from any thread; everything else happens on the engine's thread.
    private struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private struct Job: Sendable {
        var id: Int
        var exchange: CurlExchange
        var continuation: CheckedContinuation<CurlExchange.Outcome, Never>
    }

    private struct Inbox {
        var nextID = 0
        var pending: [Job] = []
        var cancelled: [Int] = []
    }

    private let multi: MultiHandle?
    /// Why libcurl could not be started, when it could not.
    private let failure: String?
    private let inbox = Mutex(Inbox())

    /// libcurl is loaded here, on the first exchange of the process, not at its start (Sources/CCurl/shim.h).
    private init() {
        if let reason = nf_curl_load() {
            multi = nil
            failure =
                "libcurl could not be loaded (\(String(cString: reason))); newsfeed needs libcurl.so.4, 7.85 or later "
                + "(Debian's libcurl4)"
            return
        }
        nf_global_init(Int(CURL_GLOBAL_DEFAULT))
        guard let pointer = nf_multi_init() else {
            multi = nil
            failure = "libcurl could not be started (curl_multi_init failed)"
            return
        }
        failure = nil
        let handle = MultiHandle(pointer: pointer)
        multi = handle
        let thread = Thread { [self] in run(handle) }
        thread.name = "newsfeed.http"
        thread.start()
    }

    /// Runs `exchange` and returns how it ended; cancelling the calling task ends it at once with
    /// ``FetchError/cancelled``.
    package func perform(_ exchange: CurlExchange) async -> CurlExchange.Outcome {
        guard let multi else {
            return .failure(.transport(failure ?? "libcurl could not be started"))
        }
        let id = inbox.withLock { inbox in
            inbox.nextID += 1
            return inbox.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                inbox.withLock { $0.pending.append(Job(id: id, exchange: exchange, continuation: continuation)) }
                nf_multi_wakeup(multi.pointer)
                // A cancellation that came before the job was queued found nothing to cancel: repeat it.
                if Task.isCancelled { cancel(id) }
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Ends exchange `id` with ``FetchError/cancelled`` unless it already ended.
    private func cancel(_ id: Int) {
        guard let multi else { return }
        let queued: Job? = inbox.withLock { inbox in
            if let index = inbox.pending.firstIndex(where: { $0.id == id }) {
                return inbox.pending.remove(at: index)
            }
            inbox.cancelled.append(id)
            return nil
        }
        if let queued {
            queued.continuation.resume(returning: .failure(.cancelled))
        } else {
            nf_multi_wakeup(multi.pointer)
        }
    }

    // MARK: The engine's thread

    private func run(_ multi: MultiHandle) {
        var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (jobs, cancelled) = inbox.withLock { inbox in
                defer {
                    inbox.pending = []
                    inbox.cancelled = []
                }
                return (inbox.pending, inbox.cancelled)
            }
            for job in jobs {
                switch CurlTransfer.make(id: job.id, exchange: job.exchange, continuation: job.continuation) {
                case .success(let transfer):
                    if nf_multi_add_handle(multi.pointer, transfer.handle) == CURLM_OK {
                        transfers[transfer.handle] = transfer
                    } else {
                        transfer.end(
                            .failure(.transport("libcurl refused to start the exchange with \(transfer.host)")))
                    }
                case .failure(let failure):
                    job.continuation.resume(returning: .failure(failure))
                }
            }
            for id in cancelled {
                if let transfer = transfers.values.first(where: { $0.id == id }) {
                    remove(transfer, from: multi, table: &transfers)
                    transfer.end(.failure(.cancelled))
                }
            }

            var running: Int32 = 0
            nf_multi_perform(multi.pointer, &running)
            var left: Int32 = 0
            while let message = nf_multi_info_read(multi.pointer, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                guard let transfer = transfers[handle] else { continue }
                let outcome = transfer.outcome(for: code)
                remove(transfer, from: multi, table: &transfers)
                transfer.end(outcome)
            }

            let now = ContinuousClock.now
            var nearest: ContinuousClock.Instant?
            for transfer in Array(transfers.values) {
                let deadline = transfer.exchange.deadline
                if deadline <= now {
                    remove(transfer, from: multi, table: &transfers)
                    transfer.end(.failure(.timedOut(after: transfer.exchange.timeout)))
                } else if nearest.map({ deadline < $0 }) ?? true {
                    nearest = deadline
                }
            }
            // Idle, the thread sleeps until woken; otherwise until the nearest deadline at the latest (libcurl
            // shortens the wait further for its own timers).
            var wait: Int32 = 60_000
            if let nearest {
                let (seconds, attoseconds) = (nearest - now).components
                let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
                wait = Int32(clamping: min(milliseconds, 60_000))
            }
            nf_multi_poll(multi.pointer, wait)
        }
    }

    private func remove(
        _ transfer: CurlTransfer, from multi: MultiHandle, table: inout [UnsafeMutableRawPointer: CurlTransfer]
    ) {
        nf_multi_remove_handle(multi.pointer, transfer.handle)
        table[transfer.handle] = nil
    }
}
