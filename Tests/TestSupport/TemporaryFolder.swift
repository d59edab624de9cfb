import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
package final class TemporaryFolder: Sendable {
    package let url: URL

    package init(_ label: String = "newsfeed-test") {
        url = FileManager.default.temporaryDirectory.appending(path: "\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `name` inside the folder and returns its URL.
    @discardableResult
    package func write(_ text: String, to name: String) throws -> URL {
        let file = url.appending(path: name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Every file name below the folder, relative, sorted (dotfiles included).
    package func allFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appending(path: path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
