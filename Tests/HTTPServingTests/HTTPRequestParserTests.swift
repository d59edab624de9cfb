import Testing

@testable import HTTPServing

@Suite struct HTTPRequestParserTests {
    /// Feeds `text` to a fresh parser and returns its first outcome.
    private func parse(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPRequestParser.Outcome {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(Array(text.utf8))
        return parser.nextRequest()
    }

    private func rejection(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPRequestRejection? {
        if case .rejected(let rejection) = parse(text, limits: limits) { return rejection }
        return nil
    }

    private func parsed(_ text: String) -> (HTTPRequest, Bool)? {
        if case .request(let request, let keepAlive) = parse(text) { return (request, keepAlive) }
        return nil
    }

    @Test func parsesSimpleGet() throws {
        let (request, keepAlive) = try #require(
            parsed("GET /us/health.rss?x=1 HTTP/1.1\r\nHost: a\r\nX-Y:  z \r\n\r\n"))
        #expect(request.method == "GET")
        #expect(request.target == "/us/health.rss?x=1")
        #expect(request.path == "/us/health.rss")
        #expect(request.query == "x=1")
        #expect(request.version == "HTTP/1.1")
        #expect(request.headers["host"] == "a")
        #expect(request.headers["x-y"] == "z")
        #expect(keepAlive)
    }

    @Test func acceptsBareLineFeedsAndLeadingEmptyLines() throws {
        let (request, _) = try #require(parsed("\r\nHEAD / HTTP/1.1\nHost: a\n\n"))
        #expect(request.method == "HEAD")
    }

    @Test func waitsForTheWholeHeadAcrossManyAppends() {
        var parser = HTTPRequestParser()
        let bytes = Array("GET /a HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        for byte in bytes.dropLast() {
            parser.append([byte])
            guard case .needMoreData = parser.nextRequest() else {
                Issue.record("completed too early")
                return
            }
        }
        parser.append([bytes[bytes.count - 1]])
        guard case .request(let request, _) = parser.nextRequest() else {
            Issue.record("no request")
            return
        }
        #expect(request.path == "/a")
        #expect(parser.isIdle)
    }

    @Test func returnsPipelinedRequestsInOrder() {
        var parser = HTTPRequestParser()
        parser.append(
            Array("GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\nGET /3 HTTP/1.1\r\nHo".utf8))
        var paths: [String] = []
        while case .request(let request, _) = parser.nextRequest() { paths.append(request.path) }
        #expect(paths == ["/1", "/2"])
        #expect(!parser.isIdle)
        parser.append(Array("st: a\r\n\r\n".utf8))
        guard case .request(let third, _) = parser.nextRequest() else {
            Issue.record("third request missing")
            return
        }
        #expect(third.path == "/3")
    }

    @Test func keepAliveFollowsVersionAndConnectionHeader() {
        #expect(parsed("GET / HTTP/1.1\r\nHost: t\r\n\r\n")?.1 == true)
        #expect(parsed("GET / HTTP/1.1\r\nHost: t\r\nConnection: Close\r\n\r\n")?.1 == false)
        #expect(parsed("GET / HTTP/1.1\r\nHost: t\r\nConnection: upgrade, close\r\n\r\n")?.1 == false)
        #expect(parsed("GET / HTTP/1.0\r\n\r\n")?.1 == false)
        #expect(parsed("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")?.1 == true)
    }

    @Test func requestLineOverLimitIs414() {
        let long = "/" + String(repeating: "a", count: 8200)
        #expect(rejection("GET \(long) HTTP/1.1\r\nHost: t\r\n\r\n") == .requestLineTooLong(limit: 8192))
        // Also without a line ending yet: the parser must not wait for it forever.
        #expect(rejection("GET \(long)") == .requestLineTooLong(limit: 8192))
        #expect(rejection("GET \(long)")?.status == 414)
        let fits = "/" + String(repeating: "a", count: 8192 - 16 - 1)
        #expect(parsed("GET \(fits) HTTP/1.1\r\nHost: t\r\n\r\n") != nil)
    }

    @Test func headerBlockOverLimitIs431() {
        let big = String(repeating: "b", count: 17000)
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(big)\r\n\r\n") == .headersTooLarge(limit: 16384))
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(big)") == .headersTooLarge(limit: 16384))
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(big)")?.status == 431)
    }

    @Test func moreThanAHundredHeadersIs431() {
        let hundred = (1..<100).map { "X-\($0): v\r\n" }.joined()  // and Host
        #expect(parsed("GET / HTTP/1.1\r\nHost: t\r\n\(hundred)\r\n") != nil)
        let rejected = rejection("GET / HTTP/1.1\r\nHost: t\r\n\(hundred)X-Last: v\r\n\r\n")
        #expect(rejected == .tooManyHeaders(limit: 100))
        #expect(rejected?.status == 431)
    }

    @Test(arguments: [
        "GET /\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET / HTTP/1.1 \r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: t\r\n\r\n",
        " GET / HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET /a b HTTP/1.1\r\nHost: t\r\n\r\n",
    ])
    func malformedRequestLinesAre400(line: String) {
        #expect(rejection(line)?.status == 400)
    }

    @Test(arguments: ["http/1.1", "HTTP/1", "HTTP/1.10", "HTTP/1.1.1", "HTTP/a.b", "HTTP/11", "HTTPS/1.1"])
    func malformedVersionsAre400(version: String) {
        #expect(rejection("GET / \(version)\r\nHost: t\r\n\r\n") == .malformedVersion)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/3.0", "HTTP/9.9", "HTTP/0.9"])
    func otherMajorVersionsAre505(version: String) {
        let rejected = rejection("GET / \(version)\r\nHost: t\r\n\r\n")
        #expect(rejected == .unsupportedVersion(version))
        #expect(rejected?.status == 505)
    }

    @Test(arguments: ["HTTP/1.2", "HTTP/1.9"])
    func higherMinorVersionsAreServedAsHTTP11(version: String) throws {
        let (request, keepAlive) = try #require(parsed("GET /a HTTP/1.2\r\nHost: t\r\n\r\n"))
        #expect(request.version == "HTTP/1.1")
        #expect(keepAlive)
        // As 1.1, it needs a Host too.
        #expect(rejection("GET /a \(version)\r\n\r\n") == .missingHost)
    }

    @Test(arguments: ["*", "a/b", "%2Fetc", "example.com:80", "ftp://example.com/a", "http:/a"])
    func targetsNeitherOriginNorAbsoluteFormAre400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n") == .targetNotOriginForm(target))
    }

    @Test(arguments: [
        ("http://example.com/a/b.rss?x=1", "/a/b.rss?x=1"), ("HTTP://Example.COM:8080/a", "/a"),
        ("https://example.com/", "/"), ("http://example.com", "/"), ("http://example.com?x=1", "/?x=1"),
        ("http://[::1]:8080/us/health.rss", "/us/health.rss"), ("http://127.0.0.1/%2e%2e/x", "/%2e%2e/x"),
    ])
    func absoluteFormTargetsAreAcceptedAndTheirPathServed(target: String, path: String) throws {
        // RFC 9112 3.2.2: a server MUST accept the absolute-form; the Host field is still required.
        let (request, _) = try #require(parsed("GET \(target) HTTP/1.1\r\nHost: other\r\n\r\n"))
        #expect(request.target == path)
        #expect(request.path == String(path.split(separator: "?", omittingEmptySubsequences: false)[0]))
    }

    @Test(arguments: ["http://user@example.com/a", "http:///a", "http://:80/a", "http://a b/", "http://[::1/a"])
    func absoluteFormWithABadAuthorityIs400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")?.status == 400)
    }

