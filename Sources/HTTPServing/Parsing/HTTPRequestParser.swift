import Glibc

/// Turns the bytes of an HTTP/1.x connection into request heads, one at a time.
///
/// Incremental and socket-free: feed it whatever arrived with ``append(_:)`` and ask
/// ``nextRequest()`` until it answers ``Outcome/needMoreData``. Pipelined requests come out
/// in order. Only a `POST` carries a body, and only with ``Limits/maxBodyBytes`` above 0: it is read whole, by its
/// `Content-Length`, into ``HTTPRequest/body``; after any other head every byte belongs to the next request. A rejection is final: the stream can
/// no longer be trusted and the server closes the connection after answering it.
public struct HTTPRequestParser: Sendable {
    /// Size limits that keep a hostile client from holding memory.
    public struct Limits: Sendable, Hashable {
        /// Longest request line, without its line ending (longer: 414).
        public var maxRequestLineBytes: Int
        /// Largest header block, counting each field line with its line ending (larger: 431).
        public var maxHeaderBytes: Int
        /// Most header fields in one request (more: 431).
        public var maxHeaderCount: Int
        /// Most empty lines ignored before a request line (more: 400). RFC 9112 2.2 asks to ignore at least one
        /// (a client's stray CRLF after a body); a stream of bare CRLFs is an attack on the header deadline.
        public var maxLeadingEmptyLines: Int
        /// The largest body a `POST` may carry, announced by `Content-Length` (larger: 413); 0, the default, serves
        /// no `POST` at all (405), as a static file server needs none. Bodies without a length (chunked) get 411.
        public var maxBodyBytes: Int

        /// Limits as nginx and most servers use them: 8 KiB line, 16 KiB headers, 100 fields; 8 empty lines; no
        /// `POST`.
        public init(
            maxRequestLineBytes: Int = 8192, maxHeaderBytes: Int = 16384, maxHeaderCount: Int = 100,
            maxLeadingEmptyLines: Int = 8, maxBodyBytes: Int = 0
        ) {
            self.maxBodyBytes = max(0, maxBodyBytes)
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.maxLeadingEmptyLines = maxLeadingEmptyLines
        }
    }

    /// What ``nextRequest()`` found.
    public enum Outcome: Sendable {
        /// A complete, valid head. `keepAlive` tells whether the connection may carry another request.
        case request(HTTPRequest, keepAlive: Bool)
        /// The buffered bytes hold no complete head yet.
        case needMoreData
        /// The head breaks a rule; answer `rejection.status` and close.
        case rejected(HTTPRequestRejection)
    }

    private enum Phase: Sendable {
        case requestLine
        case headers
        /// A `POST` head was read; its body of `length` bytes is awaited.
        case body(HTTPRequest, keepAlive: Bool, length: Int)
        case failed(HTTPRequestRejection)
    }

    /// The limits this parser enforces.
    public let limits: Limits

    private var buffer: [UInt8] = []
    /// Start of the bytes not yet consumed.
    private var readIndex = 0
    /// Where the search for the next line feed resumes, so a head trickling in byte by byte is scanned once.
    private var scanIndex = 0
    private var phase = Phase.requestLine

    private var method = ""
    private var target = ""
    private var version = ""
    private var headers = HTTPHeaders()
    private var headerCount = 0
    private var headerBytes = 0
    private var contentLength: Int?
    private var hasTransferEncoding = false
    private var hostCount = 0
    private var emptyLines = 0
    private var asksClose = false
    private var asksKeepAlive = false

    /// A parser with the given limits.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Bytes received but not yet consumed by a returned request.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// True between requests: nothing of a next request has arrived yet.
    public var isIdle: Bool {
        if case .requestLine = phase { return readIndex == buffer.count }
        return false
    }

