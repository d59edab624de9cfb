#if ImageCache
    import FeedOutput
    import Foundation
    import NewsModel
    import TestSupport
    import Testing

    /// `build` with `"images": {"cache": true}`: copies in every format, fetched once, refusals kept original.
    @Suite struct ImageCacheBuildTests {
        static let site = BuildWorkspace.site

        @Test func feedsPointAtTheCopiesAndTheSecondBuildFetchesNothing() async throws {
            let photo = try ImageCacheFixture.photo
            try await ImageCacheFixture.with(answers: ["/photo.jpg": .bytes(type: "image/jpeg", photo)]) { fixture in
                fixture.answer(["/photo.jpg"])
                #expect(await fixture.workspace.build().status == 0)

                // 100, 200 and 320 pixels wide: the 400-pixel original reaches all three.
                let files = fixture.imageFiles
                #expect(files.count == 3, "\(files)")
                let widest = try #require(files.first { $0.hasSuffix("-320.jpg") })
                let narrowest = try #require(files.first { $0.hasSuffix("-100.jpg") })
                let widestBytes = try Data(contentsOf: fixture.workspace.output.appending(path: "images/\(widest)"))
                let item = try #require(try fixture.items()[ImageCacheFixture.article(0)])
                #expect(item.enclosure?["url"] == "\(Self.site)images/\(widest)")
                #expect(item.enclosure?["length"] == String(widestBytes.count))
                #expect(item.enclosure?["type"] == "image/jpeg")
                #expect(item.mediaContent?["width"] == "320")
                #expect(item.mediaContent?["height"] == "240")
                #expect(item.mediaThumbnail?["url"] == "\(Self.site)images/\(narrowest)")
                #expect(item.mediaThumbnail?["width"] == "100")

                let atom = try String(
                    contentsOf: fixture.workspace.output.appending(path: "us/health.atom"), encoding: .utf8)
                #expect(atom.contains(#"rel="enclosure" type="image/jpeg" length="\#(widestBytes.count)""#))
                #expect(atom.contains(#"href="\#(Self.site)images/\#(widest)""#))
                let json = try String(
                    contentsOf: fixture.workspace.output.appending(path: "us/health.json"), encoding: .utf8)
                #expect(json.contains(#""image": "\#(Self.site)images/\#(widest)""#))
                #expect(json.contains(#""size_in_bytes": \#(widestBytes.count)"#))
                let html = try String(
                    contentsOf: fixture.workspace.output.appending(path: "us/health.html"), encoding: .utf8)
                #expect(html.contains(#"src="../images/\#(narrowest)""#), "the page loads copies relative to itself")
                #expect(html.contains("srcset=\"../images/\(narrowest) 100w, "))
                #expect(html.contains("../images/\(widest) 320w\" sizes=\"(max-width: 480px) 80px, 160px\""))
                #expect(!html.contains(fixture.base), "the page loads nothing from the publisher")
                let record = try #require(try fixture.workspace.state().imageCache[fixture.base + "/photo.jpg"])
                #expect(record.files.map(\.width) == [100, 200, 320])
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 1)

                // The next build (the story is in the answer and in the history) reuses the copies.
                fixture.workspace.clock.advance(by: 3600)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 1)
                #expect(
                    try fixture.items()[ImageCacheFixture.article(0)]?.enclosure?["url"]
                        == "\(Self.site)images/\(widest)")
                // Gone from the answer, kept by the history: still the copies, still no fetch.
                fixture.answer([])
                fixture.workspace.clock.advance(by: 3600)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(
                    try fixture.items()[ImageCacheFixture.article(0)]?.enclosure?["url"]
                        == "\(Self.site)images/\(widest)")
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 1)
            }
        }

        @Test func htmlAnsweredAsJPEGIsRefusedAndKeepsItsOriginalURL() async throws {
            let page = Data("<!DOCTYPE html><html><body>Hotlinking is not allowed</body></html>".utf8)
            try await ImageCacheFixture.with(answers: ["/page.jpg": .bytes(type: "image/jpeg", page)]) { fixture in
                fixture.answer(["/page.jpg"])
                #expect(await fixture.workspace.build().status == 0)
                let item = try #require(try fixture.items()[ImageCacheFixture.article(0)])
                #expect(item.enclosure?["url"] == fixture.base + "/page.jpg")
                #expect(item.mediaContent?["width"] == nil, "an original's size is not known")
                #expect(fixture.imageFiles.isEmpty)
                let record = try #require(try fixture.workspace.state().imageCache[fixture.base + "/page.jpg"])
                #expect(record.cause == "not-an-image")
                #expect(record.failure?.hasPrefix("not an image") == true, "\(record.failure ?? "")")
                // Refused for good: not fetched again.
                fixture.workspace.clock.advance(by: 2 * 86_400)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/page.jpg") == 1)
            }
        }

        @Test func aPassingFailureIsRetriedADayLater() async throws {
            let photo = try ImageCacheFixture.photo
            try await ImageCacheFixture.with(answers: ["/flaky.jpg": .status(503)]) { fixture in
                fixture.answer(["/flaky.jpg"])
                #expect(await fixture.workspace.build().status == 0)
                #expect(try fixture.workspace.state().imageCache[fixture.base + "/flaky.jpg"]?.cause == "http")
                fixture.images.script("/flaky.jpg", .bytes(type: "image/jpeg", photo))
                fixture.workspace.clock.advance(by: 3600)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/flaky.jpg") == 1, "within the day: not tried again")
                fixture.workspace.clock.advance(by: 86_400)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/flaky.jpg") == 2)
                #expect(try fixture.workspace.state().imageCache[fixture.base + "/flaky.jpg"]?.isCached == true)
                let item = try #require(try fixture.items()[ImageCacheFixture.article(0)])
                #expect(item.enclosure?["url"]?.hasPrefix("\(Self.site)images/") == true)
            }
        }

        /// RFC 9309 §2.3.1.4: a 5xx robots.txt disallows the host's pictures for now, not for good (`blocked`, never
        /// retried, was what it did): a passing failure saying so, retried like the others once the host recovers.
        @Test func aRobotsTxtAnswering5xxIsAPassingFailureRetriedOnceTheHostRecovers() async throws {
            let photo = try ImageCacheFixture.photo
            try await ImageCacheFixture.with(
                answers: ["/robots.txt": .status(503), "/photo.jpg": .bytes(type: "image/jpeg", photo)]
            ) { fixture in
                fixture.answer(["/photo.jpg"])
                #expect(await fixture.workspace.build().status == 0)
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 0)
                let record = try #require(try fixture.workspace.state().imageCache[fixture.base + "/photo.jpg"])
                let host = fixture.base.replacingOccurrences(of: "http://", with: "")
                #expect(record.failure == "robots.txt unreachable: 503 from \(host)")
                #expect(record.cause == "network")
                #expect(record.retryable == true)
                fixture.images.script("/robots.txt", .status(404))
                fixture.workspace.clock.advance(by: 86_400)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 1)
                #expect(try fixture.workspace.state().imageCache[fixture.base + "/photo.jpg"]?.isCached == true)
            }
        }

        /// A JPEG whose header declares 7000 × 7000 over 400 × 300 of data made grey copies, kept for good: it is
        /// refused as corrupt, nothing is written, and it is tried again a day later, when the publisher's file
        /// may be whole.
        @Test func aCorruptJPEGIsRefusedAndTriedAgainADayLater() async throws {
            let photo = try ImageCacheFixture.photo
            let damaged = Data(DamagedImages.jpeg([UInt8](photo), declaring: 7000, 7000))
            try await ImageCacheFixture.with(answers: ["/photo.jpg": .bytes(type: "image/jpeg", damaged)]) { fixture in
                fixture.answer(["/photo.jpg"])
                #expect(await fixture.workspace.build().status == 0)
                let record = try #require(try fixture.workspace.state().imageCache[fixture.base + "/photo.jpg"])
                #expect(record.cause == "corrupt")
                #expect(record.failure?.hasPrefix("a corrupt or truncated image: ") == true, "\(record.failure ?? "")")
                #expect(record.retryable == true)
                #expect(fixture.imageFiles.isEmpty)
                fixture.images.script("/photo.jpg", .bytes(type: "image/jpeg", photo))
                fixture.workspace.clock.advance(by: 3600)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 1, "within the day: not tried again")
                fixture.workspace.clock.advance(by: 86_400)
                #expect(await fixture.workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 2)
                #expect(try fixture.workspace.state().imageCache[fixture.base + "/photo.jpg"]?.isCached == true)
            }
        }

        /// `images/` that refuses writes (here a file stands where the folder belongs, which refuses root too) was
        /// silent, each picture recorded as a failure left for a day: one line names the folder and the cause, no
        /// picture is recorded, and the next build tries them all again once the folder can be written.
        @Test func anImagesFolderThatCannotBeWrittenIsOneLineAndTheNextBuildTriesAgain() async throws {
            let photo = try ImageCacheFixture.photo
            let small = try ImageCacheFixture.small
            try await ImageCacheFixture.with(
                answers: [
                    "/photo.jpg": .bytes(type: "image/jpeg", photo), "/small.jpg": .bytes(type: "image/jpeg", small),
                ]
            ) { fixture in
                fixture.answer(["/photo.jpg", "/small.jpg"])
                let output = fixture.workspace.output
                let images = output.appending(path: "images")
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                try Data("not a folder".utf8).write(to: images)
                let run = await fixture.workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                let lines = run.standardError.split(separator: "\n").filter { $0.contains("images") }
                #expect(
                    lines == [
                        "newsfeed build: warning: images: cannot write copies into \(images.path): \(images.path) is a "
                            + "file, not a folder; the pictures keep their original URLs and are tried again at the "
                            + "next build"
                    ], "\(run.standardError)")
                #expect(try fixture.workspace.state().imageCache.isEmpty)
                let item = try #require(try fixture.items()[ImageCacheFixture.article(0)])
                #expect(item.enclosure?["url"] == fixture.base + "/photo.jpg")

                try FileManager.default.removeItem(at: images)
                fixture.workspace.clock.advance(by: 3600)
                let again = await fixture.workspace.build(["--force"])
                #expect(again.status == 0, "\(again.standardError)")
                #expect(again.standardError.isEmpty, "\(again.standardError)")
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 2)
                let state = try fixture.workspace.state()
                #expect(state.imageCache[fixture.base + "/photo.jpg"]?.isCached == true)
                #expect(state.imageCache[fixture.base + "/small.jpg"]?.isCached == true)
                #expect(!fixture.imageFiles.isEmpty)
            }
        }

        @Test func aRedirectToAPrivateAddressIsBlocked() async throws {
            let photo = try ImageCacheFixture.photo
            try await ImageCacheFixture.with(
                config: ImageCacheFixture.config(allowPrivate: false),
                answers: ["/photo.jpg": .bytes(type: "image/jpeg", photo)]
            ) { fixture in
                fixture.images.script("/public.jpg", .bytes(type: "image/jpeg", photo))
                fixture.images.script("/moved.jpg", .redirect(to: fixture.privateBase + "/photo.jpg"))
                fixture.answer(["/moved.jpg", "/public.jpg"])
                _ = try await fixture.buildInProcess()
                let state = try fixture.workspace.state()
                let moved = try #require(state.imageCache[fixture.base + "/moved.jpg"])
                #expect(moved.cause == "blocked")
                #expect(moved.failure?.contains("127.0.0.2") == true, "\(moved.failure ?? "")")
                #expect(fixture.images.requestCount(for: "/photo.jpg") == 0, "the private address was never contacted")
                #expect(state.imageCache[fixture.base + "/public.jpg"]?.isCached == true)
                let items = try fixture.items()
                #expect(items[ImageCacheFixture.article(0)]?.enclosure?["url"] == fixture.base + "/moved.jpg")
            }
        }

        @Test func aRunFetchesAtMostItsAllowance() async throws {
            let photo = try ImageCacheFixture.photo
            try await ImageCacheFixture.with(
                answers: ["/a.jpg": .bytes(type: "image/jpeg", photo), "/b.jpg": .bytes(type: "image/jpeg", photo)]
            ) { fixture in
                fixture.answer(["/a.jpg", "/b.jpg"])
                _ = try await fixture.buildInProcess(perRun: 1)
                let fetched = fixture.images.requestCount(for: "/a.jpg") + fixture.images.requestCount(for: "/b.jpg")
                #expect(fetched == 1)
                let cached = try fixture.workspace.state().imageCache.values.filter(\.isCached)
                #expect(cached.count == 1)
            }
        }

        @Test func anSVGIsNeverCached() async throws {
            let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
            try await ImageCacheFixture.with(answers: ["/logo.svg": .bytes(type: "image/svg+xml", svg)]) { fixture in
                fixture.answer(["/logo.svg"])
                #expect(await fixture.workspace.build().status == 0)
                #expect(fixture.imageFiles.isEmpty)
                let state = try fixture.workspace.state()
                #expect(state.imageCache[fixture.base + "/logo.svg"]?.cause == "svg")
                let items = try fixture.items()
                #expect(items[ImageCacheFixture.article(0)]?.enclosure?["url"] == fixture.base + "/logo.svg")
            }
        }
    }
#endif