    @Test func http11WithoutHostIs400AndHTTP10MayOmitIt() throws {
        let rejected = rejection("GET / HTTP/1.1\r\nX-A: b\r\n\r\n")
        #expect(rejected == .missingHost)
        #expect(rejected?.status == 400)
        #expect(rejection("HEAD http://example.com/ HTTP/1.1\r\n\r\n") == .missingHost)
        #expect(rejection("POST / HTTP/1.1\r\n\r\n") == .missingHost)
        #expect(parsed("GET / HTTP/1.0\r\n\r\n") != nil)
        #expect(parsed("GET / HTTP/1.1\r\nHost:\r\n\r\n") != nil)  // empty is valid: no authority
    }

    @Test(arguments: [
        "127.0.0.1", "example.com", "example.com:8080", "[::1]", "[::1]:80", "[2001:db8::1]", "[v1.fe80::a+en1]",
        "xn--bcher-kva.example", "a-b_c~d.e", "ex%41mple.com", "!$&'()*+,;=", "host:",
    ])
    func validHostValuesAreAccepted(host: String) {
        #expect(parsed("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") != nil)
    }

    @Test(arguments: [
        "127.0.0.1/../../etc", "a b", "exa\u{E9}mple.com", "example.com:80a", "example.com:80:90", "[::1", "[]",
        "[::g]", "user@example.com", "ex%4mple.com", "a/b", "a\\b", "<script>", "a?b", "a#b", "::1",
    ])
    func hostValuesOutsideTheGrammarAre400(host: String) {
        let rejected = rejection("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(rejected == .invalidHost)
        #expect(rejected?.status == 400)
        // Also for HTTP/1.0, where Host is optional.
        #expect(rejection("GET / HTTP/1.0\r\nHost: \(host)\r\n\r\n") == .invalidHost)
    }

    @Test func aNonASCIIHostByteIs400() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: ex".utf8) + [0xC3, 0xA9] + Array("mple\r\n\r\n".utf8))
        guard case .rejected(let rejection) = parser.nextRequest() else {
            Issue.record("accepted a non-ASCII Host")
            return
        }
        #expect(rejection == .invalidHost)
    }

