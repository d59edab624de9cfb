import Foundation
import Glibc
import HTTPServing
import Synchronization

/// A blocking TCP client that sends exact bytes and reads raw answers, for tests.
///
/// Its calls block, so tests run them through ``offPool(_:)``, never on the cooperative pool
/// the server's async handlers need.
final class RawClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A response as read off the wire.
    struct Response: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let descriptor: Int32
    private let pending = Mutex<[UInt8]>([])

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout`.
    init(port: Int, timeout: Duration = .seconds(90)) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here: every stored property is set, so deinit runs and closes it;
        // a second close could hit a descriptor another thread has opened since.
        guard connected == 0 else { throw Failure(description: "connect: \(String(cString: strerror(errno)))") }
        setTimeout(timeout)
    }

    deinit { Glibc.close(descriptor) }

    func setTimeout(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Reads one chunk from the socket into the pending buffer; false on end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            pending.withLock { $0.append(contentsOf: chunk[0..<count]) }
            return true
        }
        if count == 0 { return false }
        let code = errno
        if code == ECONNRESET { return false }
        throw Failure(description: "recv: \(String(cString: strerror(code)))")
    }

    /// Reads one response; `bodyExpected` false for answers to HEAD.
    func readResponse(bodyExpected: Bool = true) throws -> Response {
        var headEnd: Int?
        while true {
            headEnd = pending.withLock { bytes in
                guard bytes.count >= 4 else { return nil }
                for index in 0...(bytes.count - 4)
                where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
                    return index
                }
                return nil
            }
            if headEnd != nil { break }
            guard try fill() else { throw Failure(description: "connection closed before a response head") }
        }
        guard let headEnd else { throw Failure(description: "no head") }
        let headBytes = pending.withLock { bytes in
            let head = Array(bytes[0..<headEnd])
            bytes.removeFirst(headEnd + 4)
            return head
        }
        let lines = String(decoding: headBytes, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                String(line[..<colon]),
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        var length = Int(headers["Content-Length"] ?? "0") ?? 0
        if !bodyExpected || status == 304 || status == 204 { length = 0 }
        while pending.withLock({ $0.count }) < length {
            guard try fill() else { throw Failure(description: "connection closed inside a body") }
        }
        let body = pending.withLock { bytes in
            let body = Array(bytes[0..<length])
            bytes.removeFirst(length)
            return body
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads some bytes (at least one, at most `limit`), or none at end of stream.
    func readSome(limit: Int = 65536) throws -> [UInt8] {
        if pending.withLock({ $0.isEmpty }) {
            guard try fill() else { return [] }
        }
        return pending.withLock { bytes in
            let some = Array(bytes.prefix(limit))
            bytes.removeFirst(some.count)
            return some
        }
    }

    /// How a connection ended, as the client saw it.
    enum End: Sendable, Equatable {
        /// The server closed normally (FIN).
        case closed
        /// The server reset the connection (RST).
        case reset
        /// Still open when the read timeout expired.
        case stillOpen
    }

    /// Reads and discards until the connection ends or the read timeout expires; also returns the bytes seen.
    func waitForEnd() -> (end: End, bytes: Int) {
        var seen = pending.withLock { bytes in
            let count = bytes.count
            bytes.removeAll()
            return count
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                seen += count
                continue
            }
            if count == 0 { return (.closed, seen) }
            switch errno {
            case EINTR: continue
            case ECONNRESET: return (.reset, seen)
            default: return (.stillOpen, seen)
            }
        }
    }

    /// Closes with a reset (SO_LINGER 0), as a client that vanishes.
    func abort() {
        var value = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}
