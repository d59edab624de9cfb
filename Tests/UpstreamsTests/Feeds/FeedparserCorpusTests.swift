import Foundation
import TestSupport
import Testing
import Upstreams

/// python feedparser's own test feeds, read in place from the shared folder (never copied into the tree). Thousands
/// of files are read on a thread of their own (``onOwnThread(_:)``): on the test pool's two threads they would hold
/// other suites' async work (loopback servers, deadlines) for seconds at the start of a whole run.
@Suite(.needsSharedData) struct FeedparserCorpusTests {
    static let folder = "corpora/feedparser-tests"
    let base = URL(string: "http://feedparser.example/feed") ?? URL(filePath: "/")

    func files(under relative: String) throws -> [URL] {
        let root = try SharedData.url("\(Self.folder)/\(relative)")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func noFileCrashesTheReader() async throws {
        let all = try files(under: "")
        #expect(all.count > 1000)
        let base = base
        let read = try await onOwnThread {
            var read = 0
            for file in all {
                let data = try Data(contentsOf: file)
                if (try? PublisherFeedReader.read(data, url: base)) != nil { read += 1 }
            }
            return read
        }
        #expect(read > all.count / 2)
    }

    /// Every well-formed RSS or Atom test file with an `<item>` or `<entry>` yields items.
    @Test(arguments: ["wellformed/rss", "wellformed/atom", "wellformed/atom10", "wellformed/rdf"])
    func wellFormedFeedsWithItemsYieldItems(folder: String) async throws {
        let files = try files(under: folder)
        let base = base
        let (checked, empty) = try await onOwnThread {
            var checked = 0
            var empty: [String] = []
            for file in files where file.pathExtension == "xml" {
                let data = try Data(contentsOf: file)
                let text = String(decoding: data, as: UTF8.self)
                guard text.contains("<item") || text.contains("<entry") else { continue }
                checked += 1
                let feed = try? PublisherFeedReader.read(data, url: base)
                if (feed?.items.count ?? 0) == 0 { empty.append(file.lastPathComponent) }
            }
            return (checked, empty)
        }
        #expect(checked > 0)
        #expect(empty.isEmpty, "no items from \(empty.count) of \(checked): \(empty.prefix(20))")
    }
}
