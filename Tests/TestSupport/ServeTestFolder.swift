import Foundation

/// A temporary folder to serve; ``with(_:)`` removes it when the body ends.
package final class ServeTestFolder: Sendable {
    package let url: URL
    package var path: String { url.path }

    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("newsfeed-serve-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Runs `body` with a fresh folder and removes the folder afterwards, so its
    /// lifetime never depends on when ARC releases it.
    package static func with<T>(_ body: (ServeTestFolder) async throws -> T) async throws -> T {
        let folder = try ServeTestFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        return try await body(folder)
    }

    /// Writes `contents` at `relativePath`, creating folders, by an atomic rename like `build` does.
    @discardableResult
    package func write(_ relativePath: String, _ contents: String) throws -> URL {
        try write(relativePath, Data(contents.utf8))
    }

    @discardableResult
    package func write(_ relativePath: String, _ data: Data) throws -> URL {
        let target = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: .atomic)
        return target
    }

    package func symlink(_ relativePath: String, to destination: String) throws {
        let link = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
    }
}