    @Test(arguments: [
        [0xC0, 0x8A], [0x16, 0x03, 0x01], [0x00], [0x20], [0x47, 0x45, 0x54, 0x0D, 0x41], [0xFF, 0xFE],
    ])
    func bytesThatCannotStartARequestLineAreRefusedAtOnce(bytes: [UInt8]) {
        // No line feed yet: the parser must not wait for one (or for the header deadline).
        var parser = HTTPRequestParser()
        parser.append(bytes)
        guard case .rejected(let rejection) = parser.nextRequest() else {
            Issue.record("waited for more of \(bytes)")
            return
        }
        #expect(rejection == .notARequest)
        #expect(rejection.status == 400)
    }

    @Test func theStartOfARealRequestLineIsWaitedFor() {
        for partial in ["G", "GET", "GET ", "GET /a", "GET /a HTTP/1.", "\r\n\r\nGET /", "GET /a HTTP/1.1\r"] {
            var parser = HTTPRequestParser()
            parser.append(Array(partial.utf8))
            guard case .needMoreData = parser.nextRequest() else {
                Issue.record("refused \(partial.debugDescription)")
                continue
            }
        }
    }

    @Test func aFewLeadingEmptyLinesAreIgnoredAndMoreAreRefused() throws {
        let limit = HTTPRequestParser.Limits().maxLeadingEmptyLines
        #expect(limit >= 1)
        #expect(parsed(String(repeating: "\r\n", count: limit) + "GET / HTTP/1.1\r\nHost: t\r\n\r\n") != nil)
        #expect(parsed(String(repeating: "\n", count: limit) + "GET / HTTP/1.1\r\nHost: t\r\n\r\n") != nil)
        let flood = rejection(String(repeating: "\r\n", count: limit + 1))
        #expect(flood == .tooManyEmptyLines(limit: limit))
        #expect(flood?.status == 400)
        // Counted across appends, and again before each pipelined request.
        var parser = HTTPRequestParser()
        parser.append(Array(("\r\nGET /1 HTTP/1.1\r\nHost: t\r\n\r\n" + String(repeating: "\r\n", count: limit)).utf8))
        guard case .request = parser.nextRequest(), case .needMoreData = parser.nextRequest() else {
            Issue.record("the first request or the allowed empty lines were refused")
            return
        }
        parser.append(Array("\r\n".utf8))
        guard case .rejected(.tooManyEmptyLines) = parser.nextRequest() else {
            Issue.record("an endless stream of CRLFs was accepted")
            return
        }
    }

    @Test func rejectionTextsNeverEchoTheClientsBytes() {
        let hostile = "<script>alert(1)</script>"
        for rejection in [
            HTTPRequestRejection.targetNotOriginForm(hostile), .unsupportedVersion(hostile), .invalidHost,
            .malformedVersion, .missingHost, .notARequest,
        ] {
            #expect(!rejection.description.contains("<"), "\(rejection)")
            #expect(!rejection.description.contains("script"), "\(rejection)")
        }
    }

    @Test(arguments: ["/a\u{0}b", "/a\u{1}b", "/a\u{7F}b", "/a\tb", "/caf\u{E9}"])
    func controlAndNonASCIIBytesInTargetAre400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n") == .invalidByteInTarget)
    }

    @Test(arguments: [
        "Name : value", "NoColon", ": empty-name", "Bad\u{0}Name: v", "X: a\u{0}b", "X: a\rb", "X(y): v",
    ])
    func malformedHeadersAre400(line: String) {
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\n\(line)\r\n\r\n") == .malformedHeader)
    }

    @Test func obsoleteLineFoldingIs400() {
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\nX-A: one\r\n two\r\n\r\n") == .obsoleteLineFolding)
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\nX-A: one\r\n\ttwo\r\n\r\n") == .obsoleteLineFolding)
    }

    @Test func bodyOnGetOrHeadIs400() {
        #expect(
            rejection("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello") == .bodyNotAllowed(method: "GET"))
        #expect(
            rejection("HEAD / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
                == .bodyNotAllowed(method: "HEAD"))
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\ntransfer-encoding: identity\r\n\r\n")?.status == 400)
        #expect(parsed("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n") != nil)
    }

    @Test func badContentLengthAndDuplicateHostAre400() {
        #expect(rejection("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n") == .duplicateHost)
        #expect(rejection("GET / HTTP/1.0\r\nHost: a\r\nHOST: b\r\n\r\n")?.status == 400)
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n") == .invalidContentLength)
        #expect(rejection("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 0, 0\r\n\r\n") == .invalidContentLength)
        #expect(rejection("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .duplicateHost)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "get", "PATCH"])
    func otherMethodsAre405(method: String) {
        let rejected = rejection("\(method) / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
        #expect(rejected == .methodNotAllowed(method))
        #expect(rejected?.status == 405)
    }

    @Test func aRejectionIsFinal() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET x HTTP/1.1\r\nHost: t\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        guard case .rejected = parser.nextRequest(), case .rejected = parser.nextRequest() else {
            Issue.record("parser recovered from a broken stream")
            return
        }
    }

    @Test func rejectionsNameTheProblem() {
        #expect(HTTPRequestRejection.requestLineTooLong(limit: 8192).description.contains("8192"))
        #expect(HTTPRequestRejection.methodNotAllowed("POST").description.contains("POST"))
    }
}
