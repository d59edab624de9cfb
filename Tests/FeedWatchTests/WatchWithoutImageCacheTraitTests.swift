#if !ImageCache
    import FeedOutput
    import FeedWatch
    import Foundation
    import HTTPFetching
    import NewsModel
    import TestSupport
    import Testing

    /// `watch` in a binary built without the `ImageCache` trait (the default `swift build`): it refuses a config
    /// with `images.cache: true` as `build` does, and a watcher given such a config in code cannot make a missing
    /// copy again, so the image falls back to its original URL and the cache's record says why.
    @Suite(.timeLimit(.minutes(2))) struct WatchWithoutImageCacheTraitTests {
        private typealias Fixture = WatchCommandFixture
        private static let health = "us/health"

        @Test func aConfigWithTheCacheOnIsAConfigurationErrorNamingTheTrait() async throws {
            try await Fixture.run(
                feeds: [(id: Self.health, stories: [.init("a", image: "/img/a.jpg")])],
                answers: ["/img/a.jpg": .image(type: "image/jpeg", length: 3000)], imageCache: #""cache": true"#
            ) { fixture in
                let run = await fixture.watch()
                #expect(run.status == 78)
                #expect(
                    run.standardError.contains("images.cache: this newsfeed was built without the ImageCache trait"))
                #expect(run.standardError.contains("libvips-dev"))
                #expect(fixture.images.requests.isEmpty)
            }
        }

        @Test func aMissingCopyFallsBackToTheOriginalURLWithTheReason() async throws {
            try await Fixture.run(
                feeds: [(id: Self.health, stories: [.init("a", image: "/img/a.jpg")])],
                answers: ["/img/a.jpg": .image(type: "image/jpeg", length: 3000)]
            ) { fixture in
                #expect(await fixture.build().status == 0)
                let original = fixture.image("/img/a.jpg")
                // What a build with the trait left: a record whose copy is not in images/.
                var state = try fixture.state()
                let copy = CachedImageRecord.File(
                    name: String(repeating: "0", count: 32) + "-320.jpg", width: 320, height: 240, length: 1000,
                    mimeType: "image/jpeg")
                state.imageCache[original] = CachedImageRecord(files: [copy], time: Fixture.now)
                try fixture.output.stateStore.save(state)
                var config = try ConfigLoader.load(
                    path: ConfigLoader.defaultFileName, workingDirectory: fixture.folder.url)
                config.images.cache = true

                let watcher = FeedWatcher(
                    config: config, settings: config.watch, policy: AllowAllAddressPolicy(), clock: { Fixture.now })
                let report = try await watcher.runRound()
                #expect(report.findings.map(\.url) == [original], "checked as an image that is not cached")
                #expect(fixture.images.requests == ["HEAD /img/a.jpg"])
                let record = try #require(try fixture.state().imageCache[original])
                #expect(!record.isCached)
                #expect(record.cause == "library")
                #expect(
                    record.failure?.hasSuffix(
                        "this newsfeed was built without the ImageCache trait, which makes copies")
                        == true, "\(record.failure ?? "")")
                #expect(try fixture.items(Self.health)["a"]?.enclosure?["url"] == original)
            }
        }
    }
#endif
