#if ImageCache
    import FeedOutput
    import Foundation
    import NewsModel
    import TestSupport
    import Testing

    /// `newsfeed watch` with `"images": {"cache": true}` (libvips built in): cached images are not checked, a copy
    /// whose file is gone is made again from the origin, and an origin that is gone by then leaves the story to
    /// watch's rules (the default image once the original is dead), with the cache's record saying why.
    @Suite(.timeLimit(.minutes(2))) struct WatchImageCacheTests {
        private typealias Fixture = WatchCommandFixture
        private typealias Story = WatchCommandFixture.Story

        private static let health = "us/health"
        private static let imageCache = #""cache": true, "widths": [100, 200, 320]"#

        /// A real 400 × 300 JPEG: three copies, 100, 200 and 320 pixels wide.
        private static var photo: Data {
            get throws {
                try Data(
                    contentsOf: RepositoryPaths.root.appending(path: "Tests/ImagesTests/Fixtures/photo-400x300.jpg"))
            }
        }

        /// Builds `us/health` with one story whose picture is the photo at `/img/photo.jpg`, checks it is shown as
        /// its copies, and runs `body`.
        private static func withCachedPhoto(
            also stories: [Story] = [], answers: [String: ScriptedImageHost.Answer] = [:],
            watchSettings: String = Fixture.quickWatchSettings, _ body: (Fixture) async throws -> Void
        ) async throws {
            var scripted = answers
            scripted["/img/photo.jpg"] = .bytes(type: "image/jpeg", try photo)
            try await Fixture.run(
                feeds: [(id: health, stories: [Story("photo", image: "/img/photo.jpg")] + stories)],
                answers: scripted, watchSettings: watchSettings, imageCache: imageCache
            ) { fixture in
                let build = await fixture.build()
                #expect(build.status == 0, "\(build.standardError)")
                #expect(fixture.images.requestCount(for: "/img/photo.jpg") == 1)
                let enclosure = try #require(try fixture.items(health)["photo"]?.enclosure?["url"])
                #expect(enclosure.hasPrefix(Fixture.site + "images/"), "\(enclosure)")
                try await body(fixture)
            }
        }

        private static func copies(in fixture: Fixture) throws -> [String] {
            let folder = fixture.output.root.appending(path: "images")
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
                .sorted()
        }

        @Test func aCachedImageIsNeverFetchedByWatchWhileAnUncachedOneIsChecked() async throws {
            try await Self.withCachedPhoto(
                also: [Story("page", image: "/img/page.jpg")], answers: ["/img/page.jpg": .htmlPage]
            ) { fixture in
                let enclosure = try fixture.items(Self.health)["photo"]?.enclosure?["url"]
                let feedBefore = try fixture.feedData(Self.health)
                let before = fixture.images.requests.count

                let run = await fixture.watch(["--json"])
                #expect(run.status == 0, "\(run.standardError)")
                let during = Array(fixture.images.requests.dropFirst(before))
                #expect(!during.contains { $0.hasSuffix(" /img/photo.jpg") }, "\(during)")
                #expect(!run.standardOutput.contains("/img/photo.jpg"), "a cached image is no finding of the round")
                // The page answered for an image could not be cached: watch checks it as always.
                #expect(during.contains("HEAD /img/page.jpg"), "\(during)")
                #expect(try fixture.items(Self.health)["photo"]?.enclosure?["url"] == enclosure)
                #expect(try fixture.feedData(Self.health) == feedBefore, "nothing changed, nothing rewritten")
            }
        }

        @Test func aDeletedCopyIsMadeAgainFromTheOrigin() async throws {
            try await Self.withCachedPhoto { fixture in
                let names = try Self.copies(in: fixture)
                #expect(names.count == 3, "\(names)")
                let widest = try #require(names.first { $0.hasSuffix("-320.jpg") })
                let file = fixture.output.root.appending(path: "images/\(widest)")
                let bytes = try Data(contentsOf: file)
                let record = try #require(try fixture.state().imageCache[fixture.image("/img/photo.jpg")])
                let feedBefore = try fixture.feedData(Self.health)
                try FileManager.default.removeItem(at: file)

                let run = await fixture.watch()
                #expect(run.status == 0, "\(run.standardError)")
                #expect(fixture.images.requestCount(for: "/img/photo.jpg") == 2, "one GET to make the copies again")
                #expect(!fixture.images.requests.contains("HEAD /img/photo.jpg"), "and no check on top")
                // The same original gives the same bytes, so the same names: the feed need not change.
                #expect(try Data(contentsOf: file) == bytes)
                #expect(try Self.copies(in: fixture) == names)
                #expect(try fixture.state().imageCache[fixture.image("/img/photo.jpg")]?.files == record.files)
                #expect(try fixture.feedData(Self.health) == feedBefore)
                // The round says what it made again.
                #expect(run.standardOutput.contains("1 cached copy made again"), "\(run.standardOutput)")

                // All there again: the next round fetches nothing.
                let again = await fixture.watch()
                #expect(again.status == 0, "\(again.standardError)")
                #expect(!again.standardOutput.contains("made again"), "\(again.standardOutput)")
                #expect(fixture.images.requestCount(for: "/img/photo.jpg") == 2)
            }
        }

        @Test func aCopyNotMadeAgainBeforeTheRoundDeadlineIsLeftForTheNextRound() async throws {
            let settings = #"{"timeout": "3s", "recheck": "0s", "roundDeadline": "2s", "failuresBeforeDead": 2}"#
            try await Self.withCachedPhoto(watchSettings: settings) { fixture in
                let names = try Self.copies(in: fixture)
                let record = try #require(try fixture.state().imageCache[fixture.image("/img/photo.jpg")])
                try FileManager.default.removeItem(at: fixture.output.root.appending(path: "images/\(names[0])"))
                let photo = try Self.photo
                fixture.images.script("/img/photo.jpg", .hang)

                let run = await fixture.watch()
                #expect(run.status == 0, "\(run.standardError)")
                // Cut short, the fetch says nothing about the image: the record waits for the next round.
                #expect(try fixture.state().imageCache[fixture.image("/img/photo.jpg")] == record)
                #expect(!fixture.images.requests.contains("HEAD /img/photo.jpg"))

                fixture.images.script("/img/photo.jpg", .bytes(type: "image/jpeg", photo))
                // Only the first round is to be cut short: the next one gets time enough for a loaded machine.
                let config = fixture.folder.url.appending(path: "newsfeed.json")
                let relaxed = try String(contentsOf: config, encoding: .utf8)
                    .replacingOccurrences(of: #""timeout": "3s""#, with: #""timeout": "60s""#)
                    .replacingOccurrences(of: #""roundDeadline": "2s""#, with: #""roundDeadline": "90s""#)
                #expect(relaxed.contains(#""roundDeadline": "90s""#))
                try relaxed.write(to: config, atomically: true, encoding: .utf8)
                let next = await fixture.watch()
                #expect(next.status == 0, "\(next.standardError)")
                #expect(try Self.copies(in: fixture) == names, "the next round made the copy again")
            }
        }

        @Test func anOriginGoneWhenItsCopyIsMissingLeavesTheStoryToTheDefaultImage() async throws {
            try await Self.withCachedPhoto { fixture in
                for name in try Self.copies(in: fixture) {
                    try FileManager.default.removeItem(at: fixture.output.root.appending(path: "images/\(name)"))
                }
                fixture.images.script("/img/photo.jpg", .status(404))
                let original = fixture.image("/img/photo.jpg")

                let run = await fixture.watch()
                #expect(run.status == 0, "\(run.standardError)")
                // The 404 to the GET, then watch's own check of an image that is no longer cached.
                #expect(fixture.images.requests.contains("GET /img/photo.jpg"))
                #expect(fixture.images.requests.contains("HEAD /img/photo.jpg"))
                #expect(run.standardOutput.contains("dead"), "\(run.standardOutput)")
                let item = try #require(try fixture.items(Self.health)["photo"])
                #expect(item.enclosure?["url"] == Fixture.defaultImageURL, "\(item)")
                let state = try fixture.state()
                #expect(state.images[original]?.status == .dead)
                let record = try #require(state.imageCache[original])
                #expect(!record.isCached)
                #expect(record.cause == "http")
                #expect(
                    record.failure == "its copies were gone from images/ and the origin could not give them again: "
                        + "HTTP 404", "\(record.failure ?? "")")
                for page in ["us/health.html", "us/health.json", "us/health.atom"] {
                    let text = try String(contentsOf: fixture.output.root.appending(path: page), encoding: .utf8)
                    #expect(!text.contains("/images/"), "\(page) still shows a copy that is gone")
                }
            }
        }
    }
#endif
