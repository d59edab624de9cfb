import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on a loopback address for fetcher tests: answers each connection as its ``Behavior`` says,
/// including the ways servers go wrong (hang, reset, truncate, trickle, stream forever).
///
/// Runs its blocking accept loop and each connection on threads of their own, never in the cooperative pool.
final class LoopbackHTTPStub: Sendable {
    indirect enum Behavior: Sendable {
        /// Sends `response` (raw bytes: status line, headers, body) after `delay`, then closes.
        case respond(Data, delay: Duration = .zero)
        /// Reads the request and never answers.
        case hang
        /// Sends `response`, then resets the connection (RST) instead of closing it.
        case respondThenReset(Data)
        /// Resets the connection without answering.
        case reset
        /// Closes the connection without answering.
        case closeWithoutAnswer
        /// Sends the first `atOnce` bytes of `response` at once, then one byte every `interval`.
        case trickle(Data, interval: Duration, atOnce: Int = 0)
        /// Sends `greeting` as soon as the connection is accepted, without reading a request (a server that
        /// speaks first, or plain text where TLS was expected), then closes.
        case speakFirst(Data)
        /// Sends `head`, then `chunk` again and again until the client goes away.
        case endless(head: Data, chunk: Data)
        /// Chooses by the request target (e.g. `/robots.txt`).
        case byTarget(@Sendable (String) -> Behavior)
    }

    struct StartFailed: Error {}

    let port: UInt16
    /// The loopback address it listens on, e.g. `127.0.0.2`.
    let address: String
    private let listener: Int32
    private let behavior: Behavior
    private let openConnections = Mutex<[Int32]>([])
    private let requestHeads = Mutex<[String]>([])
    private let inFlight = Mutex<(now: Int, most: Int)>((0, 0))

    init(_ behavior: Behavior, address: String = "127.0.0.1") throws {
        self.behavior = behavior
        self.address = address
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartFailed() }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_addr.s_addr = inet_addr(address)
        socketAddress.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw StartFailed()
        }
        listener = fd
        port = UInt16(bigEndian: socketAddress.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The request heads received so far (request line and headers).
    var receivedHeads: [String] { requestHeads.withLock { $0 } }

    /// The request targets received so far, e.g. `/robots.txt`.
    var receivedTargets: [String] {
        receivedHeads.compactMap { head in
            let parts = head.split(separator: " ", maxSplits: 2)
            return parts.count >= 2 ? String(parts[1]) : nil
        }
    }

    /// The most connections this stub served at the same time.
    var mostAtOnce: Int { inFlight.withLock { $0.most } }

    /// `http://<address>:<port>/`.
    var baseURL: URL? { URL(string: "http://\(address):\(port)/") }

    /// `http://<address>:<port><path>`.
    func url(_ path: String) -> URL? { URL(string: "http://\(address):\(port)\(path)") }

    func stop() {
        // Shut down only: the accept thread closes the listener when its accept fails. Closing it here would free
        // its number while that thread may still call accept() on it, taking another test's connections.
        shutdown(listener, Int32(SHUT_RDWR))
        // Under the lock, so a connection closed meanwhile (its number possibly reused
        // by another test's socket) is never shut down by mistake.
        openConnections.withLock { connections in
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                // Closed here, by the only thread that uses it, once accept() fails after stop()'s shutdown.
                close(listener)
                return
            }
            openConnections.withLock { $0.append(connection) }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        // Counted by the kernel's view, not by this thread's progress: a connection whose client has already
        // closed it is no longer in flight, even if its thread has not got round to closing its end yet.
        let live = openConnections.withLock { connections in
            connections.filter { fd in
                var byte: UInt8 = 0
                return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) != 0
            }.count
        }
        inFlight.withLock { count in
            count.now = live
            count.most = max(count.most, live)
        }
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        if case .speakFirst(let greeting) = behavior {
            _ = send(greeting, on: connection)
            Thread.sleep(forTimeInterval: 0.2)
        }
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            head.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: head, as: UTF8.self)
        requestHeads.withLock { $0.append(text) }
        let target = text.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) ?? "/"
        var resetAtEnd = false
        act(behavior, target: target, on: connection, buffer: &buffer, resetAtEnd: &resetAtEnd)
        openConnections.withLock { connections in
            connections.removeAll { $0 == connection }
            if resetAtEnd {
                // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            } else {
                shutdown(connection, Int32(SHUT_RDWR))
            }
            close(connection)
        }
    }

    private func act(
        _ behavior: Behavior, target: String, on connection: Int32, buffer: inout [UInt8], resetAtEnd: inout Bool
    ) {
        switch behavior {
        case .hang:
            // Wait for the client (or stop()) to close the connection.
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
        case .respond(let response, let delay):
            Thread.sleep(forTimeInterval: delay.seconds)
            _ = send(response, on: connection)
        case .respondThenReset(let response):
            _ = send(response, on: connection)
            resetAtEnd = true
        case .reset:
            resetAtEnd = true
        case .closeWithoutAnswer, .speakFirst:
            break
        case .trickle(let response, let interval, let atOnce):
            guard send(response.prefix(atOnce), on: connection) else { return }
            for byte in response.dropFirst(atOnce) {
                guard send(Data([byte]), on: connection) else { return }
                Thread.sleep(forTimeInterval: interval.seconds)
            }
        case .endless(let head, let chunk):
            guard send(head, on: connection) else { return }
            while send(chunk, on: connection) {}
        case .byTarget(let choose):
            act(choose(target), target: target, on: connection, buffer: &buffer, resetAtEnd: &resetAtEnd)
        }
    }

    /// Sends all of `data`; false once the peer is gone.
    private func send(_ data: Data, on connection: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(
                    connection, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Raw HTTP/1.1 response bytes.
    /// Without `declaringLength` the body runs until the connection closes, so only the bytes tell its size.
    static func response(
        status: Int, body: Data, contentType: String = "application/json", declaringLength: Bool = true,
        headers: [String] = []
    ) -> Data {
        var text = "HTTP/1.1 \(status) Status\r\nContent-Type: \(contentType)\r\n"
        if declaringLength { text += "Content-Length: \(body.count)\r\n" }
        for header in headers { text += header + "\r\n" }
        text += "Connection: close\r\n\r\n"
        return Data(text.utf8) + body
    }

    /// A response head announcing `declaredLength` bytes, followed by only `body`: a truncated answer.
    static func truncated(body: Data, declaredLength: Int) -> Data {
        var text = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(declaredLength)\r\n"
        text += "Connection: close\r\n\r\n"
        return Data(text.utf8) + body
    }

    /// One chunk of a chunked body.
    static func chunk(_ data: Data) -> Data {
        Data((String(data.count, radix: 16) + "\r\n").utf8) + data + Data("\r\n".utf8)
    }

    /// A head for a chunked body.
    static func chunkedHead(contentType: String = "text/html") -> Data {
        Data(
            "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                .utf8)
    }
}

extension Duration {
    fileprivate var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
