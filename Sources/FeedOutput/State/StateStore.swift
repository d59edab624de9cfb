import Foundation
import NewsModel

/// Loads and saves ``BridgeState`` as versioned JSON, written atomically.
///
/// Callers hold the output folder's ``OutputLock`` around a load-modify-save.
public struct StateStore: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// What loading found.
    public struct Loaded: Sendable {
        public var state: BridgeState
        /// Set when an unreadable state file was moved aside and a fresh state begun.
        public var warning: String?
    }

    /// The saved state; a fresh one when there is none yet. A corrupt file is moved
    /// aside (`state.json.corrupt-<time>`) rather than blocking every future build.
    public func load() throws(OutputError) -> Loaded {
        guard FileManager.default.fileExists(atPath: url.path) else {
            return Loaded(state: BridgeState(), warning: nil)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .readFailed(path: url.path, reason: SystemErrorText.reason(of: error))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let header = try? decoder.decode(VersionHeader.self, from: data), header.version > BridgeState.currentVersion
        {
            throw .stateTooNew(path: url.path, version: header.version)
        }
        do {
            return Loaded(state: try decoder.decode(BridgeState.self, from: data), warning: nil)
        } catch {
            let stamp = Int(Date().timeIntervalSince1970)
            let aside = url.deletingLastPathComponent().appending(path: "state.json.corrupt-\(stamp)")
            try? FileManager.default.moveItem(at: url, to: aside)
            return Loaded(
                state: BridgeState(),
                warning: "\(url.path): unreadable state moved to \(aside.lastPathComponent); starting afresh")
        }
    }

    /// Saves `state` atomically.
    public func save(_ state: BridgeState) throws(OutputError) {
        let data: Data
        do {
            data = try Self.encode(state)
        } catch {
            throw .writeFailed(path: url.path, reason: "cannot encode state: \(error)")
        }
        try AtomicFileWriter.write(data, to: url)
    }

    /// The state as compact JSON with sorted keys, encoded record by record: one
    /// JSONEncoder tree for ten thousand records would be the peak memory of a whole
    /// `watch` round (bench/watch).
    package static func encode(_ state: BridgeState) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        var data = Data("{".utf8)
        func appendMap<Record: Encodable>(_ name: String, _ map: [String: Record]) throws {
            data.append(contentsOf: "\"\(name)\":{".utf8)
            for (index, key) in map.keys.sorted().enumerated() {
                if index > 0 { data.append(UInt8(ascii: ",")) }
                data.append(try encoder.encode(key))
                data.append(UInt8(ascii: ":"))
                if let record = map[key] { data.append(try encoder.encode(record)) }
            }
            data.append(contentsOf: "},".utf8)
        }
        try appendMap("feeds", state.feeds)
        try appendMap("images", state.images)
        try appendMap("items", state.items)
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

    private struct VersionHeader: Decodable {
        var version: Int
    }
}
