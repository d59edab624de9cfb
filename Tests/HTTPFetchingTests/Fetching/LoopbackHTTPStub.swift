import Foundation
import HTTPServing
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 for fetcher tests: answers every connection the same way.
///
/// Runs its blocking accept loop on its own thread, never in the cooperative pool.
final class LoopbackHTTPStub: Sendable {
    enum Behavior: Sendable {
        /// Sends `response` (raw bytes: status line, headers, body) after `delay`.
        case respond(Data, delay: Duration = .zero)
        /// Reads the request and never answers.
        case hang
    }

    struct StartFailed: Error {}

    let port: UInt16
    private let listener: Int32
    private let behavior: Behavior
    private let openConnections = Mutex<[Int32]>([])
    private let requestHeads = Mutex<[String]>([])

    init(_ behavior: Behavior) throws {
        self.behavior = behavior
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartFailed() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw StartFailed()
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The request heads received so far (request line and headers).
    var receivedHeads: [String] { requestHeads.withLock { $0 } }

    /// `http://127.0.0.1:<port>/`.
    var baseURL: URL? { URL(string: "http://127.0.0.1:\(port)/") }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        // Under the lock, so a connection closed meanwhile (its number possibly reused
        // by another test's socket) is never shut down by mistake.
        openConnections.withLock { connections in
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            openConnections.withLock { $0.append(connection) }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            head.append(contentsOf: buffer[0..<count])
        }
        requestHeads.withLock { $0.append(String(decoding: head, as: UTF8.self)) }
        switch behavior {
        case .hang:
            // Wait for the client (or stop()) to close the connection.
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
        case .respond(let response, let delay):
            Thread.sleep(
                forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            response.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let sent = send(
                        connection, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    if sent <= 0 { break }
                    offset += sent
                }
            }
        }
        openConnections.withLock { connections in
            connections.removeAll { $0 == connection }
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
    }

    /// Raw HTTP/1.1 response bytes.
    /// Without `declaringLength` the body runs until the connection closes, so only the bytes tell its size.
    static func response(
        status: Int, body: Data, contentType: String = "application/json", declaringLength: Bool = true
    ) -> Data {
        var text = "HTTP/1.1 \(status) Status\r\nContent-Type: \(contentType)\r\n"
        if declaringLength { text += "Content-Length: \(body.count)\r\n" }
        text += "Connection: close\r\n\r\n"
        return Data(text.utf8) + body
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
