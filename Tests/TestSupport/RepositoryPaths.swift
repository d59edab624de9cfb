import Foundation

/// Places in this package's checkout and build folder that tests read or write.
package enum RepositoryPaths {
    /// The package's root folder (this file is `Tests/TestSupport/RepositoryPaths.swift`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `README.md`.
    package static let readme = root.appending(path: "README.md")
    /// A file of `docs/`, e.g. `doc("commands.md")`.
    package static func doc(_ name: String) -> URL { root.appending(path: "docs/\(name)") }
    /// The fixtures' source folder, where golden files are recorded.
    package static let fixtures = root.appending(path: "Tests/TestSupport/Fixtures")
    /// `.build/screenshots/`, where the browser tests leave their screenshots.
    package static let screenshots = root.appending(path: ".build/screenshots")
    /// The bundle that holds the fixtures (`Fixtures/…` inside it).
    package static let fixtureBundle = Bundle.module
}