    /// Adds bytes that arrived on the connection.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if readIndex > 0 && (readIndex == buffer.count || readIndex >= 16384) {
            buffer.removeSubrange(0..<readIndex)
            scanIndex -= readIndex
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Returns the next complete request head, or what stands in its way.
    public mutating func nextRequest() -> Outcome {
        while true {
            switch phase {
            case .failed(let rejection):
                return .rejected(rejection)
            case .body(var request, let keepAlive, let length):
                guard buffer.count - readIndex >= length else { return .needMoreData }
                request.body = Array(buffer[readIndex..<(readIndex + length)])
                readIndex += length
                scanIndex = readIndex
                phase = .requestLine
                return .request(request, keepAlive: keepAlive)
            case .requestLine:
                guard let line = nextLine() else {
                    if buffer.count - readIndex > limits.maxRequestLineBytes + 1 {
                        return fail(.requestLineTooLong(limit: limits.maxRequestLineBytes))
                    }
                    // Garbage is refused when it arrives, not when the header deadline passes.
                    if unfinishedLineCannotStartARequest() { return fail(.notARequest) }
                    return .needMoreData
                }
                if line.isEmpty {
                    // RFC 9112 2.2: ignore empty lines before a request line (left over from a previous body),
                    // a few of them.
                    emptyLines += 1
                    if emptyLines > limits.maxLeadingEmptyLines {
                        return fail(.tooManyEmptyLines(limit: limits.maxLeadingEmptyLines))
                    }
                    continue
                }
                emptyLines = 0
                if line.count > limits.maxRequestLineBytes {
                    return fail(.requestLineTooLong(limit: limits.maxRequestLineBytes))
                }
                if let rejection = parseRequestLine(line) {
                    return fail(rejection)
                }
                phase = .headers
            case .headers:
                guard let line = nextLine() else {
                    if headerBytes + (buffer.count - readIndex) > limits.maxHeaderBytes + 2 {
                        return fail(.headersTooLarge(limit: limits.maxHeaderBytes))
                    }
                    return .needMoreData
                }
                if line.isEmpty {
                    return finishHead()
                }
                headerBytes += line.count + 2
                if headerBytes > limits.maxHeaderBytes {
                    return fail(.headersTooLarge(limit: limits.maxHeaderBytes))
                }
                headerCount += 1
                if headerCount > limits.maxHeaderCount {
                    return fail(.tooManyHeaders(limit: limits.maxHeaderCount))
                }
                if let rejection = parseHeaderLine(line) {
                    return fail(rejection)
                }
            }
        }
    }

    private mutating func fail(_ rejection: HTTPRequestRejection) -> Outcome {
        phase = .failed(rejection)
        return .rejected(rejection)
    }

