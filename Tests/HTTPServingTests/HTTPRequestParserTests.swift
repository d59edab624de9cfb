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
        parser.append(Array("GET /1 HTTP/1.1\r\n\r\nGET /2 HTTP/1.1\r\n\r\nGET /3 HTTP/1.1\r\nHo".utf8))
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
        #expect(parsed("GET / HTTP/1.1\r\n\r\n")?.1 == true)
        #expect(parsed("GET / HTTP/1.1\r\nConnection: Close\r\n\r\n")?.1 == false)
        #expect(parsed("GET / HTTP/1.1\r\nConnection: upgrade, close\r\n\r\n")?.1 == false)
        #expect(parsed("GET / HTTP/1.0\r\n\r\n")?.1 == false)
        #expect(parsed("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")?.1 == true)
    }

    @Test func requestLineOverLimitIs414() {
        let long = "/" + String(repeating: "a", count: 8200)
        #expect(rejection("GET \(long) HTTP/1.1\r\n\r\n") == .requestLineTooLong(limit: 8192))
        // Also without a line ending yet: the parser must not wait for it forever.
        #expect(rejection("GET \(long)") == .requestLineTooLong(limit: 8192))
        #expect(rejection("GET \(long)")?.status == 414)
        let fits = "/" + String(repeating: "a", count: 8192 - 16 - 1)
        #expect(parsed("GET \(fits) HTTP/1.1\r\n\r\n") != nil)
    }

    @Test func headerBlockOverLimitIs431() {
        let big = String(repeating: "b", count: 17000)
        #expect(rejection("GET / HTTP/1.1\r\nX-Big: \(big)\r\n\r\n") == .headersTooLarge(limit: 16384))
        #expect(rejection("GET / HTTP/1.1\r\nX-Big: \(big)") == .headersTooLarge(limit: 16384))
        #expect(rejection("GET / HTTP/1.1\r\nX-Big: \(big)")?.status == 431)
    }

    @Test func moreThanAHundredHeadersIs431() {
        let hundred = (0..<100).map { "X-\($0): v\r\n" }.joined()
        #expect(parsed("GET / HTTP/1.1\r\n\(hundred)\r\n") != nil)
        let rejected = rejection("GET / HTTP/1.1\r\n\(hundred)X-Last: v\r\n\r\n")
        #expect(rejected == .tooManyHeaders(limit: 100))
        #expect(rejected?.status == 431)
    }

    @Test(arguments: [
        "GET /\r\n\r\n",
        "GET  / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1 \r\n\r\n",
        "G(T / HTTP/1.1\r\n\r\n",
        " GET / HTTP/1.1\r\n\r\n",
        "GET /a b HTTP/1.1\r\n\r\n",
    ])
    func malformedRequestLinesAre400(line: String) {
        #expect(rejection(line)?.status == 400)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/1.2", "http/1.1", "HTTP/1"])
    func unknownVersionsAre400(version: String) {
        #expect(rejection("GET / \(version)\r\n\r\n") == .unsupportedVersion(version))
    }

    @Test(arguments: ["http://example.com/a", "*", "a/b", "%2Fetc"])
    func targetsOutsideOriginFormAre400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\n\r\n") == .targetNotOriginForm(target))
    }

    @Test(arguments: ["/a\u{0}b", "/a\u{1}b", "/a\u{7F}b", "/a\tb", "/caf\u{E9}"])
    func controlAndNonASCIIBytesInTargetAre400(target: String) {
        #expect(rejection("GET \(target) HTTP/1.1\r\n\r\n") == .invalidByteInTarget)
    }

    @Test(arguments: [
        "Name : value", "NoColon", ": empty-name", "Bad\u{0}Name: v", "X: a\u{0}b", "X: a\rb", "X(y): v",
    ])
    func malformedHeadersAre400(line: String) {
        #expect(rejection("GET / HTTP/1.1\r\n\(line)\r\n\r\n") == .malformedHeader)
    }

    @Test func obsoleteLineFoldingIs400() {
        #expect(rejection("GET / HTTP/1.1\r\nX-A: one\r\n two\r\n\r\n") == .obsoleteLineFolding)
        #expect(rejection("GET / HTTP/1.1\r\nX-A: one\r\n\ttwo\r\n\r\n") == .obsoleteLineFolding)
    }

    @Test func bodyOnGetOrHeadIs400() {
        #expect(rejection("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello") == .bodyNotAllowed(method: "GET"))
        #expect(
            rejection("HEAD / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == .bodyNotAllowed(method: "HEAD"))
        #expect(rejection("GET / HTTP/1.1\r\ntransfer-encoding: identity\r\n\r\n")?.status == 400)
        #expect(parsed("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n") != nil)
    }

    @Test func badContentLengthAndDuplicateHostAre400() {
        #expect(rejection("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == .invalidContentLength)
        #expect(rejection("GET / HTTP/1.1\r\nContent-Length: 0, 0\r\n\r\n") == .invalidContentLength)
        #expect(rejection("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .duplicateHost)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "get", "PATCH"])
    func otherMethodsAre405(method: String) {
        let rejected = rejection("\(method) / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc")
        #expect(rejected == .methodNotAllowed(method))
        #expect(rejected?.status == 405)
    }

    @Test func aRejectionIsFinal() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET x HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\n\r\n".utf8))
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
