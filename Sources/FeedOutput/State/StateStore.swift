import Foundation
import NewsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loads and saves ``BridgeState`` as versioned JSON, written atomically.
///
/// The quota's ledger (the request log and the pause) is also kept on its own in `quota.json`
/// beside `state.json`, so a `state.json` damaged by hand, a disk fault or a foreign tool never
/// resets the quota: `quota.json` is what counts for the ledger, `state.json` keeps a copy for
/// older readers. When neither can be read, the windows are taken as full until they would have
/// emptied (``BridgeState/ledgerLostAt``), never as empty.
///
/// Callers hold the output folder's ``OutputLock`` around a load-modify-save.
public struct StateStore: Sendable {
    public let url: URL
    /// A run of updates that keeps the state in memory between them (``StateSession``); nil: every load reads
    /// the files and every save writes them.
    public var session: StateSession?

    public init(url: URL, session: StateSession? = nil) {
        self.url = url
        self.session = session
    }

    /// The files a load reads: `state.json` and `quota.json`.
    var files: [String] { [url.path, ledgerURL.path] }

    /// `quota.json` beside the state file.
    public var ledgerURL: URL { url.deletingLastPathComponent().appending(path: "quota.json") }

    /// What loading found.
    public struct Loaded: Sendable {
        public var state: BridgeState
        /// Set when an unreadable state file was moved aside and a fresh state begun.
        public var warning: String?
    }

    /// The saved state; a fresh one when there is none yet. A corrupt file is moved aside
    /// (`state.json.corrupt-<time>`, never over an earlier one) rather than blocking every future
    /// build; the request log and the pause survive it through `quota.json`.
    public func load(now: Date = Date()) throws(OutputError) -> Loaded {
        guard let session else { return try loadFiles(now: now) }
        if let state = session.cachedState(files: files) { return Loaded(state: state) }
        let loaded = try loadFiles(now: now)
        session.loaded(loaded.state, files: files)
        return loaded
    }

    private func loadFiles(now: Date) throws(OutputError) -> Loaded {
        var warnings: [String] = []
        var state: BridgeState
        var stateLost = false
        switch try Self.decode(BridgeState.self, at: url) {
        case .missing: state = BridgeState()
        case .decoded(let decoded): state = decoded
        case .corrupt:
            let aside = try Self.moveAside(url)
            state = BridgeState()
            stateLost = true
            warnings.append("\(url.path): unreadable state moved to \(aside); starting afresh")
        }
        switch try Self.decode(Ledger.self, at: ledgerURL) {
        case .decoded(let ledger): ledger.apply(to: &state)
        case .missing:
            // Before quota.json existed the ledger lived in state.json only; a lost state.json with no
            // ledger beside it leaves nothing to count from.
            if stateLost { state.ledgerLostAt = now }
        case .corrupt:
            let aside = try Self.moveAside(ledgerURL)
            warnings.append("\(ledgerURL.path): unreadable request log moved to \(aside)")
            if stateLost { state.ledgerLostAt = now }
        }
        if stateLost {
            warnings[0] +=
                state.ledgerLostAt == nil
                ? " (the request log and pause are kept from \(ledgerURL.lastPathComponent))"
                : " (no request log survives: the quota counts as spent until its windows would have emptied)"
        }
        return Loaded(state: state, warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "))
    }

    /// Saves `state` atomically: `state.json`, and `quota.json` when the ledger changed.
    public func save(_ state: BridgeState) throws(OutputError) {
        guard let session else {
            var noCache: EncodedRecords?
            return try write(state, reusing: &noCache)
        }
        try session.save(state, files: files) { state, cache throws(OutputError) in
            try write(state, reusing: &cache)
        }
    }

    /// Writes `state` to the files at once: `quota.json` when the ledger changed, then `state.json` (with `cache`,
    /// the bytes of records unchanged since the last write are reused).
    func write(_ state: BridgeState, reusing cache: inout EncodedRecords?) throws(OutputError) {
        try saveLedger(state)
        let data: Data
        do {
            data = try Self.encode(state, reusing: &cache)
        } catch {
            throw .writeFailed(path: url.path, reason: "cannot encode state")
        }
        try AtomicFileWriter.write(data, to: url)
    }

    /// Saves only the ledger (`quota.json`), when it changed: what the admission of a request writes
    /// before the request goes out.
    public func saveLedger(_ state: BridgeState) throws(OutputError) {
        let data: Data
        do {
            data = try Self.ledgerEncoder.encode(Ledger(state))
        } catch {
            throw .writeFailed(path: ledgerURL.path, reason: "cannot encode the request log")
        }
        if FileManager.default.contents(atPath: ledgerURL.path) == data { return }
        try AtomicFileWriter.write(data, to: ledgerURL)
    }

    private static var ledgerEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// The state as compact JSON with sorted keys, encoded record by record: one
    /// JSONEncoder tree for ten thousand records would be the peak memory of a whole
    /// `watch` round (bench/watch).
    package static func encode(_ state: BridgeState) throws -> Data {
        var noCache: EncodedRecords?
        return try encode(state, reusing: &noCache)
    }

    /// ``encode(_:)``, reusing the bytes `cache` kept of each record that is unchanged since (a run of writes:
    /// ``StateSession``), and keeping this write's for the next.
    package static func encode(_ state: BridgeState, reusing cache: inout EncodedRecords?) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        var data = Data("{".utf8)
        let caching = cache != nil
        func appendMap<Record: Encodable & Equatable>(
            _ name: String, _ map: [String: Record], _ kept: inout [String: EncodedRecords.Entry<Record>]
        ) throws {
            data.append(contentsOf: "\"\(name)\":{".utf8)
            var next: [String: EncodedRecords.Entry<Record>] = [:]
            if caching { next.reserveCapacity(map.count) }
            for (index, key) in map.keys.sorted().enumerated() {
                if index > 0 { data.append(UInt8(ascii: ",")) }
                guard let record = map[key] else { continue }
                let bytes: Data
                if let hit = kept[key], hit.record == record {
                    bytes = hit.bytes
                } else {
                    var fresh = try encoder.encode(key)
                    fresh.append(UInt8(ascii: ":"))
                    fresh.append(try encoder.encode(record))
                    bytes = fresh
                }
                if caching { next[key] = EncodedRecords.Entry(record: record, bytes: bytes) }
                data.append(bytes)
            }
            data.append(contentsOf: "},".utf8)
            kept = next
        }
        var records = cache ?? EncodedRecords()
        try appendMap("feeds", state.feeds, &records.feeds)
        // Only while a host backs off, so a state without publishers' feeds keeps its bytes.
        if !state.hostHolds.isEmpty { try appendMap("hostHolds", state.hostHolds, &records.hostHolds) }
        // Only with the image cache, so a state without it keeps its bytes.
        if !state.imageCache.isEmpty { try appendMap("imageCache", state.imageCache, &records.imageCache) }
        try appendMap("images", state.images, &records.images)
        if let overCap = state.imagesOverCap {
            data.append(contentsOf: "\"imagesOverCap\":".utf8)
            data.append(try encoder.encode(overCap))
            data.append(UInt8(ascii: ","))
        }
        try appendMap("items", state.items, &records.items)
        if caching { cache = records }
        if let lost = state.ledgerLostAt {
            data.append(contentsOf: "\"ledgerLostAt\":".utf8)
            data.append(try encoder.encode(lost))
            data.append(UInt8(ascii: ","))
        }
        if let pause = state.pause {
            data.append(contentsOf: "\"pause\":".utf8)
            data.append(try encoder.encode(pause))
            data.append(UInt8(ascii: ","))
        }
        data.append(contentsOf: "\"requests\":".utf8)
        data.append(try encoder.encode(state.requests))
        data.append(contentsOf: ",\"version\":\(state.version)}".utf8)
        return data
    }

