import FeedOutput
import Foundation
import TestSupport
import Testing

@Suite struct OutputFolderTests {
    @Test func atomicWritesLeaveNoTemporaryFiles() throws {
        let folder = TemporaryFolder()
        let target = folder.url.appending(path: "us/health.rss")
        try AtomicFileWriter.write(Data("one".utf8), to: target)
        try AtomicFileWriter.write(Data("two".utf8), to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "two")
        #expect(folder.allFiles() == ["us/health.rss"])
    }

    @Test func aFailedWriteLeavesTheOldFile() throws {
        let folder = TemporaryFolder()
        let target = try folder.write("good", to: "feed.rss")
        // A folder where the temporary file would go cannot be written into.
        chmod(folder.url.path, 0o500)
        defer { chmod(folder.url.path, 0o700) }
        guard getuid() != 0 else { return }  // root ignores permissions
        #expect(throws: OutputError.self) { try AtomicFileWriter.write(Data("bad".utf8), to: target) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "good")
    }

    @Test func aFailedWriteNamesTheCauseAndMentionsAPreviousFileOnlyWhenThereWasOne() throws {
        let folder = TemporaryFolder()
        let unwritable = try UnwritableFolder(in: folder)
        let new = URL(filePath: unwritable.path + "/feed.rss")
        #expect(throws: OutputError.createFailed(path: new.path, reason: unwritable.reason)) {
            try AtomicFileWriter.write(Data("x".utf8), to: new)
        }
        #expect(
            OutputError.createFailed(path: new.path, reason: unwritable.reason).description
                == "\(new.path): cannot write: permission denied")

        let missing = unwritable.missingFolderInside
        let inside = URL(filePath: missing + "/us/health.rss")
        #expect(
            throws: OutputError.createFailed(
                path: inside.path, reason: "cannot create folder \(missing)/us: \(unwritable.reason)")
        ) { try AtomicFileWriter.write(Data("x".utf8), to: inside) }

        // A file that exists: the previous file is untouched, and said so.
        let existing = try folder.write("good", to: "kept/feed.rss")
        chmod(existing.deletingLastPathComponent().path, 0o500)
        defer { chmod(existing.deletingLastPathComponent().path, 0o700) }
        guard geteuid() != 0 else { return }  // root ignores permissions
        #expect(throws: OutputError.writeFailed(path: existing.path, reason: "permission denied")) {
            try AtomicFileWriter.write(Data("bad".utf8), to: existing)
        }
        #expect(
            OutputError.writeFailed(path: existing.path, reason: "permission denied").description
                .hasSuffix(": cannot write: permission denied; the previous file is untouched"))
    }

    @Test func unchangedBytesKeepTheModificationTime() throws {
        let folder = TemporaryFolder()
        let output = OutputFolder(root: folder.url)
        let target = output.fileURL(relativePath: "a.rss")
        #expect(try output.writeIfChanged(Data("x".utf8), to: target))
        let before = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        #expect(try output.writeIfChanged(Data("x".utf8), to: target) == false)
        let after = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
        #expect(before == after)
    }

    @Test func theDefaultImageIsARealPNGUnderSite() throws {
        let folder = TemporaryFolder()
        let output = OutputFolder(root: folder.url)
        let site = try #require(URL(string: "https://feeds.example.com/news/"))
        let image = try output.installDefaultImage(site: site)
        #expect(image.url.absoluteString == "https://feeds.example.com/news/assets/default-image.png")
        let bytes = try Data(contentsOf: folder.url.appending(path: "assets/default-image.png"))
        #expect(bytes.count == image.length)
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(image.mimeType == "image/png")
    }
}

