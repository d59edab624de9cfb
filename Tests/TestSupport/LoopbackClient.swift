import Foundation
import Glibc
import HTTPServing

/// A blocking HTTP/1.1 client on 127.0.0.1 that sends exact request heads and reads
/// responses framed by `Content-Length`, so header tests see the wire as-is (no
/// transparent decompression). Call it off the cooperative pool (``onOwnThread(_:)``).
package final class LoopbackClient {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    package struct Response: Sendable {
        package var status: Int
        package var headers: HTTPHeaders
        package var body: Data
    }

    private let descriptor: Int32
    private var pending: [UInt8] = []

    package init(port: Int) throws {
        descriptor = try Self.connectedSocket(port: port)
        var timeout = timeval(tv_sec: 90, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A socket connected to 127.0.0.1:`port`, owned by the caller (closed here only on failure).
    package static func connectedSocket(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "connect to \(port): errno \(code)")
        }
        return descriptor
    }

    deinit { close(descriptor) }

    /// Sends `method path` with `headers` (and `body` after the head, as given) and reads the answer.
    package func request(
        _ method: String, _ path: String, _ headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + body
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw Failure(description: "send: \(errno)") }
            offset += written
        }
        return try readResponse(bodyExpected: method != "HEAD")
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: "connection ended (\(count), errno \(errno))") }
        pending.append(contentsOf: chunk[0..<count])
    }

    private func readResponse(bodyExpected: Bool) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = pending.indices.dropLast(3).first { Array(pending[$0..<$0 + 4]) == separator }
            if headEnd == nil { try fill() }
        }
        guard let headEnd else { throw Failure(description: "no head") }
        let lines = String(decoding: pending[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(headEnd + 4)
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "status line \(lines[0])")
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let length = bodyExpected && status != 304 ? Int(headers["Content-Length"] ?? "0") ?? 0 : 0
        while pending.count < length { try fill() }
        let body = Data(pending[0..<length])
        pending.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }
}

/// Runs blocking work on a thread of its own, never on the cooperative pool the
/// server's async handler needs.
package func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            do {
                continuation.resume(returning: try work())
            } catch {
                continuation.resume(throwing: error)
            }
        }.start()
    }
}
