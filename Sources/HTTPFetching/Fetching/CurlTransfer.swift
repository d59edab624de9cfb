import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One exchange on the engine's thread: its easy handle and what libcurl's callbacks have seen of the answer.
///
/// Lives on ``CurlEngine``'s thread only. The callbacks (head lines, body bytes, the socket about to be connected)
/// reach it through the pointer libcurl hands back, which stays valid because the engine's table keeps the transfer
/// until its handle is removed from the multi handle. A callback ends the exchange early by setting ``verdict``
/// and returning what makes libcurl abort; the verdict then wins over libcurl's own error code.
final class CurlTransfer {
    let id: Int
    let exchange: CurlExchange
    let handle: UnsafeMutableRawPointer
    /// `127.0.0.1:8080`: the server as every sentence names it.
    let host: String
    private let continuation: CheckedContinuation<CurlExchange.Outcome, Never>
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?

    // What the answer has shown so far.
    private var status: Int?
    private var version = "HTTP/1.1"
    private var headerLines: [(name: String, value: String)] = []
    /// Lines of a head received since the last complete head: a close now is a close in the middle of a head.
    private var headLinesSeen = 0
    private var response: HTTPResponseHead?
    private var announcedLength: Int?
    private var receivedBytes = 0
    private var body = Data()
    private var decoders: [ContentDecoder] = []
    /// Why a callback ended the exchange, if one did.
    private var verdict: FetchError?
    /// The head arrived and no body was wanted: the abort that follows is the exchange's success.
    private var stoppedAfterHead = false
    /// The body reached the cap of an exchange that keeps its prefix: the abort that follows is its success.
    private var keptPrefix = false
    private var refusal: String?
    private var ended = false

