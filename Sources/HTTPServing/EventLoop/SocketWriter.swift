import Foundation
import Glibc

/// Writes a response to a non-blocking socket, each body kind its own way: a head alone, a head and an in-memory
/// body in one `sendmsg`, a repeating body as iovecs over its chunk, a file-backed body with `sendfile`.
///
/// One per event loop thread (its iovec array is reused for every write); it keeps no state between writes:
/// what was sent is counted by the connection's ``ConnectionStateMachine``.
final class SocketWriter {
    private static let maxIovecs = 16
    /// Bytes of a repeating body offered to one `sendmsg`.
    private static let repeatingWriteSize = 1 << 20

    private let iovecs: UnsafeMutablePointer<iovec>

    init() {
        iovecs = .allocate(capacity: Self.maxIovecs)
    }

    deinit {
        iovecs.deallocate()
    }

    /// One write of what is left of `response`: bytes written, or minus errno. `budget` bounds a `sendfile`, the one
    /// call that could otherwise send a whole large body at once.
    func write(_ response: OutgoingResponse, on descriptor: Int32, upTo budget: Int) -> Int {
        switch response.body {
        case .none: sendHead(of: response, on: descriptor)
        case .bytes(let bytes): send(response, body: bytes, on: descriptor)
        case .repeating(let chunk): send(response, repeating: chunk, on: descriptor)
        case .file(let body): send(response, file: body, budget: budget, on: descriptor)
        }
    }

    /// What is left of the head, for a response without a body.
    private func sendHead(of response: OutgoingResponse, on descriptor: Int32) -> Int {
        response.head.withUnsafeBytes { head in
            send(iovecCount: headIovec(head, sent: response.headSent), on: descriptor)
        }
    }

    /// What is left of the head and of an in-memory body, together in one `sendmsg`.
    private func send(_ response: OutgoingResponse, body: Data, on descriptor: Int32) -> Int {
        response.head.withUnsafeBytes { head in
            var count = headIovec(head, sent: response.headSent)
            return body.withUnsafeBytes { body in
                if response.bodyLeft > 0, let base = body.baseAddress {
                    iovecs[count] = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: base + response.bodySent),
                        iov_len: response.bodyLeft)
                    count += 1
                }
                return send(iovecCount: count, on: descriptor)
            }
        }
    }

    /// What is left of the head and up to ``repeatingWriteSize`` bytes of a repeating body, one iovec per pass over
    /// the chunk.
    private func send(_ response: OutgoingResponse, repeating chunk: Data, on descriptor: Int32) -> Int {
        response.head.withUnsafeBytes { head in
            var count = headIovec(head, sent: response.headSent)
            return chunk.withUnsafeBytes { body in
                guard let base = body.baseAddress else { return send(iovecCount: count, on: descriptor) }
                var offset = response.bodySent % body.count
                var remaining = Swift.min(response.bodyLeft, Self.repeatingWriteSize)
                while remaining > 0 && count < Self.maxIovecs {
                    let length = Swift.min(body.count - offset, remaining)
                    iovecs[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base + offset), iov_len: length)
                    count += 1
                    remaining -= length
                    offset = 0
                }
                return send(iovecCount: count, on: descriptor)
            }
        }
    }

    /// The head with `MSG_MORE` while any is left, then the file-backed body with `sendfile`, at most `budget` bytes.
    private func send(_ response: OutgoingResponse, file body: PreparedBody, budget: Int, on descriptor: Int32)
        -> Int
    {
        if response.headLeft > 0 {
            return response.head.withUnsafeBytes { head in
                // More follows at once: MSG_MORE lets the kernel put the head in the body's first segment.
                send(
                    iovecCount: headIovec(head, sent: response.headSent), on: descriptor, more: response.bodyLeft > 0)
            }
        }
        return sendFile(body, from: response.bodySent, count: Swift.min(response.bodyLeft, budget), on: descriptor)
    }

    /// Points the first iovec at the unsent part of `head`; returns how many iovecs are in use (0 or 1).
    private func headIovec(_ head: UnsafeRawBufferPointer, sent: Int) -> Int {
        guard sent < head.count, let base = head.baseAddress else { return 0 }
        iovecs[0] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base + sent), iov_len: head.count - sent)
        return 1
    }

    /// One `sendmsg` over the first `iovecCount` entries; returns bytes written or minus errno.
    private func send(iovecCount: Int, on descriptor: Int32, more: Bool = false) -> Int {
        var message = msghdr()
        message.msg_iov = iovecs
        message.msg_iovlen = iovecCount
        let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
        let result = sendmsg(descriptor, &message, flags)
        return result < 0 ? -Int(errno) : result
    }

    /// One `sendfile` of `count` body bytes from `offset`; returns bytes written or minus errno.
    /// `sendfile` has no MSG_NOSIGNAL: a peer that left raises SIGPIPE, which ``EventLoopWorker/run()`` blocks
    /// on this thread, so it shows up as EPIPE here instead of ending the process.
    private func sendFile(_ body: PreparedBody, from offset: Int, count: Int, on descriptor: Int32) -> Int {
        var position = off_t(offset)
        let result = sendfile(descriptor, body.descriptor, &position, count)
        return result < 0 ? -Int(errno) : result
    }
}
