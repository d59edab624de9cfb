import Foundation
import HTTPFetching
import TestSupport
import Testing

/// The size cap holds for decoded bytes: only gzip and deflate are offered, honest answers in them are decoded,
/// bombs are cut at the cap, and an answer in a coding nobody asked for is refused.
@Suite(.serialized, .timeLimit(.minutes(2))) struct DecodedCapTests {
    private static let text = Data(String(repeating: "newsfeed decodes this within its cap. ", count: 2000).utf8)

    private func answer(_ body: Data, coding: String, contentType: String = "text/plain") -> Data {
        LoopbackHTTPStub.response(
            status: 200, body: body, contentType: contentType, headers: ["Content-Encoding: \(coding)"])
    }

    private func fetch(_ stub: LoopbackHTTPStub, cap: Int = CurlFetcher.defaultMaximumBytes)
        async throws -> Data
    {
        let url = try #require(stub.baseURL)
        return try await CurlFetcher(maximumBytes: cap).fetch(FetchRequest(url: url), timeout: .seconds(60)).0
    }

    @Test(arguments: CompressedBodies.Coding.allCases)
    func anHonestCompressedAnswerWithinTheCapIsDecoded(coding: CompressedBodies.Coding) async throws {
        let compressed = CompressedBodies.compress(Self.text, coding)
        #expect(compressed.count < Self.text.count / 10)
        let stub = try LoopbackHTTPStub(.respond(answer(compressed, coding: coding.rawValue)))
        defer { stub.stop() }
        #expect(try await fetch(stub) == Self.text)
    }

    @Test func offersOnlyGzipAndDeflate() async throws {
        let stub = try LoopbackHTTPStub(.respond(LoopbackHTTPStub.response(status: 200, body: Data("{}".utf8))))
        defer { stub.stop() }
        _ = try await fetch(stub)
        let head = try #require(stub.receivedHeads.first).lowercased()
        let offers = head.split(separator: "\r\n").filter { $0.hasPrefix("accept-encoding:") }
        #expect(offers == ["accept-encoding: gzip, deflate"])
    }

    @Test func aDecodedAnswerOneByteOverTheCapIsTooLarge() async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 64 * 1024 + 1)
        let stub = try LoopbackHTTPStub(.respond(answer(CompressedBodies.compress(body, .gzip), coding: "gzip")))
        defer { stub.stop() }
        await #expect(throws: FetchError.tooLarge(limit: 64 * 1024)) { try await fetch(stub, cap: 64 * 1024) }
    }

    /// Bombs of both codings, cut at a 1 MB cap. (The 1 GiB and 2 GiB bombs, with the peak memory they leave,
    /// are measured in real processes by `CompressionBombProcessTests`; here they are smaller, to spare the
    /// machine the tests share.)
    @Test(arguments: [(64, CompressedBodies.Coding.gzip), (128, .deflate)])
    func aCompressionBombIsCutAtTheCap(mebibytes: Int, coding: CompressedBodies.Coding) async throws {
        let bomb = CompressedBodies.zeroBomb(mebibytes: mebibytes, coding)
        #expect(bomb.count < mebibytes << 11, "about a thousandth of what it decodes to")
        let stub = try LoopbackHTTPStub(.respond(answer(bomb, coding: coding.rawValue)))
        defer { stub.stop() }
        let error = try await #require(throws: FetchError.self) { try await fetch(stub, cap: 1 << 20) }
        #expect(error == .tooLarge(limit: 1 << 20))
        #expect(error.description.contains("too large"))
    }

    @Test(arguments: ["br", "zstd", "compress", "gzip, br"])
    func anAnswerInACodingNotOfferedIsRefused(coding: String) async throws {
        let stub = try LoopbackHTTPStub(.respond(answer(Data(repeating: 7, count: 512), coding: coding)))
        defer { stub.stop() }
        let error = try await #require(throws: FetchError.self) { try await fetch(stub) }
        let refused = coding.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? coding
        #expect(error == .unofferedEncoding(refused, host: "127.0.0.1:\(stub.port)"))
        #expect(error.description.contains("did not ask for"))
    }

    @Test func aCorruptGzipBodyIsASentence() async throws {
        let stub = try LoopbackHTTPStub(.respond(answer(Data("not gzip at all, just text".utf8), coding: "gzip")))
        defer { stub.stop() }
        let error = try await #require(throws: FetchError.self) { try await fetch(stub) }
        #expect(error.description == "the gzip body from 127.0.0.1:\(stub.port) is corrupt")
    }
}