@Suite struct StateStoreTests {
    @Test func roundTripsAndStartsEmpty() throws {
        let folder = TemporaryFolder()
        let store = OutputFolder(root: folder.url).stateStore
        #expect(try store.load().state == BridgeState())
        var state = BridgeState()
        state.items["https://a.example/1"] = ItemRecord(
            firstSeen: Date(timeIntervalSince1970: 1_700_000_000), originalImage: "https://i.example/1.jpg")
        state.feeds["us/health"] = FeedRecord(lastSuccess: Date(timeIntervalSince1970: 1_700_000_100))
        try store.save(state)
        #expect(try store.load().state == state)
    }

    @Test func aCorruptStateIsMovedAsideWithAWarning() throws {
        let folder = TemporaryFolder()
        try folder.write("{not json", to: ".newsfeed/state.json")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let loaded = try OutputFolder(root: folder.url).stateStore.load(now: now)
        // No quota.json beside it: nothing of the request log survives, so its windows count as full.
        var expected = BridgeState()
        expected.ledgerLostAt = now
        #expect(loaded.state == expected)
        #expect(loaded.warning?.contains("moved to state.json.corrupt-") == true)
        #expect(folder.allFiles().contains { $0.hasPrefix(".newsfeed/state.json.corrupt-") })
    }

    @Test func aNewerStateIsRefused() throws {
        let folder = TemporaryFolder()
        try folder.write(#"{"version":99,"feeds":{},"items":{},"images":{}}"#, to: ".newsfeed/state.json")
        #expect(throws: OutputError.self) { try OutputFolder(root: folder.url).stateStore.load() }
    }

    @Test func theLockSerializesReadModifyWrite() async throws {
        let folder = TemporaryFolder()
        let output = OutputFolder(root: folder.url)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await output.lock.withLock {
                        var state = try output.stateStore.load().state
                        state.feeds["f\(index)"] = FeedRecord(lastError: "x")
                        try output.stateStore.save(state)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try output.stateStore.load().state.feeds.count == 20)
    }
}

@Suite struct StateEncodingTests {
    @Test func recordByRecordEncodingMatchesOneEncoderAndDecodes() throws {
        var state = BridgeState()
        for index in 0..<50 {
            state.items["https://a.example/\(index)?q=\"x\""] = ItemRecord(
                firstSeen: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
                originalImage: "https://i.example/\(index).jpg")
            state.images["https://i.example/\(index).jpg"] = ImageRecord(
                status: .alive, length: index, mimeType: "image/jpeg")
        }
        state.feeds["us/health"] = FeedRecord(
            lastSuccess: Date(timeIntervalSince1970: 1_700_000_100), lastError: "ünïcode ✓")
        state.countImagesOverCap(3, run: "9B2C0E4A-0000-4000-8000-000000000001")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let streamed = try StateStore.encode(state)
        #expect(streamed == (try encoder.encode(state)))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(BridgeState.self, from: streamed) == state)
    }

    @Test func aStateFromBeforeTheSchedulerLoadsAndTheNewFieldsRoundTrip() throws {
        let folder = TemporaryFolder()
        let old =
            #"{"feeds":{"us/health":{"lastAttempt":"2024-05-02T12:00:00Z","lastSuccess":"2024-05-02T12:00:00Z"}},"images":{},"items":{},"version":1}"#
        let url = try folder.write(old, to: "state.json")
        let store = StateStore(url: url)
        let loaded = try store.load()
        #expect(loaded.warning == nil)
        #expect(loaded.state.requests == [])
        #expect(loaded.state.pause == nil)
        #expect(loaded.state.feeds["us/health"]?.consecutiveFailures == 0)
        var state = loaded.state
        state.requests = [RequestRecord(time: testNow, feed: "us/health", refused: true)]
        state.pause = PauseRecord(
            cause: .badKey, reason: "NewsAPI apiKeyInvalid (HTTP 401)", since: testNow,
            keyFingerprint: KeyFingerprint(key: "k", salt: "00"))
        state.feeds["us/health"]?.consecutiveFailures = 2
        try store.save(state)
        #expect(try store.load().state == state)
    }
}
