import Foundation
import NewsModel

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the ``WebSubRegistry`` in `<output>/.newsfeed/websub.json`, written atomically, so subscriptions, leases
/// and pending deliveries survive restarts and a kill -9. A file that cannot be read is moved aside with one line
/// and a fresh registry begun, so the hub keeps working.
///
/// Writers (the hub, the distributor, `newsfeed websub remove`) load, change and save under ``lock``, so two
/// processes never lose each other's change; ``identity`` tells a running `serve` that another process wrote it.
public struct WebSubStore: Sendable {
    public let url: URL

    /// The store of the output folder whose state folder is `stateFolder`.
    public init(stateFolder: URL) {
        url = stateFolder.appending(path: Self.fileName)
    }

    /// `websub.json`.
    public static let fileName = "websub.json"

    /// What loading found.
    public struct Loaded: Sendable {
        public var registry: WebSubRegistry
        /// Set when an unreadable file was moved aside and a fresh registry begun.
        public var warning: String?

        public init(registry: WebSubRegistry, warning: String? = nil) {
            self.registry = registry
            self.warning = warning
        }
    }

    /// The saved registry, or an empty one when there is none; a corrupt file is moved aside
    /// (`websub.json.corrupt-<time>`) with one line in ``Loaded/warning``.
    public func load(now: Date = Date()) throws(OutputError) -> Loaded {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return Loaded(registry: WebSubRegistry())
        }
        if isFolder.boolValue { throw .readFailed(path: path, reason: "is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .readFailed(path: path, reason: "cannot be opened")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let registry = try? decoder.decode(WebSubRegistry.self, from: data) {
            if registry.version > WebSubRegistry.currentVersion {
                throw .stateTooNew(path: path, version: registry.version)
            }
            return Loaded(registry: registry)
        }
        let aside = try StateStore.moveAside(url, now: now)
        return Loaded(
            registry: WebSubRegistry(),
            warning: "\(path): unreadable WebSub subscriptions moved to \(aside); starting with none")
    }

    /// The registry as the file holds it, changing nothing (a corrupt file is left where it is): what `status`
    /// reads. Nil when the file cannot be read or decoded; an empty registry when there is none.
    public func peek() -> WebSubRegistry? {
        guard FileManager.default.fileExists(atPath: url.path) else { return WebSubRegistry() }
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(WebSubRegistry.self, from: data)
    }

    /// Saves `registry` atomically (a reader sees the old file or the new one, never half of one).
    public func save(_ registry: WebSubRegistry) throws(OutputError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(registry)
        } catch {
            throw .writeFailed(path: url.path, reason: "cannot encode the subscriptions")
        }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFileWriter.write(data, to: url)
    }

    /// Loads, lets `change` modify, and saves when it changed, holding the store's own lock file
    /// (`websub.lock`, never the output lock, so the hub never waits for a build); returns what `change` returned
    /// and the line of a file moved aside. Writers hold it for one load and save, so the blocking wait is short.
    ///
    /// `cached`, the registry a writer last read or wrote with the file's identity then, is used instead of
    /// reading the file again when the file is still that version (the hub, which writes it most).
    public func update<Result>(
        now: Date = Date(), cached: (identity: FileVersion, registry: WebSubRegistry)? = nil,
        _ change: (inout WebSubRegistry) -> Result
    ) throws(OutputError) -> (result: Result, registry: WebSubRegistry, warning: String?) {
        let (result, registry, warning, _) = try updateNoting(now: now, cached: cached, change)
        return (result, registry, warning)
    }

    /// ``update(now:cached:_:)``, also returning the file's identity as this update left it, taken under the lock
    /// (so it is this registry's version, not a later writer's).
    public func updateNoting<Result>(
        now: Date = Date(), cached: (identity: FileVersion, registry: WebSubRegistry)? = nil,
        _ change: (inout WebSubRegistry) -> Result
    ) throws(OutputError) -> (result: Result, registry: WebSubRegistry, warning: String?, identity: FileVersion?) {
        let lockPath = url.deletingLastPathComponent().appending(path: "websub.lock").path
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .lockFailed(path: lockPath, reason: SystemErrorText.reason(errno: errno))
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .lockFailed(path: lockPath, reason: SystemErrorText.reason(errno: errno))
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        let loaded: Loaded
        if let cached, identity == cached.identity {
            loaded = Loaded(registry: cached.registry)
        } else {
            loaded = try load(now: now)
        }
        var registry = loaded.registry
        let result = change(&registry)
        if registry != loaded.registry || loaded.warning != nil { try save(registry) }
        return (result, registry, loaded.warning, FileVersion.of(path: url.path))
    }

    /// The file's identity now (nil when absent): a change tells a running `serve` to read it again.
    public var identity: FileVersion? { FileVersion.of(path: url.path) }
}
