import FeedOutput
import Foundation
import TestSupport
import Testing

/// A run of state updates (a build's publishers' feeds, StateSession): the state is read once and written at most
/// every flush interval and at the end, the output lock is held only while updates are unsaved, and another
/// process's write in between is read before the next update, so nothing is lost on either side.
@Suite struct StateSessionTests {
    private func folder(_ temporary: TemporaryFolder, session: StateSession? = nil) throws -> OutputFolder {
        var output = OutputFolder(root: temporary.url, lockWaiting: LockWaiting(limit: .milliseconds(300)))
        try output.prepare()
        output.session = session
        return output
    }

    /// One update as a build makes it: load, change one feed's record, save, under the lock.
    private func record(_ feed: String, items: Int, in output: OutputFolder) async throws {
        try await output.lock.withLock {
            var state = try output.stateStore.load().state
            state.feeds[feed] = FeedRecord(itemCount: items)
            try output.stateStore.save(state)
        }
    }

    @Test func updatesWaitInMemoryAndTheEndWritesThemAll() async throws {
        let temporary = TemporaryFolder()
        let session = StateSession(flushInterval: .seconds(3600))
        let output = try folder(temporary, session: session)
        for index in 0..<50 { try await record("feed/\(index)", items: index, in: output) }
        // Nothing written yet: the interval has not passed.
        #expect(!FileManager.default.fileExists(atPath: output.stateFile.path))
        // Meanwhile the lock stays taken: another writer waits and gives up.
        await #expect(throws: OutputError.self) {
            try await folder(temporary).lock.withLock {}
        }
        try await session.end(store: output.stateStore)
        let saved = try folder(temporary).stateStore.load().state
        #expect(saved.feeds.count == 50)
        #expect(saved.feeds["feed/49"]?.itemCount == 49)
        // Ended: the lock is free again.
        try await folder(temporary).lock.withLock {}
    }

    @Test func aDueFlushWritesAndLetsTheLockGo() async throws {
        let temporary = TemporaryFolder()
        let session = StateSession(flushInterval: .zero)
        let output = try folder(temporary, session: session)
        try await record("feed/a", items: 1, in: output)
        #expect(try folder(temporary).stateStore.load().state.feeds["feed/a"]?.itemCount == 1)
        // Written, so the lock is free for another process between two updates.
        try await folder(temporary).lock.withLock {}
        try await session.end(store: output.stateStore)
    }

    @Test func anotherProcesssWriteInBetweenIsReadBeforeTheNextUpdate() async throws {
        let temporary = TemporaryFolder()
        let session = StateSession(flushInterval: .zero)
        let output = try folder(temporary, session: session)
        try await record("feed/a", items: 1, in: output)
        // Another writer (no session) takes the free lock and adds its own feed.
        try await record("feed/other", items: 7, in: try folder(temporary))
        try await record("feed/b", items: 2, in: output)
        try await session.end(store: output.stateStore)
        let saved = try folder(temporary).stateStore.load().state
        #expect(saved.feeds["feed/other"]?.itemCount == 7, "the other process's update survives")
        #expect(saved.feeds["feed/a"]?.itemCount == 1)
        #expect(saved.feeds["feed/b"]?.itemCount == 2)
    }

    @Test func withoutASessionEverySaveIsWrittenAtOnce() async throws {
        let temporary = TemporaryFolder()
        let output = try folder(temporary)
        try await record("feed/a", items: 3, in: output)
        #expect(try folder(temporary).stateStore.load().state.feeds["feed/a"]?.itemCount == 3)
    }

    @Test func reusedRecordBytesWriteTheSameFileAsAFreshEncoding() throws {
        var state = BridgeState()
        for index in 0..<30 {
            state.items["https://a.example/\(index)"] = ItemRecord(
                firstSeen: Date(timeIntervalSince1970: Double(index)))
        }
        state.feeds["feed/a"] = FeedRecord(itemCount: 30)
        var cache: EncodedRecords? = EncodedRecords()
        #expect(try StateStore.encode(state, reusing: &cache) == StateStore.encode(state))
        // Changed, added and removed records: only those are encoded again, and the bytes still agree.
        state.items["https://a.example/3"]?.firstSeen = Date(timeIntervalSince1970: 999)
        state.items["https://a.example/new"] = ItemRecord(firstSeen: Date(timeIntervalSince1970: 5))
        state.items.removeValue(forKey: "https://a.example/7")
        state.feeds["feed/a"]?.itemCount = 29
        #expect(try StateStore.encode(state, reusing: &cache) == StateStore.encode(state))
    }
}
