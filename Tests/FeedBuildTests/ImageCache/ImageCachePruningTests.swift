#if ImageCache
    import FeedOutput
    import Foundation
    import NewsModel
    import TestSupport
    import Testing

    /// The end of a build with the cache: copies nothing refers to go, the rest stay; `images.maxTotal` holds.
    @Suite struct ImageCachePruningTests {
        @Test func pruningDeletesOnlyWhatNothingRefersTo() async throws {
            let answers: [String: ScriptedImageHost.Answer] = [
                "/a.jpg": .bytes(type: "image/jpeg", try ImageCacheFixture.photo),
                "/b.jpg": .bytes(type: "image/jpeg", try ImageCacheFixture.small),
            ]
            // One item per feed: a story that leaves the answer leaves the history too.
            try await ImageCacheFixture.with(config: ImageCacheFixture.config(maxItems: 1), answers: answers) {
                fixture in
                let workspace = fixture.workspace
                fixture.workspace.stub.answer(
                    ImageCacheFixture.feedID,
                    with: .articles([.story("story-1", image: fixture.base + "/b.jpg")]))
                #expect(await workspace.build().status == 0)
                let bFiles = fixture.imageFiles
                #expect(bFiles.count == 1, "\(bFiles)")
                // Files the cache did not make, or not in its name shape, are never touched.
                let folder = workspace.output.appending(path: "images")
                let stray = String(repeating: "ab", count: 16) + "-320.jpg"
                try Data([1, 2, 3]).write(to: folder.appending(path: stray))
                try Data("mine".utf8).write(to: folder.appending(path: "notes.txt"))

                // Ten minutes later b has left the feed, but its record is fresh: a concurrent build may be about
                // to write a feed that shows it, so it stays.
                workspace.clock.advance(by: 600)
                fixture.answer(["/a.jpg"])
                #expect(await workspace.build(["--force"]).status == 0)
                let afterA = fixture.imageFiles
                #expect(afterA.count == 5, "\(afterA)")
                #expect(bFiles.allSatisfy(afterA.contains))

                // Two hours later: b's copy and the stray copy go; a's copies and notes.txt stay.
                workspace.clock.advance(by: 7200)
                #expect(await workspace.build(["--force"]).status == 0)
                let state = try workspace.state()
                let aNames = try #require(state.imageCache[fixture.base + "/a.jpg"]).files.map(\.name)
                #expect(state.imageCache[fixture.base + "/b.jpg"] == nil)
                #expect(fixture.imageFiles == (aNames + ["notes.txt"]).sorted())
                let item = try #require(try fixture.items()[ImageCacheFixture.article(0)])
                #expect(item.enclosure?["url"] == BuildWorkspace.site + "images/" + (aNames.last ?? ""))
            }
        }

        @Test func aBookmarkKeepsItsImage() async throws {
            let answers: [String: ScriptedImageHost.Answer] = [
                "/a.jpg": .bytes(type: "image/jpeg", try ImageCacheFixture.photo),
                "/b.jpg": .bytes(type: "image/jpeg", try ImageCacheFixture.small),
            ]
            try await ImageCacheFixture.with(config: ImageCacheFixture.config(maxItems: 1), answers: answers) {
                fixture in
                let workspace = fixture.workspace
                fixture.workspace.stub.answer(
                    ImageCacheFixture.feedID,
                    with: .articles([.story("story-1", image: fixture.base + "/b.jpg")]))
                #expect(await workspace.build().status == 0)
                let bookmark = await workspace.run(["bookmark", "add", ImageCacheFixture.article(1)])
                #expect(bookmark.status == 0, "\(bookmark.standardError)")
                workspace.clock.advance(by: 7200)
                fixture.answer(["/a.jpg"])
                #expect(await workspace.build(["--force"]).status == 0)
                let state = try workspace.state()
                #expect(state.imageCache[fixture.base + "/b.jpg"]?.isCached == true)
                #expect(fixture.imageFiles.count == 4, "\(fixture.imageFiles)")
                // The bookmarks feed shows the copy too.
                let bookmarks = ItemImageAttributes.read(
                    try Data(contentsOf: workspace.output.appending(path: "bookmarks.rss")))
                let url = try #require(bookmarks[ImageCacheFixture.article(1)]?.enclosure?["url"])
                #expect(url.hasPrefix(BuildWorkspace.site + "images/"), "\(url)")
            }
        }

        @Test func aFullCacheCachesNothingNewAndStatusSaysSo() async throws {
            let answers: [String: ScriptedImageHost.Answer] = [
                "/a.jpg": .bytes(type: "image/jpeg", try ImageCacheFixture.photo),
                "/b.jpg": .bytes(type: "image/jpeg", try ImageCacheFixture.small),
            ]
            try await ImageCacheFixture.with(answers: answers) { fixture in
                let workspace = fixture.workspace
                fixture.answer(["/a.jpg"])
                #expect(await workspace.build().status == 0)
                let status = await workspace.run(["status"])
                #expect(
                    status.outputLines.contains { $0.hasPrefix("images: 1 cached, ") && $0.hasSuffix("none refused") })
                // A cap below what is cached now: the referenced copies alone exceed it.
                try workspace.folder.write(
                    ImageCacheFixture.config(images: #""cache": true, "widths": [100, 200, 320], "maxTotal": "1KB""#),
                    to: ConfigLoader.defaultFileName)
                fixture.answer(["/a.jpg", "/b.jpg"])
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(fixture.images.requestCount(for: "/b.jpg") == 0, "nothing new is fetched")
                let items = try fixture.items()
                #expect(items[ImageCacheFixture.article(1)]?.enclosure?["url"] == fixture.base + "/b.jpg")
                #expect(items[ImageCacheFixture.article(0)]?.enclosure?["url"]?.hasPrefix(BuildWorkspace.site) == true)
                let full = await workspace.run(["status"])
                let line = try #require(full.outputLines.first { $0.hasPrefix("images: ") })
                #expect(
                    line.contains("of 1 KB (FULL: new images keep their original URLs; raise images.maxTotal)"),
                    "\(line)")
                #expect(line.contains("; 1 left uncached by images.maxTotal in the last build"), "\(line)")
                let json = await workspace.run(["status", "--json"])
                #expect(json.standardOutput.contains(#""full" : true"#), "\(json.standardOutput)")
                #expect(json.standardOutput.contains(#""overCap" : 1"#), "\(json.standardOutput)")
                // A build with nothing left out forgets the count.
                fixture.answer([])
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                let later = await workspace.run(["status"])
                #expect(!later.standardOutput.contains("left uncached"), "\(later.standardOutput)")
            }
        }

        @Test func copiesThatWouldPassTheCapAreNotWritten() async throws {
            let answers: [String: ScriptedImageHost.Answer] = [
                "/a.jpg": .bytes(type: "image/jpeg", try ImageCacheFixture.photo)
            ]
            let config = ImageCacheFixture.config(images: #""cache": true, "maxTotal": "1KB""#)
            try await ImageCacheFixture.with(config: config, answers: answers) { fixture in
                fixture.answer(["/a.jpg"])
                #expect(await fixture.workspace.build().status == 0)
                #expect(fixture.imageFiles.isEmpty)
                #expect(try fixture.workspace.state().imageCache.isEmpty, "no record: a later build may try again")
                // Status says why (issue 30, point 6).
                let status = await fixture.workspace.run(["status"])
                let line = try #require(status.outputLines.first { $0.hasPrefix("images: ") })
                #expect(
                    line.hasSuffix("; 1 left uncached by images.maxTotal in the last build (raise images.maxTotal)"),
                    "\(line)")
                let items = try fixture.items()
                #expect(items[ImageCacheFixture.article(0)]?.enclosure?["url"] == fixture.base + "/a.jpg")
            }
        }
    }
#endif