    private init(
        id: Int, exchange: CurlExchange, handle: UnsafeMutableRawPointer,
        continuation: CheckedContinuation<CurlExchange.Outcome, Never>
    ) {
        self.id = id
        self.exchange = exchange
        self.handle = handle
        self.continuation = continuation
        host = CurlFetcher.hostText(exchange.url)
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        nf_easy_cleanup(handle)
        nf_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// A transfer with its easy handle set up, ready to be added to the multi handle.
    static func make(
        id: Int, exchange: CurlExchange, continuation: CheckedContinuation<CurlExchange.Outcome, Never>
    ) -> Result<CurlTransfer, FetchError> {
        guard let handle = nf_easy_init() else {
            return .failure(.transport("libcurl could not start an exchange (curl_easy_init failed)"))
        }
        let transfer = CurlTransfer(id: id, exchange: exchange, handle: handle, continuation: continuation)
        guard transfer.configure() else {
            return .failure(
                .transport(
                    "the address of \(transfer.host) cannot be fetched (only http and https URLs are)"
                        + transfer.libcurlDetail))
        }
        return .success(transfer)
    }

    /// Sets every option; false when libcurl refuses one (a malformed URL).
    private func configure() -> Bool {
        let this = Unmanaged.passUnretained(self).toOpaque()
        var remaining = exchange.deadline - ContinuousClock.now
        if remaining < .milliseconds(1) { remaining = .milliseconds(1) }
        let (seconds, attoseconds) = remaining.components
        // A backstop only: the engine's loop ends the exchange at its deadline.
        let backstop = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 5000
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in exchange.headers.sorted(by: { $0.key < $1.key }) {
            list = nf_slist_append(list, "\(name): \(value)")
        }
        // A POST body goes at once: no `Expect: 100-continue` round trip (a header without a value removes it).
        if exchange.body != nil { list = nf_slist_append(list, "Expect:") }
        headerList = list
        let codes: [CURLcode] = [
            nf_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            nf_easy_setopt_str(handle, CURLOPT_URL, exchange.url.absoluteString),
            nf_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            nf_easy_setopt_str(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            nf_easy_setopt_str(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            nf_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            nf_easy_setopt_str(handle, CURLOPT_NOPROXY, "*"),
            nf_easy_setopt_str(handle, CURLOPT_PROXY, ""),
            // The body arrives as sent; ContentDecoder decodes it (chunked framing is still libcurl's).
            nf_easy_setopt_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0),
            nf_easy_setopt_long(handle, CURLOPT_HTTP09_ALLOWED, 0),
            // Every exchange on its own connection, as each URLSession fetch had: no connection opened under one
            // caller's address guard is reused by another's.
            nf_easy_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1),
            nf_easy_setopt_long(handle, CURLOPT_FORBID_REUSE, 1),
            nf_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(clamping: backstop)),
            nf_easy_setopt_long(handle, CURLOPT_NOBODY, exchange.method == "HEAD" ? 1 : 0),
            nf_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list),
            nf_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, Self.headerCallback),
            nf_easy_setopt_ptr(handle, CURLOPT_HEADERDATA, this),
            nf_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, Self.writeCallback),
            nf_easy_setopt_ptr(handle, CURLOPT_WRITEDATA, this),
            nf_easy_setopt_opensocket_callback(handle, Self.openSocketCallback),
            nf_easy_setopt_ptr(handle, CURLOPT_OPENSOCKETDATA, this),
        ]
        var bodyCodes: [CURLcode] = []
        if let body = exchange.body {
            // libcurl copies the bytes (COPYPOSTFIELDS), so they need not outlive this call; the size comes first
            // so a body holding NUL bytes is sent whole.
            bodyCodes.append(nf_easy_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count))
            bodyCodes.append(
                body.withUnsafeBytes { bytes in
                    var empty: UInt8 = 0
                    let pointer = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) }
                    return withUnsafeMutablePointer(to: &empty) { fallback in
                        nf_easy_setopt_ptr(handle, CURLOPT_COPYPOSTFIELDS, pointer ?? UnsafeMutableRawPointer(fallback))
                    }
                })
        }
        return codes.allSatisfy { $0 == CURLE_OK } && bodyCodes.allSatisfy { $0 == CURLE_OK }
    }

    /// Resumes the caller with `outcome`, once.
    func end(_ outcome: CurlExchange.Outcome) {
        guard !ended else { return }
        ended = true
        body = Data()
        continuation.resume(returning: outcome)
    }

    // MARK: Callbacks

    private static let headerCallback: nf_data_callback = { buffer, size, count, user in
        guard let buffer, let user else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        let length = size * count
        let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
        return transfer.headerLine(bytes) ? length : 0
    }

    private static let writeCallback: nf_data_callback = { buffer, size, count, user in
        guard let buffer, let user else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        let length = size * count
        return transfer.bodyBytes(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
    }

    private static let openSocketCallback: nf_opensocket_callback = { user, _, address in
        guard let user, let address else { return nf_socket_bad() }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        return transfer.openSocket(address)
    }

    /// One line of a head; false aborts the exchange.
    private func headerLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // After the final head, libcurl passes a chunked body's trailer fields here too: they change nothing.
        guard response == nil else { return true }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0a || bytes[end - 1] == 0x0d { end -= 1 }
        let line = String(decoding: bytes[0..<end], as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            status = parts.count >= 2 ? Int(parts[1]) : nil
            version = parts.first.map(String.init) ?? "HTTP/1.1"
            headerLines = []
            headLinesSeen = 1
            return true
        }
        if line.isEmpty {
            guard let status else { return true }
            if (100..<200).contains(status) {
                // An interim answer (100 Continue, 103 Early Hints): the final one is still to come.
                self.status = nil
                headerLines = []
                headLinesSeen = 0
                return true
            }
            return headComplete(status: status)
        }
        headLinesSeen += 1
        if line.first == " " || line.first == "\t", let last = headerLines.popLast() {
            // An obsolete folded line continues the previous field.
            headerLines.append((last.name, last.value + " " + line.trimmingCharacters(in: .whitespaces)))
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        headerLines.append((name, value))
        return true
    }

    /// The final head has arrived: checks it and decides whether the body is read.
    private func headComplete(status: Int) -> Bool {
        headLinesSeen = 0
        var fields: [String: String] = [:]
        for (name, value) in headerLines {
            if let existing = fields.first(where: { HTTPResponseHead.sameName($0.key, name) }) {
                fields[existing.key] = existing.value + ", " + value
            } else {
                fields[name] = value
            }
        }
        guard (100...999).contains(status) else {
            verdict = .transport("\(host) sent something that is not HTTP")
            return false
        }
        let http = HTTPResponseHead(url: exchange.url, statusCode: status, version: version, headerFields: fields)
        response = http
        let hasBody = exchange.method != "HEAD" && status != 204 && status != 304
        let encodings = ContentCoding.codings(in: http.value(forHTTPHeaderField: "Content-Encoding"))
        let length = http.value(forHTTPHeaderField: "Content-Length").flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        announcedLength = hasBody && http.value(forHTTPHeaderField: "Transfer-Encoding") == nil ? length : nil
        if exchange.readsBody, hasBody {
            if let unoffered = encodings.first(where: { !ContentCoding.offered.contains($0) }) {
                verdict = .unofferedEncoding(unoffered, host: host)
                return false
            }
            if encodings.isEmpty, let length, length > exchange.maximumBytes, !exchange.keepsPrefix {
                verdict = .tooLarge(limit: exchange.maximumBytes)
                return false
            }
        }
        if let refusal = exchange.inspectHead(http) {
            verdict = refusal
            return false
        }
        guard exchange.readsBody else {
            stoppedAfterHead = exchange.method != "HEAD"
            return exchange.method == "HEAD"
        }
        // Decoded in reverse order of application (RFC 9110 §8.4).
        decoders = encodings.reversed().map { ContentDecoder(coding: $0) }
        return true
    }

    /// Body bytes as sent; false aborts the exchange.
    private func bodyBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard verdict == nil, !stoppedAfterHead, !keptPrefix else { return false }
        receivedBytes += bytes.count
        do {
            return try feed(bytes, through: 0)
        } catch {
            verdict = .transport("the \(error.coding) body from \(host) is corrupt")
            return false
        }
    }

    /// Passes `bytes` through the decoders from `level` on, then into the body under the cap.
    private func feed(_ bytes: UnsafeRawBufferPointer, through level: Int) throws(ContentDecoder.Failure) -> Bool {
        guard level < decoders.count else {
            guard body.count + bytes.count <= exchange.maximumBytes else {
                if exchange.keepsPrefix {
                    body.append(contentsOf: bytes.prefix(exchange.maximumBytes - body.count))
                    keptPrefix = true
                    return false
                }
                verdict = .tooLarge(limit: exchange.maximumBytes)
                return false
            }
            body.append(contentsOf: bytes)
            return true
        }
        return try decoders[level].decode(bytes) { piece throws(ContentDecoder.Failure) in
            try feed(piece, through: level + 1)
        }
    }

    /// Opens the socket for `address` unless the connect guard refuses it.
    private func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        let family = address.pointee.family
        if let connectGuard = exchange.connectGuard {
            let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr) ?? 16
            let raw = UnsafeRawPointer(address) + offset
            let ip: IPAddress? =
                switch family {
                case AF_INET: .v4(UInt32(bigEndian: raw.loadUnaligned(as: sockaddr_in.self).sin_addr.s_addr))
                case AF_INET6: IPAddress(raw.loadUnaligned(as: sockaddr_in6.self).sin6_addr)
                default: nil
                }
            guard let ip else {
                refusal = refusal ?? "\(host) resolves to something other than an IP address"
                return nf_socket_bad()
            }
            if let sentence = connectGuard(ip) {
                refusal = refusal ?? sentence
                return nf_socket_bad()
            }
        }
        return socket(family, address.pointee.socktype, address.pointee.protocol)
    }

    // MARK: The end

    /// How the exchange ended, from libcurl's code and what the callbacks saw.
    func outcome(for code: CURLcode) -> CurlExchange.Outcome {
        if let verdict { return .failure(verdict) }
        if stoppedAfterHead, let response { return .success((Data(), response)) }
        // Cut at the cap on purpose: shorter than announced and an unfinished gzip stream are expected then.
        if keptPrefix, let response { return .success((body, response)) }
        var osErrno: Int = 0
        nf_easy_getinfo_long(handle, CURLINFO_OS_ERRNO, &osErrno)
        let message = String(cString: errorBuffer)
        if message.lowercased().contains("too large response headers") {
            // libcurl's own limit on a head (300 KB, interim heads counted): a server streaming heads forever.
            return .failure(.transport("\(host) sent a head larger than 300 KB"))
        }
        if response == nil, headLinesSeen > 0,
            [CURLE_OK, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_RECV_ERROR].contains(code)
        {
            // libcurl reports a head cut short in several ways (even as success); what it saw says which it was.
            let how = osErrno == Int(ECONNRESET) || message.contains("reset by peer") ? "reset" : "closed"
            return .failure(.transport("\(host) \(how) the connection in the middle of the answer's head"))
        }
        guard code == CURLE_OK else {
            if let refusal, code == CURLE_COULDNT_CONNECT { return .failure(.blocked(refusal)) }
            let failure = CurlFailure(
                code: code, message: message, host: host, osErrno: Int32(osErrno),
                receivedBytes: receivedBytes, announcedBytes: announcedLength, headComplete: response != nil,
                inHead: headLinesSeen > 0)
            return .failure(failure.fetchError(timeout: exchange.timeout))
        }
        guard let response else { return .failure(.transport("\(host) closed the connection without answering")) }
        if let announcedLength, receivedBytes < announcedLength {
            return .failure(
                .transport("the answer from \(host) ended after \(receivedBytes) bytes of \(announcedLength)"))
        }
        if receivedBytes > 0, let unfinished = decoders.first(where: { !$0.ended }) {
            return .failure(.transport("the \(unfinished.coding) body from \(host) is truncated"))
        }
        return .success((body, response))
    }

    /// libcurl's own words in parentheses, when it had any.
    var libcurlDetail: String {
        let text = String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "" : " (libcurl: \(text))"
    }
}
