import Foundation
import Testing

/// Golden files under `Fixtures/Feeds/`: rendered bytes compared with a committed file.
///
/// Set NEWSFEED_RECORD_GOLDEN=1 to rewrite them after an intended change, then review the diff by
/// eye against feed-rules.md before committing it.
package enum GoldenFile {
    package static func expectMatches(
        _ rendered: Data, name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let dot = try #require(name.lastIndex(of: "."))
        let base = String(name[..<dot])
        let ext = String(name[name.index(after: dot)...])
        if ProcessInfo.processInfo.environment["NEWSFEED_RECORD_GOLDEN"] == "1" {
            try rendered.write(to: RepositoryPaths.fixtures.appending(path: "Feeds/\(name)"))
            return
        }
        let golden = try #require(
            Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures/Feeds"),
            "no golden file \(name); record it with NEWSFEED_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
        let expected = try Data(contentsOf: golden)
        #expect(
            String(decoding: rendered, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(name)",
            sourceLocation: sourceLocation)
    }
}
