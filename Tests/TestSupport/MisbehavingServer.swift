import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP server on a loopback address that answers requests with one ``Misbehaviour``: the hostile and broken
/// publishers, image hosts and upstreams of the server matrix.
///
/// The requests it misbehaves on are chosen by target (by default every one but `/robots.txt`); the others get a
/// well-formed answer: `/robots.txt` a 404, anything else a 200 of ``contentType`` with ``body``. The blocking
/// accept loop and each connection run on threads of their own, never in the cooperative pool; ``stop()`` closes
/// the listener and every connection still open, which ends the scripts that would otherwise run for ever.
package final class MisbehavingServer: Sendable {
    package struct StartFailed: Error {}

    /// The loopback address it listens on, e.g. `127.0.0.1`.
    package let address: String
    package let port: UInt16
    package let misbehaviour: Misbehaviour
    /// The `Content-Type` of every answer but robots.txt's.
    package let contentType: String
    /// The body every answer carries, or starts to.
    package let body: Data
    private let misbehavesAt: @Sendable (String) -> Bool
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    private let openConnections = Mutex<Set<Int32>>([])
    private let targets = Mutex<[String]>([])

    /// Starts listening on an ephemeral port of `address`.
    /// - Parameters:
    ///   - contentType: `text/html; charset=utf-8` for pages, an `image/…` type for images.
    ///   - misbehavesAt: the request targets that get the misbehaviour (e.g. `{ $0 == "/robots.txt" }`).
    package init(
        _ misbehaviour: Misbehaviour, contentType: String = "text/html; charset=utf-8",
        address: String = "127.0.0.1", misbehavesAt: @escaping @Sendable (String) -> Bool = { $0 != "/robots.txt" }
    ) throws {
        self.misbehaviour = misbehaviour
        self.contentType = contentType
        self.address = address
        self.misbehavesAt = misbehavesAt
        body = contentType.hasPrefix("image/") ? Self.imageBody : Self.pageBody
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

    /// `scheme://address:port` with the misbehaviour's scheme.
    package var origin: String { "\(misbehaviour.scheme)://\(address):\(port)" }

    /// `address:port`, as a failure's sentence names the server.
    package var hostAndPort: String { "\(address):\(port)" }

    /// `origin` + `path`.
    package func url(_ path: String = "/story") -> URL? { URL(string: origin + path) }

    /// The request targets received so far, e.g. `["/robots.txt", "/story"]`.
    package var receivedTargets: [String] { targets.withLock { $0 } }

    /// Closes the listener and every open connection; the connections' threads end at their next send or pause.
    package func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Shut down only: the accept thread closes the listener when its accept fails. Closing it here would free
        // its number while that thread may still call accept() on it, taking another test's connections.
        shutdown(listener, Int32(SHUT_RDWR))
        // Under the lock, so a connection closed meanwhile (its number possibly reused by another test's socket)
        // is never shut down by mistake.
        openConnections.withLock { connections in
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if !isStopped, errno == EINTR || errno == ECONNABORTED { continue }
                // Closed here, by the only thread that uses it, once accept() fails after stop()'s shutdown.
                close(listener)
                return
            }
            openConnections.withLock { _ = $0.insert(connection) }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        let target = readRequest(on: connection)
        targets.withLock { $0.append(target) }
        let reset: Bool
        if misbehavesAt(target) {
            reset = play(misbehaviour, on: connection)
        } else {
            let answer =
                target == "/robots.txt"
                ? Self.head(status: "404 Not Found", ["Content-Type: text/plain", "Content-Length: 0"])
                : Self.head(
                    status: "200 OK", ["Content-Type: \(contentType)", "Content-Length: \(body.count)"]) + body
            _ = send(answer, on: connection)
            reset = false
        }
        // Out of the set first: from then on stop() never touches this number, which stays ours until close().
        _ = openConnections.withLock { $0.remove(connection) }
        if reset {
            // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        } else {
            shutdown(connection, Int32(SHUT_WR))
            // Lets the client read the close before bytes it still sends could turn it into a reset.
            drain(connection)
        }
        close(connection)
    }

    /// Reads a request head and returns its target; stops at the first byte that is not a letter (a TLS hello),
    /// so a plain server asked over TLS answers the hello.
    private func readRequest(on connection: Int32) -> String {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.containsHeadEnd {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            head.append(contentsOf: buffer[0..<count])
            if let first = head.first, !(65...90).contains(first) { break }
        }
        let text = String(decoding: head, as: UTF8.self)
        let parts = text.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 && head.first.map({ (65...90).contains($0) }) == true ? String(parts[1]) : "(not HTTP)"
    }

    /// Plays `misbehaviour` on `connection`; true when the connection is to be reset rather than closed.
    private func play(_ misbehaviour: Misbehaviour, on connection: Int32) -> Bool {
        let full = Self.head(status: "200 OK", ["Content-Type: \(contentType)", "Content-Length: \(body.count)"])
        switch misbehaviour {
        case .closeBeforeAnything:
            return false
        case .closeInsideStatusLine:
            _ = send(Data("HTTP/1.1 2".utf8), on: connection)
        case .closeAfterStatusLine:
            _ = send(Data("HTTP/1.1 200 OK\r\n".utf8), on: connection)
        case .closeInsideHead:
            _ = send(full.prefix(full.count - 12), on: connection)
        case .closeAfterHead:
            _ = send(full, on: connection)
        case .endlessHead:
            guard send(Data("HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\n".utf8), on: connection) else {
                return false
            }
            var line = 0
            while pause(milliseconds: 50), send(Data("X-Filler-\(line): more to come\r\n".utf8), on: connection) {
                line += 1
            }
        case .garbageStatusLine:
            _ = send(Data("SPAM and eggs\r\n\r\n".utf8) + body, on: connection)
        case .http09Body:
            _ = send(body, on: connection)
        case .contentLengthLongerThanBody:
            let head = Self.head(status: "200 OK", ["Content-Type: \(contentType)", "Content-Length: 4096"])
            _ = send(head + body.prefix(1000), on: connection)
        case .contentLengthShorterThanBody:
            _ = send(full + body + Data("<p>bytes past the declared length</p>".utf8), on: connection)
        case .chunkedBadSize:
            _ = send(chunkedHead + Data("zz\r\n".utf8) + body.prefix(100) + Data("\r\n0\r\n\r\n".utf8), on: connection)
        case .chunkedMissingCRLF:
            let data = body.prefix(100)
            let chunks = Self.chunkSize(data.count) + data + Self.chunkSize(data.count) + data + Data("\r\n".utf8)
            _ = send(chunkedHead + chunks + Data("0\r\n\r\n".utf8), on: connection)
        case .chunkedEndlessChunk:
            guard send(chunkedHead + Data("100000000\r\n".utf8), on: connection) else { return false }
            let block = Data(repeating: 0x61, count: 16 * 1024)
            while pause(milliseconds: 10), send(block, on: connection) {}
        case .bodyCutMidway:
            let data = body.prefix(body.count / 2)
            _ = send(chunkedHead + Self.chunkSize(data.count) + data.prefix(data.count / 2), on: connection)
        case .gzipTruncated:
            let gzip = Self.gzipBody(of: body)
            let cut = gzip.prefix(gzip.count / 2)
            _ = send(gzipHead(length: cut.count) + cut, on: connection)
        case .gzipCorrupt:
            var gzip = Self.gzipBody(of: body)
            let middle = gzip.startIndex + gzip.count / 2
            gzip.replaceSubrange(middle..<(middle + 16), with: Data(repeating: 0xFF, count: 16))
            _ = send(gzipHead(length: gzip.count) + gzip, on: connection)
        case .resetBeforeHead:
            return true
        case .resetInsideHead:
            _ = send(full.prefix(full.count / 2), on: connection)
            pauseBrieflyBeforeReset()
            return true
        case .resetInsideBody:
            _ = send(full + body.prefix(body.count / 2), on: connection)
            pauseBrieflyBeforeReset()
            return true
        case .informationalForever:
            while send(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: connection), pause(milliseconds: 20) {}
        case .plainServerAskedOverTLS:
            let text = Data("plain HTTP here, no TLS\n".utf8)
            let answer = Self.head(status: "400 Bad Request", ["Content-Type: text/plain", "Content-Length: 24"])
            _ = send(answer + text, on: connection)
        case .tlsServerAskedOverPlainHTTP:
            _ = send(Self.serverHelloLike, on: connection)
        case .hang:
            waitForTheClientToLeave(connection)
        case .trickleBody:
            let trickled = body.prefix(100)
            let head = Self.head(status: "200 OK", ["Content-Type: \(contentType)", "Content-Length: 100"])
            guard send(head, on: connection) else { return false }
            for byte in trickled {
                guard pause(milliseconds: 1000), send(Data([byte]), on: connection) else { break }
            }
        }
        return false
    }

    private var chunkedHead: Data {
        Self.head(status: "200 OK", ["Content-Type: \(contentType)", "Transfer-Encoding: chunked"])
    }

    private func gzipHead(length: Int) -> Data {
        Self.head(
            status: "200 OK", ["Content-Type: \(contentType)", "Content-Encoding: gzip", "Content-Length: \(length)"])
    }

    /// So the bytes sent before a reset reach the client before the RST does.
    private func pauseBrieflyBeforeReset() {
        _ = pause(milliseconds: 100)
    }

    /// Sleeps; false once the server is stopped.
    private func pause(milliseconds: Int) -> Bool {
        guard !isStopped else { return false }
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
        return !isStopped
    }

    /// Reads and drops until the client closes (or ``stop()`` shuts the connection down).
    private func waitForTheClientToLeave(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(connection, &buffer, buffer.count, 0) > 0 {}
    }

    /// Reads what the client still sends, for at most a second, after the server's half-close.
    private func drain(_ connection: Int32) {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        waitForTheClientToLeave(connection)
    }

    /// Sends all of `data`; false once the peer is gone or the server stopped.
    private func send(_ data: Data, on connection: Int32) -> Bool {
        guard !isStopped else { return false }
        return data.withUnsafeBytes { bytes in
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

    // MARK: Bytes

    /// `HTTP/1.1 <status>`, the fields and `Connection: close`, ending with the blank line.
    static func head(status: String, _ fields: [String]) -> Data {
        Data(("HTTP/1.1 \(status)\r\n" + fields.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n").utf8)
    }

    static func chunkSize(_ count: Int) -> Data { Data((String(count, radix: 16) + "\r\n").utf8) }

    static func gzipBody(of data: Data) -> Data { CompressedBodies.compress(data, .gzip) }

    /// A page of about 6 KB of varied words (so that its gzip form is long enough to cut and to corrupt).
    package static let pageBody: Data = {
        let words = ["river", "council", "budget", "school", "harbour", "vote", "bridge", "market", "winter", "rail"]
        var state: UInt32 = 31
        var paragraphs: [String] = []
        for _ in 0..<40 {
            var sentence: [String] = []
            for _ in 0..<20 {
                state = state &* 1_103_515_245 &+ 12345
                sentence.append(words[Int(state >> 16) % words.count])
            }
            paragraphs.append("<p>" + sentence.joined(separator: " ") + ".</p>")
        }
        let html = "<!DOCTYPE html><html><head><title>Matrix</title></head><body><article><h1>Matrix</h1>"
        return Data((html + paragraphs.joined(separator: "\n") + "</article></body></html>").utf8)
    }()

    /// Bytes that start like a PNG; no decoder is meant to read them, only fetchers.
    package static let imageBody: Data = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var state: UInt32 = 7
        for _ in 0..<6000 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        return Data(bytes)
    }()

    /// A TLS 1.2 handshake record holding a ServerHello-like message, then pseudo-random bytes.
    static let serverHelloLike: Data = {
        var bytes: [UInt8] = [0x16, 0x03, 0x03, 0x00, 0x4A, 0x02, 0x00, 0x00, 0x46, 0x03, 0x03]
        var state: UInt32 = 99
        for _ in 0..<400 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        return Data(bytes)
    }()
}

/// Runs `body` with a ``MisbehavingServer`` started, and stops it afterwards whether `body` returned or threw.
package func withMisbehavingServer<Result>(
    _ misbehaviour: Misbehaviour, contentType: String = "text/html; charset=utf-8",
    misbehavesAt: @escaping @Sendable (String) -> Bool = { $0 != "/robots.txt" },
    _ body: (MisbehavingServer) async throws -> Result
) async throws -> Result {
    let server = try MisbehavingServer(misbehaviour, contentType: contentType, misbehavesAt: misbehavesAt)
    do {
        let result = try await body(server)
        server.stop()
        return result
    } catch {
        server.stop()
        throw error
    }
}

extension Array where Element == UInt8 {
    fileprivate var containsHeadEnd: Bool {
        count >= 4
            && indices.dropLast(3).contains {
                self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
            }
    }
}
