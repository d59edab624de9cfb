import Testing

@testable import NewsFeedKit

@Suite struct FeedSpecTests {
    @Test func namesPathAndIdentifier() {
        let spec = FeedSpec(country: "us", category: "health")
        #expect(spec.id == "us/health")
        #expect(spec.relativePath == "us/health.rss")
    }
}