    /// The next line without its CRLF (or bare LF), consuming it; nil when no line feed has arrived.
    private mutating func nextLine() -> Range<Int>? {
        let start = readIndex
        let from = Swift.max(scanIndex, start)
        let found: Int? = buffer.withUnsafeBufferPointer { bytes in
            guard from < bytes.count, let base = bytes.baseAddress else { return nil }
            guard let hit = memchr(base + from, 0x0A, bytes.count - from) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let lineFeed = found else {
            scanIndex = buffer.count
            return nil
        }
        readIndex = lineFeed + 1
        scanIndex = readIndex
        var end = lineFeed
        if end > start && buffer[end - 1] == 0x0D {
            end -= 1
        }
        return start..<end
    }

    /// Whether the bytes of the line still being received cannot begin a request line: a method is tokens up to a
    /// space, and a CR may only end a line. Looks at the first 32 bytes only, so a trickling line costs little.
    private func unfinishedLineCannotStartARequest() -> Bool {
        let end = Swift.min(buffer.count, readIndex + 32)
        var index = readIndex
        while index < end {
            let byte = buffer[index]
            if byte == 0x20 { return index == readIndex }
            if byte == 0x0D { return index + 1 < buffer.count }
            if !Self.isTokenByte(byte) { return true }
            index += 1
        }
        return false
    }

    /// The method and path of the request line being read, as far as they were well-formed
    /// (printable ASCII) before a rejection; for the access log of refused requests.
    public var requestLineSoFar: (method: String, path: String) {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        return (method.isEmpty ? "-" : method, (path ?? "").isEmpty ? "-" : path ?? "-")
    }

    private mutating func parseRequestLine(_ line: Range<Int>) -> HTTPRequestRejection? {
        method = ""
        target = ""
        return buffer.withUnsafeBufferPointer { bytes in
            var index = line.lowerBound
            let end = line.upperBound
            let methodStart = index
            while index < end, Self.isTokenByte(bytes[index]) { index += 1 }
            guard index > methodStart, index < end, bytes[index] == 0x20 else { return .malformedRequestLine }
            let methodEnd = index
            method = String(decoding: UnsafeBufferPointer(rebasing: bytes[methodStart..<methodEnd]), as: UTF8.self)
            index += 1
            let targetStart = index
            while index < end, bytes[index] != 0x20 {
                let byte = bytes[index]
                if byte < 0x21 || byte > 0x7E { return .invalidByteInTarget }
                index += 1
            }
            guard index > targetStart else { return .malformedRequestLine }
            target = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[targetStart..<min(index, targetStart + 256)]),
                as: UTF8.self)
            guard index < end else { return .malformedRequestLine }
            let targetEnd = index
            index += 1
            let versionStart = index
            while index < end {
                let byte = bytes[index]
                if byte == 0x20 || byte < 0x21 || byte > 0x7E { return .malformedRequestLine }
                index += 1
            }
            guard end > versionStart else { return .malformedRequestLine }
            let versionBytes = UnsafeBufferPointer(rebasing: bytes[versionStart..<end])
            // RFC 9112 2.3: HTTP-version = "HTTP/" DIGIT "." DIGIT. A higher 1.x minor is answered as 1.1 (the
            // highest we speak); another major is not ours to guess at.
            guard versionBytes.count == 8, versionBytes.prefix(5).elementsEqual("HTTP/".utf8),
                Self.isDigit(versionBytes[versionBytes.startIndex + 5]),
                versionBytes[versionBytes.startIndex + 6] == UInt8(ascii: "."),
                Self.isDigit(versionBytes[versionBytes.startIndex + 7])
            else { return .malformedVersion }
            let major = versionBytes[versionBytes.startIndex + 5] - 0x30
            let minor = versionBytes[versionBytes.startIndex + 7] - 0x30
            guard major == 1 else { return .unsupportedVersion(String(decoding: versionBytes, as: UTF8.self)) }
            let targetBytes = UnsafeBufferPointer(rebasing: bytes[targetStart..<targetEnd])
            let originForm: String
            switch Self.originForm(of: targetBytes) {
            case .success(let origin): originForm = origin
            case .failure(let rejection): return rejection
            }
            method = String(decoding: UnsafeBufferPointer(rebasing: bytes[methodStart..<methodEnd]), as: UTF8.self)
            target = originForm
            version = minor == 0 ? "HTTP/1.0" : "HTTP/1.1"
            return nil
        }
    }

    private mutating func parseHeaderLine(_ line: Range<Int>) -> HTTPRequestRejection? {
        let result: Result<(name: String, value: String, known: KnownHeader?), HTTPRequestRejection> =
            buffer.withUnsafeBufferPointer { bytes in
                let first = bytes[line.lowerBound]
                if first == 0x20 || first == 0x09 { return .failure(.obsoleteLineFolding) }
                var index = line.lowerBound
                let end = line.upperBound
                while index < end, Self.isTokenByte(bytes[index]) { index += 1 }
                // A name must be followed directly by a colon: "Name : x" is a smuggling vector (RFC 9112 5.1).
                guard index > line.lowerBound, index < end, bytes[index] == 0x3A else {
                    return .failure(.malformedHeader)
                }
                let nameBytes = UnsafeBufferPointer(rebasing: bytes[line.lowerBound..<index])
                index += 1
                var valueStart = index
                var valueEnd = end
                for position in valueStart..<end {
                    let byte = bytes[position]
                    // Field values allow HTAB, SP, visible ASCII and obs-text; any other control byte is refused.
                    if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return .failure(.malformedHeader) }
                }
                while valueStart < valueEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 {
                    valueStart += 1
                }
                while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 {
                    valueEnd -= 1
                }
                let valueBytes = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
                return .success(
                    (
                        name: String(decoding: nameBytes, as: UTF8.self),
                        value: String(decoding: valueBytes, as: UTF8.self),
                        known: KnownHeader(nameBytes)
                    )
                )
            }
        switch result {
        case .failure(let rejection):
            return rejection
        case .success(let field):
            headers.add(field.name, field.value)
            switch field.known {
            case .contentLength:
                guard let length = Self.decimal(field.value) else { return .invalidContentLength }
                if let previous = contentLength, previous != length { return .invalidContentLength }
                contentLength = length
            case .transferEncoding:
                hasTransferEncoding = true
            case .host:
                hostCount += 1
                if hostCount > 1 { return .duplicateHost }
                guard Self.isValidHost(field.value.utf8) else { return .invalidHost }
            case .connection:
                for token in field.value.split(separator: ",") {
                    let trimmed = token.trimmingWhitespace().lowercased()
                    if trimmed == "close" { asksClose = true }
                    if trimmed == "keep-alive" { asksKeepAlive = true }
                }
            case nil:
                break
            }
            return nil
        }
    }

    private mutating func finishHead() -> Outcome {
        let outcome: Outcome
        if version == "HTTP/1.1" && hostCount == 0 {
            outcome = fail(.missingHost)
        } else if method == "POST" && limits.maxBodyBytes > 0 {
            if hasTransferEncoding {
                outcome = fail(.lengthRequired)
            } else if (contentLength ?? 0) > limits.maxBodyBytes {
                outcome = fail(.bodyTooLarge(limit: limits.maxBodyBytes))
            } else {
                let keepAlive = version == "HTTP/1.1" ? !asksClose : (asksKeepAlive && !asksClose)
                let request = HTTPRequest(method: method, target: target, version: version, headers: headers)
                phase = .body(request, keepAlive: keepAlive, length: contentLength ?? 0)
                outcome = nextRequest()
            }
        } else if method != "GET" && method != "HEAD" {
            outcome = fail(.methodNotAllowed(method))
        } else if hasTransferEncoding || (contentLength ?? 0) > 0 {
            outcome = fail(.bodyNotAllowed(method: method))
        } else {
            let keepAlive = version == "HTTP/1.1" ? !asksClose : (asksKeepAlive && !asksClose)
            let request = HTTPRequest(method: method, target: target, version: version, headers: headers)
            outcome = .request(request, keepAlive: keepAlive)
            phase = .requestLine
        }
        headers = HTTPHeaders()
        headerCount = 0
        headerBytes = 0
        contentLength = nil
        hasTransferEncoding = false
        hostCount = 0
        asksClose = false
        asksKeepAlive = false
        return outcome
    }

    /// The target as origin-form: itself when it starts with `/`; for an absolute-form `http(s)://authority/path?q`
    /// (which RFC 9112 3.2.2 requires a server to accept) its path and query, `/` when the path is empty.
    /// The authority must be a valid host; `*`, authority-form and other schemes are refused.
    static func originForm(of target: UnsafeBufferPointer<UInt8>) -> Result<String, HTTPRequestRejection> {
        let start = target.startIndex
        if target[start] == 0x2F { return .success(String(decoding: target, as: UTF8.self)) }
        let schemeEnd: Int
        if Self.hasPrefixIgnoringCase(target, "http://") {
            schemeEnd = start + 7
        } else if Self.hasPrefixIgnoringCase(target, "https://") {
            schemeEnd = start + 8
        } else {
            return .failure(.targetNotOriginForm(String(decoding: target.prefix(64), as: UTF8.self)))
        }
        var authorityEnd = schemeEnd
        while authorityEnd < target.endIndex, target[authorityEnd] != 0x2F, target[authorityEnd] != 0x3F {
            authorityEnd += 1
        }
        let authority = UnsafeBufferPointer(rebasing: target[schemeEnd..<authorityEnd])
        // An http(s) URI needs a host; userinfo (`user@`) is not allowed in a request target either.
        guard !authority.isEmpty, authority.first != UInt8(ascii: ":"), isValidHost(authority) else {
            return .failure(.invalidHost)
        }
        let rest = String(decoding: UnsafeBufferPointer(rebasing: target[authorityEnd...]), as: UTF8.self)
        return .success(rest.hasPrefix("/") ? rest : "/" + rest)
    }

    /// RFC 3986 `host [ ":" port ]` as RFC 9110 7.2 wants the `Host` value: an IP-literal in brackets (IPv6 or
    /// IPvFuture), or a reg-name (which covers IPv4) of unreserved, percent-encoded and sub-delim characters,
    /// then optionally a colon and digits. The empty value is valid (a target without an authority).
    static func isValidHost<Bytes: Collection>(_ value: Bytes) -> Bool where Bytes.Element == UInt8 {
        var bytes = Array(value)[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > bytes.startIndex + 1 else {
                return false
            }
            let literal = bytes[(bytes.startIndex + 1)..<close]
            let isIPvFuture = literal.first.map { $0 | 0x20 } == UInt8(ascii: "v")
            for byte in literal {
                let allowed =
                    isIPvFuture
                    ? isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":")
                    : isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
                guard allowed else { return false }
            }
            bytes = bytes[(close + 1)...]
        } else {
            var index = bytes.startIndex
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: ":") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                    else { return false }
                    index += 3
                    continue
                }
                guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
                index += 1
            }
            bytes = bytes[index...]
        }
        guard let colon = bytes.first else { return true }
        guard colon == UInt8(ascii: ":") else { return false }
        return bytes.dropFirst().allSatisfy(isDigit)
    }

    private static func hasPrefixIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard bytes.count >= expected.count else { return false }
        return zip(bytes, expected).allSatisfy { ($0 | 0x20) == $1 }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    /// RFC 3986 `unreserved`: ALPHA / DIGIT / "-" / "." / "_" / "~".
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// RFC 3986 `sub-delims`: "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=".
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// RFC 9110 `tchar`: the bytes allowed in methods and header names.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// A non-negative decimal of at most 18 digits, nothing else.
    private static func decimal(_ text: String) -> Int? {
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            guard byte >= 0x30 && byte <= 0x39, digits < 18 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}

/// Header names the parser acts on, recognised without building a lowercased string.
private enum KnownHeader {
    case contentLength
    case transferEncoding
    case host
    case connection

    init?(_ name: UnsafeBufferPointer<UInt8>) {
        func matches(_ candidate: StaticString) -> Bool {
            guard candidate.utf8CodeUnitCount == name.count else { return false }
            let expected = UnsafeBufferPointer(start: candidate.utf8Start, count: candidate.utf8CodeUnitCount)
            return zip(name, expected).allSatisfy { ($0 | 0x20) == $1 }
        }
        switch name.count {
        case 4 where matches("host"): self = .host
        case 10 where matches("connection"): self = .connection
        case 14 where matches("content-length"): self = .contentLength
        case 17 where matches("transfer-encoding"): self = .transferEncoding
        default: return nil
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
