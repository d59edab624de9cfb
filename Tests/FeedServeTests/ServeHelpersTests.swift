import FeedFormats
import FeedOutput
import FeedServe
import Foundation
import TestSupport
import Testing

@Suite struct ServeHelpersTests {
    @Test func entityTagListsParse() {
        #expect(EntityTagCondition.tags(in: "\"a\", W/\"b\",\"c,d\"") == ["\"a\"", "W/\"b\"", "\"c,d\""])
        #expect(EntityTagCondition.noneMatchFails(headerValues: ["W/\"x\""], etag: "\"x\""))
        #expect(EntityTagCondition.noneMatchFails(headerValues: [" * "], etag: "\"x\""))
        #expect(!EntityTagCondition.noneMatchFails(headerValues: ["x"], etag: "\"x\""))
        #expect(!EntityTagCondition.noneMatchFails(headerValues: ["\"x-gz\""], etag: "\"x\""))
    }

    @Test func gzipRoundTripsEvenEmptyInput() {
        for text in ["", "a", String(repeating: "newsfeed ", count: 1000)] {
            let compressed = GzipCompressor.compress(Data(text.utf8))
            #expect(compressed.flatMap(gunzip) == Data(text.utf8))
            #expect(compressed?.prefix(2) == Data([0x1F, 0x8B]))
        }
    }

    @Test func cacheStaysWithinItsBoundEvictingTheLeastRecentlyUsed() {
        let cache = DocumentCache(maxEntryCost: 100, maxTotalCost: 250)
        func document(_ size: Int) -> ServedDocument {
            ServedDocument(
                bytes: Data(repeating: 65, count: size), entityTag: "\"t\"", lastModifiedSeconds: 0,
                mediaType: MediaType.forFileName("a.png"), cacheControl: "no-cache", compress: false)
        }
        let version = DocumentCache.Validity.generated("v1")
        cache.store(document(100), for: "a", validity: version)
        cache.store(document(100), for: "b", validity: version)
        #expect(cache.document(for: "a", validity: version) != nil)
        cache.store(document(100), for: "c", validity: version)
        #expect(cache.keys == ["a", "c"])
        #expect(cache.totalCost == 200)
        cache.store(document(101), for: "d", validity: version)
        #expect(cache.keys == ["a", "c"])
        #expect(cache.document(for: "a", validity: .generated("v2")) == nil)
    }

    @Test func buildClaimsAreExclusiveUntilStoredOrReleased() {
        let cache = DocumentCache(maxEntryCost: 100, maxTotalCost: 100)
        let version = DocumentCache.Validity.generated("v1")
        #expect(cache.claimBuild(of: "a", validity: version))
        #expect(!cache.claimBuild(of: "a", validity: version))
        #expect(cache.claimBuild(of: "a", validity: .generated("v2")))
        cache.releaseClaim(for: "a", validity: .generated("v2"))
        let document = ServedDocument(
            bytes: Data("x".utf8), entityTag: "\"t\"", lastModifiedSeconds: 0,
            mediaType: MediaType.forFileName("a.txt"), cacheControl: "no-cache", compress: false)
        cache.store(document, for: "a", validity: version)
        #expect(cache.claimBuild(of: "a", validity: version))
        #expect(cache.claimBuild(of: "a", validity: .generated("v2")))
    }

    @Test func feedSummariesReadTitleLinkAndItems() throws {
        let summary = try #require(FeedFileSummary.read(Data(ServeFixtures.feed(title: "A &amp; B", items: 4).utf8)))
        #expect(summary.title == "A & B")
        #expect(summary.link == "https://example.com/")
        #expect(summary.itemCount == 4)
        #expect(FeedFileSummary.read(Data("<feed xmlns=\"http://www.w3.org/2005/Atom\"/>".utf8)) == nil)
        #expect(FeedFileSummary.read(Data("<rss><channel><title>cut".utf8)) == nil)
        let external = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <rss><channel><title>&x;</title></channel></rss>
            """
        #expect(FeedFileSummary.read(Data(external.utf8))?.title?.contains("root") != true)
    }

    @Test func scannerFindsFeedsSkippingDotPathsAndSymlinks() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", ServeFixtures.feed(title: "Health"))
            try folder.write("b.rss", ServeFixtures.feed(title: "B"))
            try folder.write("notes.txt", "x")
            try folder.write(".newsfeed/x.rss", "x")
            try folder.write("us/.health.rss.tmp", "x")
            try folder.symlink("loop", to: folder.path)
            let scanner = FeedFolderScanner(root: folder.path, baseURL: ServeFixtures.baseURL)
            #expect(scanner.feedFiles().map(\.relativePath) == ["b.rss", "us/health.rss"])
            #expect(try scanner.readState() == nil)
            let listings = scanner.listings(
                state: BridgeState(feeds: ["us/health": FeedRecord(lastSuccess: Date(timeIntervalSince1970: 5))]))
            #expect(listings.map(\.title) == ["B", "Health"])
            #expect(listings[1].lastSuccess == Date(timeIntervalSince1970: 5))
            #expect(listings[1].itemCount == 3)
        }
    }
}
