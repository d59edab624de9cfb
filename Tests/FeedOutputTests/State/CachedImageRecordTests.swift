import FeedOutput
import Foundation
import Testing

/// The image cache's records in the state: streamed like the rest, absent when empty, retried only when due.
@Suite struct CachedImageRecordTests {
    static let time = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func recordsStreamLikeOneEncoderAndRoundTrip() throws {
        var state = BridgeState()
        state.imageCache["https://i.example/a.jpg"] = CachedImageRecord(
            files: [
                .init(name: "bb-640.jpg", width: 640, height: 360, length: 50_000, mimeType: "image/jpeg"),
                .init(name: "aa-320.jpg", width: 320, height: 180, length: 14_000, mimeType: "image/jpeg"),
            ], time: Self.time)
        state.imageCache["https://i.example/b.jpg"] = CachedImageRecord(
            failure: "HTTP 503", cause: "http", retryable: true, time: Self.time)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let streamed = try StateStore.encode(state)
        #expect(streamed == (try encoder.encode(state)))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let decoded = try decoder.decode(BridgeState.self, from: streamed)
        #expect(decoded == state)
        #expect(decoded.imageCache["https://i.example/a.jpg"]?.files.map(\.width) == [320, 640], "narrowest first")
    }

    @Test func aStateWithoutTheCacheHasNoImageCacheKey() throws {
        let text = String(decoding: try StateStore.encode(BridgeState()), as: UTF8.self)
        #expect(!text.contains("imageCache"))
    }

    @Test func onlyAPassingFailureIsDueAgainAndOnlyAfterADay() {
        let passing = CachedImageRecord(failure: "HTTP 503", cause: "http", retryable: true, time: Self.time)
        #expect(!passing.isDue(at: Self.time.addingTimeInterval(86_399)))
        #expect(passing.isDue(at: Self.time.addingTimeInterval(86_400)))
        let lasting = CachedImageRecord(failure: "HTTP 404", cause: "http", retryable: false, time: Self.time)
        #expect(!lasting.isDue(at: Self.time.addingTimeInterval(10 * 86_400)))
        let cached = CachedImageRecord(
            files: [.init(name: "a-320.jpg", width: 320, height: 180, length: 1, mimeType: "image/jpeg")],
            time: Self.time)
        #expect(!cached.isDue(at: Self.time.addingTimeInterval(10 * 86_400)))
    }
}