    /// The quota's ledger on its own.
    struct Ledger: Codable, Equatable {
        var version = BridgeState.currentVersion
        var requests: [RequestRecord]
        var pause: PauseRecord?
        var ledgerLostAt: Date?

        init(_ state: BridgeState) {
            requests = state.requests
            pause = state.pause
            ledgerLostAt = state.ledgerLostAt
        }

        func apply(to state: inout BridgeState) {
            state.requests = requests
            state.pause = pause
            state.ledgerLostAt = ledgerLostAt
        }
    }

    private enum Decoded<Value> {
        case missing
        case decoded(Value)
        case corrupt
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, at url: URL) throws(OutputError) -> Decoded<
        Value
    > {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        if isFolder.boolValue { throw .readFailed(path: path, reason: "is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            let code = access(path, R_OK) != 0 ? errno : EIO
            throw .readFailed(path: path, reason: SystemErrorText.reason(errno: code))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let header = try? decoder.decode(VersionHeader.self, from: data), header.version > BridgeState.currentVersion
        {
            throw .stateTooNew(path: path, version: header.version)
        }
        guard let value = try? decoder.decode(Value.self, from: data) else { return .corrupt }
        return .decoded(value)
    }

    /// Moves a corrupt file to `<name>.corrupt-<seconds>` (then `-2`, `-3`… within one second),
    /// never over an earlier one: `link` fails rather than replace. Returns the name it got.
    static func moveAside(_ url: URL, now: Date = Date()) throws(OutputError) -> String {
        let stamp = Int(now.timeIntervalSince1970)
        let base = "\(url.lastPathComponent).corrupt-\(stamp)"
        for attempt in 1...1000 {
            let name = attempt == 1 ? base : "\(base)-\(attempt)"
            let aside = url.deletingLastPathComponent().appending(path: name).path
            if link(url.path, aside) == 0 {
                unlink(url.path)
                return name
            }
            guard errno == EEXIST else {
                throw .writeFailed(
                    path: url.path, reason: "cannot move it aside: \(SystemErrorText.reason(errno: errno))")
            }
        }
        throw .writeFailed(path: url.path, reason: "cannot move it aside: 1000 corrupt copies in one second")
    }

    private struct VersionHeader: Decodable {
        var version: Int
    }
}

/// The JSON of each record of the last state written, by map and key, so the next write of a run encodes only the
/// records that changed (with 20,000 items, encoding every record each second was a fifth of a big build).
package struct EncodedRecords: Sendable {
    package struct Entry<Record: Sendable>: Sendable {
        var record: Record
        /// `"key":{…}`.
        var bytes: Data
    }

    package init() {}

    var feeds: [String: Entry<FeedRecord>] = [:]
    var hostHolds: [String: Entry<HostHoldRecord>] = [:]
    var imageCache: [String: Entry<CachedImageRecord>] = [:]
    var images: [String: Entry<ImageRecord>] = [:]
    var items: [String: Entry<ItemRecord>] = [:]
}
